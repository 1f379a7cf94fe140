package main

func main() {
	result := call(
		a,
		b, // second
		a,
	)
	_ = result
}
