function f(obj) {
	const { a, ...rest } = obj;
	return { ...rest, b: a };
}
