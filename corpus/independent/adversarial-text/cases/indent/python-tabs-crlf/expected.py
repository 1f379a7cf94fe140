def f(x):
	if x:
		return 1
	elif x is None:
		return -1
	return 0
