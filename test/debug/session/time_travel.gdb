# program: examples/avgfilter.cu
# Time travel over a recorded run: reverse-continue lands on the previous stop with the values
# it had then; reverse-step/reverse-next, goto a step; watchpoints on a shared cell and on a
# global cell (-location: it outlives the kernel frame whose parameter names it) with their old
# and new values, forwards and backwards; a shared cell's history
# and the write that gave it its current value.
break 27 if iters == 3
run
print j
print Bds[5]
continue
print j
print Bds[5]
continue
print j
print Bds[5]
reverse-continue
print j
print Bds[5]
reverse-continue
print j
print Bds[5]
print iters
reverse-next
reverse-next
reverse-step
info line
next
next
info line
goto 623
print iters
goto 99999999
goto x
goto 627
print i
print Ads[5]
delete
cuda thread (5,0,0)
watch Ads[5]
continue
continue
print j
continue
history Ads[5]
info writers Ads[5]
reverse-continue
print j
print Ads[5]
reverse-step
print Bds[5]
delete
watch -l out[5]
history out[5]
continue
print Ads[5]@2
continue
continue
reverse-continue
info breakpoints
