key = b"secret"  # raw
