int main() {
	int a = 1;
	a++;
	return a;
}
