package billing

import "fmt"

type Line struct {
	Name  string
	Price int
	Qty   int
}

func Total(lines []Line) int {
	sum := 0
	for _, l := range lines {
		sum += l.Price * l.Qty
	}
	fmt.Println("total", sum)
	return sum
}

func Sample() []Line {
	return []Line{
		{Name: "a", Price: 1, Qty: 2},
		{Name: "b", Price: 3, Qty: 4},
	}
}
