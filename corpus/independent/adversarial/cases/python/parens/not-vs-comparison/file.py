if (not a) == b:  # flag
    go()
