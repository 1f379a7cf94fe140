with (a, b) as c:
    pass
