package main

func f() {
	if a { // x
		go1()
	}
}
