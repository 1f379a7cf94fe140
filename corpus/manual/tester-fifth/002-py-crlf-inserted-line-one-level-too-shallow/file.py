def build(items, flag=False):
    if flag:
        for i in items:
            if i > 10:
                big = True
            else:
                small = True
        result = flag
    return result
