def f(x):
	if x:
		if x > 5:
			return 2
		return 1
	return 0
