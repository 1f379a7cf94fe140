def f():
    return "x\ty"
