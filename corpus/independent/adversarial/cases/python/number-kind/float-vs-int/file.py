ratio = 1.0  # scale
