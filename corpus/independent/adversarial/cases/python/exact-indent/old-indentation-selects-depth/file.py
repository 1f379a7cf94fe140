def f():
    if a:
        x = 1
        y = 2
    x = 1
    y = 2
