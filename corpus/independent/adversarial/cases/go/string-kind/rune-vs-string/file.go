package main

func f() {
	c := 'a' // first
	use(c)
}
