2 3
ab1
dc.
