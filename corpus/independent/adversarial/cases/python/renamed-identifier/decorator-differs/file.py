@lru_cache
def f(x):
	return x * 2
