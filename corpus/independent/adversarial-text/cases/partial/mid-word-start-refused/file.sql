SELECT a, b FROM t
	WHERE x = 1
