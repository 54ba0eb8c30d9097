# program: test/sanitizer/sync_divergent.cu
# synccheck in the debugger: the even threads of each warp reach __syncthreads at line 7 and the odd
# ones do not; the program stops where each warp's barrier diverges, with compute-sanitizer's
# report of every thread that arrived (the H100 reports threads 0, 2, ..., 62 of block (0,0,0),
# test/sanitizer/sync_divergent.synccheck.txt). reverse-continue goes back to the first stop, and
# `next` from there runs into the second warp's.
set cuda synccheck on
run
continue
reverse-continue
next
info cuda sanitizer
continue
