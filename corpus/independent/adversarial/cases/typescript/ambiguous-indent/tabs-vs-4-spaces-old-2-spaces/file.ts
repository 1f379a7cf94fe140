function a() {
    if (ready) {
        start();
    }
}

function b() {
	if (ready) {
		start();
	}
}
