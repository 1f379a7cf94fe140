package main

func f(
	a int,
	b string, // bee
	c bool,
) {
}
