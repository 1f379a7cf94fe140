package main

func f() (
	int, // n
	error,
) {
	return 0, nil
}
