def f(items):
    for x in items:
        if x:
            total = compute(x, "a")
        save(total)
