def in_range(lo, x, hi):
    return (lo < x) < hi
