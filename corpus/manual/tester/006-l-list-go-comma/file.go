package main

func f() {
	call(a, // a
		b)
}
