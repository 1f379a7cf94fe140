def f(a):
	if a:
		x = load()
		return x
	x = load()
	return x
