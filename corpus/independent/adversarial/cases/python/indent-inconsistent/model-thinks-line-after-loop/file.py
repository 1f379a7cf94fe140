def f(xs):
    for x in xs:
        a(x)
        b(x)
    return 1
