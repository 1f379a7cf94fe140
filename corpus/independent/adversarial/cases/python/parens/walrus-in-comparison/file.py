if (n := len(a)) > 10:  # big
    warn(n)
