package main

func f() {
	if b || // first
		a {
		return
	}
}
