fn f() {
	let b = two();
	let a = one();
}
