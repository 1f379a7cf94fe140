def f():
    x = 'He said "hi"'
    return x
