def f(a):
    if a:
        return None
    return None
