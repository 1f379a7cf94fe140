package main

func f(p **T) int {
	v := (*p).x // deref
	return v
}
