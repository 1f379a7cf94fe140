def f():
    retry_count = 0
    return retry_count
