class A:
    def f(self):
        try:
            a()
        except E:
            b()
        return 1
