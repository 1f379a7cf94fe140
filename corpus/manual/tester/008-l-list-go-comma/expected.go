package main

func f() {
	res := map[string]int{
		"a": 1, // one
	}
	_ = res
}
