def f(a, b):
    g((a, b))
