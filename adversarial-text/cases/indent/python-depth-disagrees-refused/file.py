if a:
    b()
    c()
