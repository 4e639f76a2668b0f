ab1
d.c
