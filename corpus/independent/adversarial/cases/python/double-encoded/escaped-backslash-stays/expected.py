def f():
    return "x\ty\n"
