msg = f"hello {name}"  # greet
