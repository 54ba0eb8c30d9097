# program: test/sanitizer/oob_global.cu
# memcheck in the debugger, as cuda-gdb's `set cuda memcheck on`: thread (100,0,0) of block (0,0,0)
# reads in[100] at line 6, 1 byte after the 400-byte allocation (the H100's report,
# test/sanitizer/oob_global.memcheck.txt), and the program stops at that access, focused on that
# thread, with compute-sanitizer's report. The launch then fails: the host's CUDA calls return
# cudaErrorLaunchFailure, which `info cuda sanitizer` lists without stopping the program there.
info cuda sanitizer
set cuda memcheck on
break 16
run
info cuda sanitizer
continue
print i
print n
print in[i - 1]
backtrace
info cuda sanitizer
continue
info cuda sanitizer
