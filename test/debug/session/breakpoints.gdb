# program: examples/avgfilter.cu
# Stepping through a kernel (next, stepi, step, until, and `step lane` for a thread that skips
# an if), then line breakpoints in its loop hit after hit; a `for` line stops once per entry
# into the loop, not once per iteration; conditions, temporary breakpoints, `continue N`,
# disable/enable/delete, the table with its hit counts, and $bpnum (the number of the last one
# set, kept after delete).
info breakpoints
tbreak AverageShared
info breakpoints
run
info args
info breakpoints
next
stepi
step
next
until
next
print i
step lane
break avgfilter.cu:27
continue
print i
print j
info breakpoints
break 25
break 27 if j == 2 && iters == 3
disable 2
info breakpoints
continue
print iters
print j
continue
print iters
continue
print iters
disable 3
continue
print iters
print j
print i
delete 3 4
enable 2
continue
print iters
print j
continue 3
print iters
print j
info breakpoints
delete 9
disable 9
delete
info breakpoints
print $bpnum
continue
