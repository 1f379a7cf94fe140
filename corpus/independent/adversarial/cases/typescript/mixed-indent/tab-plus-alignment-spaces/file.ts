function f(a: number, b: number) {
	const x = compute(a,
	                  b);
	return x;
}
