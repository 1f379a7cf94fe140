fn f() {
	let a = one();
	let b = two();
}
