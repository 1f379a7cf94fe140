limit = 1e3  # cap
