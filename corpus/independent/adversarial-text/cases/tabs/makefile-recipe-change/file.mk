all:
	gcc -o a a.c
	echo done
