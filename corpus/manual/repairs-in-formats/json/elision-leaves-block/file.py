def a(x):
    y = x + 1
    return y * 2


def b(x):
    y = x - 1
    return y
