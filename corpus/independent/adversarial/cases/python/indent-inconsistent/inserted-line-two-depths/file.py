class A:
    def f(self):
        if a:
            b()
        c()
