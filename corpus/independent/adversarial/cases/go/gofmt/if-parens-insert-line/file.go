package main

func f(x int) {
	if x > 0 {
		run()
	}
}
