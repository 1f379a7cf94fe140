def f(ok):
    if ok:
        start("a")
    log("x")
    return ok
