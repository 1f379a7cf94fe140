package main

func f() {
	p := `C:\new` // path
	use(p)
}
