# program: test/conformance/seeds/reduce_shared.cu
# An extern __shared__ array (its size set at launch): its address is its offset in the block's
# shared window, in print, & and x alike, as cuda-gdb shows shared addresses.
break 18 if blockIdx.x == 2
run
print s_data
print &s_data[0]
print s_data[1]
whatis s_data
x/4fw s_data
x/4fw &s_data[0]
