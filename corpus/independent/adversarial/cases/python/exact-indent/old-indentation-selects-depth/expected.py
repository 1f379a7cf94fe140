def f():
    if a:
        x = 1
        y = 3
    x = 1
    y = 2
