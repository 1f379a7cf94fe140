package main

func f() {
	if a || // first
		b {
		return
	}
}
