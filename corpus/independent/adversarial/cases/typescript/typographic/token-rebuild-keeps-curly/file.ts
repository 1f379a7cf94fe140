function f() {
	const msg = "Hello – world"; // greet “all”
}
