def f(xs):
    for x in xs:
        process(x)
    log(x)
    return xs
