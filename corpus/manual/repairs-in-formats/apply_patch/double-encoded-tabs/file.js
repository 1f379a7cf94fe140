function greet(name) {
	const msg = "hi " + name;
	return msg;
}
