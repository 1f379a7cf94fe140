def load(cache, key, s):
    cache[key] = value = parse(s)
    return value
