function f() {
	if (x) {
		go();
		stop();
	}
}
