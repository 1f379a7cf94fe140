package main

func f(ok bool) {
	if ok {
		start()
		done()
	}
}
