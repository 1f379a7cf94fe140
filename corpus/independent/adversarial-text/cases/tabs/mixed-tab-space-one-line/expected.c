int f() {
	  a = 1;
	  b = 3;
	  c = 4;
}
