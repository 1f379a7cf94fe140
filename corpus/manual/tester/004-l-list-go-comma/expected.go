package main

var p = Point{
	X: 1,
	Y: 2, /* why */
}
