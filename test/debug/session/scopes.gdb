# program: test/conformance/seeds/avgfilter_shadowed_i.cu
# A loop counter i that shadows the thread index i: inside the loop `print i` is the counter
# and `info locals` lists both (the inner block first), then the kernel's __shared__ arrays
# (Bds before Ads, as cuda-gdb 13 lists them on the H100); after the loop i is the thread index.
tbreak 25
run
print i
info locals
next
next
print i
print Bds[i]
print Bds[i-1]@3
info locals
break 27 if i == 10
continue
print i
print Ads[9]@3
print Bds[9]@3
delete
break 33
continue
print i
info locals
cuda thread (77,0,0)
print i
print A[i]
print Ads[i]
print Ads[47]@4
