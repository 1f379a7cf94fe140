package main

func a() int {
	return 1
}

func b(x int) int {
	if x > 0 {
		return 1
	}
	return 0
}
