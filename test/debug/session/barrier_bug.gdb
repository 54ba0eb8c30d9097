# program: examples/avgfilter_barrier_bug.cu
# __syncthreads() inside a divergent if: with barrier breaks on, each warp's arrival stops the
# program with the threads that arrived listed and those that did not. At the barrier in the
# if, threads 0 and 255 never arrive, and the block deadlocks: a GPU hangs there, and the debugger
# stops as cuda-gdb does at the Ctrl-C that interrupts it, with the threads still at the barrier.
set cuda break_on_barrier on
info breakpoints
run
info cuda barriers
continue
info cuda warps
continue 6
continue
print i
print j
print Bds[1]@3
print Ads[0]@4
info cuda barriers
continue 7
info cuda barriers
info cuda warps
info cuda lanes
cuda thread (255,0,0)
print i
info cuda threads
info breakpoints
continue
info cuda barriers
