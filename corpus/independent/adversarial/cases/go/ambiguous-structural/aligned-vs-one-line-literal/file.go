package main

var a = Config{
	Name:    "x",
	Retries: 3,
}

var b = Config{
	Name: "x", Retries: 3,
}
