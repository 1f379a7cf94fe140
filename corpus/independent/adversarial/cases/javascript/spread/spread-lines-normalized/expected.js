function f(obj) {
	const { a, ...rest } = obj;
	return { ...rest, c: a };
}
