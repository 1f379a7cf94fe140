all:
	gcc -o a a.c
	strip a
	echo done
