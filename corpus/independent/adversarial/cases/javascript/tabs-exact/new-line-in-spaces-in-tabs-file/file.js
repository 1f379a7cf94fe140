function f() {
	if (x) {
		go();
	}
}
