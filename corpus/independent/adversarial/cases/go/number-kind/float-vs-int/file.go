package main

func f() {
	x := 1.0 // f
	use(x)
}
