function f(sum: number) {
	const total = sum;
	return totalCount;
}
