class A:
    def f(self):
        try:
            a()
        except E:
            b()
        finally:
            c()
        return 1
