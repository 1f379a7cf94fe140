def f():
    x = "It's"
    return x
