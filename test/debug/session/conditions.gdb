# program: examples/avgfilter.cu
# `condition N EXPR` added to a breakpoint after it was set: it stops only where the condition
# holds; a syntax error leaves the old condition; `condition N` makes it unconditional again;
# errors for a missing number, a bad one, a watchpoint and a barrier breakpoint.
condition
condition 1 i == 3
break avgfilter.cu:27
condition x i == 3
condition 1 i ==
condition 1 i == 3 && j == 1
info breakpoints
run
print i
print j
condition 1 i == 5
continue
print i
print j
condition 1
info breakpoints
condition 1
continue
print i
break __syncthreads
condition 2 i == 1
watch Ads[3]
condition 3 i == 1
delete
continue
