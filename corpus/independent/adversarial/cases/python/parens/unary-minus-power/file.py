y = (-x) ** 2  # square
