package main

func f() {
	switch x {
	case 1, // one
		2:
	}
}
