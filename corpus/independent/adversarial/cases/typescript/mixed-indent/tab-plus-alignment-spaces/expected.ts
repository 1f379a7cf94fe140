function f(a: number, b: number) {
	const x = compute(a,
	                  c);
	return x;
}
