package main

func f() int { // n
	return 0, nil
}
