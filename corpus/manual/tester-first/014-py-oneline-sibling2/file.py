def lookup(table, key):
    if key in table:
        log("hit", key)
        return table[key]
    log(key)
    return None
