def first():
    pass


def second():
    return 1
