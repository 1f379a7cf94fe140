package main

func f() {
	p := `C:\old` // path
	use(p)
}
