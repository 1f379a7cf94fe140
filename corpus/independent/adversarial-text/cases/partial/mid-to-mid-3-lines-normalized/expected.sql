SELECT a, b FROM t2
	WHERE x = 1
	AND y = 3 ORDER BY a;
