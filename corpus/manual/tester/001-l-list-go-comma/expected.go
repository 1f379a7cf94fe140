package main

func main() {
	result := call(
		a,
		b, // second
	)
	_ = result
}
