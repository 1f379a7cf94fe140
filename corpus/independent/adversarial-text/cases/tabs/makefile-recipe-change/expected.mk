all:
	gcc -O2 -o a a.c
	echo done
