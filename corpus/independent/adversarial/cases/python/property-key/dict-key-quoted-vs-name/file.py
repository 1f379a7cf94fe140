d = {"name": 1}  # map
