SELECT a, b FROM t
	WHERE x = 1
	AND y = 2 ORDER BY a;
