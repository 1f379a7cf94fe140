def f():
    x = 1,  # tuple
    return x
