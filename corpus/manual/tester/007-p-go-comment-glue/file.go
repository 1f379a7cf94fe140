package main

func f() {
	if a && // x
		b {
		go1()
	}
}
