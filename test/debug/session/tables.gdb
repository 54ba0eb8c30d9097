# program: test/conformance/seeds/avgfilter_global_manyblocks.cu
# cuda-gdb's info cuda tables at a stop in block (1,0,0), laid out as cuda-gdb 13 lays them out on
# an H100 (columns as wide as their widest cell, a space after each): the device and its SMs,
# the kernel, its running blocks (block 0 has exited) and threads, the focused warp and its lanes;
# the tables narrowed by filters (a block, the threads at a breakpoint whose condition holds, a
# lane of every warp, the focus's SM, a kernel) and cuda-gdb's messages for no option and a bad
# filter; then after a divergent `next`, lane 7 left behind at line 26.
info cuda devices
break 26 if threadIdx.x == 3 && blockIdx.x == 1
run
info cuda devices
info cuda sms
info cuda kernels
info cuda launch trace
info cuda blocks
info cuda warps
info cuda lanes
info cuda threads
info cuda
info cuda threads block (1,0,0)
info cuda threads breakpoint all
info cuda lanes lane 7
info cuda warps sm current
info cuda blocks kernel 0
info cuda threads foo
next
info cuda lanes
info cuda threads
