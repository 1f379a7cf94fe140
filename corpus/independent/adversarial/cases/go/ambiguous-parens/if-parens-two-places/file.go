package main

func a(x int) {
	if (x > 0) {
		run()
	}
}

func b(x int) {
	if x > 0 {
		run()
	}
}
