function f(alpha: number, beta: number) {
	result = recompute(alpha, beta);
	log(result);
}
