r = a / (b * c)  # rate
