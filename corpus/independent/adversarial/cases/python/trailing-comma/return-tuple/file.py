def f():
    return 1,  # tuple
