class A:
    def f(self):
        """Do it.

        Really.
        """
        return 1
