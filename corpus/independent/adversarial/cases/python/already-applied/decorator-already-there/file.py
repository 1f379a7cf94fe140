import functools


@functools.cache
def f(x):
    return x * 2
