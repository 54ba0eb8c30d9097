# program: test/ui/programs/fault.cu
# A kernel fault without memcheck stops as cuda-gdb stops at a CUDA exception: thread (37,0,0) of
# block (1,0,0) (warp 1, lane 5) stores far past its allocation at line 11, and the program stops
# before that statement, focused on that thread, with CUDA_EXCEPTION_14. Its state is the one before
# the store; time travel goes back from there, a breakpoint on the faulting statement stops first
# and the exception follows it, and continuing runs on as the program does: the launch failed and
# cudaDeviceSynchronize returns the error.
run
print i
print p
info locals
info cuda kernels
info cuda threads
reverse-step
print i
break 11 if i == 101
continue
continue
continue
