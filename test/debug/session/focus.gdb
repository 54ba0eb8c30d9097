# program: test/conformance/seeds/avgfilter_global_manyblocks.cu
# options: --scheduler round-robin
# Two blocks of 8 threads whose warps take turns (round-robin): a breakpoint conditional on
# thread and block indices, the focus queries, switching to a thread of the other block and
# back, a divergent if seen lane by lane, the info cuda tables, focus errors, and `next` off the
# end of the kernel (the host goes on).
cuda thread
break 26 if threadIdx.x == 3 && blockIdx.x == 1
run
cuda thread
cuda block thread
cuda kernel block thread
cuda device sm warp lane
print i
print blockIdx
print threadIdx
print blockDim.x * blockIdx.x + threadIdx.x
print A[i-1]@3
print B[i]
info cuda kernels
info cuda blocks
info cuda threads
cuda block (0,0,0) thread (2,0,0)
print i
print B[i]
cuda block (1,0,0) thread (2,0,0)
print i
cuda thread (7,0,0)
print i
next
info cuda lanes
info cuda warps
print B[i]
cuda thread (6,0,0)
print i
print B[i]
cuda block (2,0,0)
cuda thread (8,0,0)
cuda kernel 7
cuda warp 1
cuda lane 40
cuda bogus 3
cuda block (1,0,0) thread (2,0,0) lane
cuda block thread
delete
next
info cuda kernels
cuda thread
break Average2
continue
info cuda kernels
cuda block thread
print i
print A
print B[5]@3
