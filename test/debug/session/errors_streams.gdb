# program: test/conformance/seeds/events_timing.cu
# Bad input gets gdb's one-line answers and the session goes on: commands that need a running
# program, unknown commands and symbols, bad locations, focus and frame numbers, syntax errors.
# Then info streams and info events as a stream program records events, a restart, and the
# commands after the program has exited.
next
continue
print x
info locals
backtrace
x/4x 0
info cuda kernels
cuda thread (1,0,0)
frobnicate
break nosuch
break 999
break nofile.cu:12
delete 7
tbreak 25
run
print nosuch
print n +
print (
print 1 +* 2
print n / 0
print sizeof(struct nosuch)
print *(int *) 0
x/2x 0
ptype n
whatis x
ptype start_evnt
whatis 1.5f / 2
set var n = 3
return
jump 20
call main()
info bogus
info cuda warps
cuda thread (1,0,0)
frame 3
up
down
finish
reverse-finish
until nosuch
info events
info streams
next
next
info events
info streams
break 8 if i == 300
continue
info cuda kernels
print x[i]
cuda block (2,0,0) thread (7,0,0)
print i
cuda block (300,0,0)
cuda thread (256,0,0)
delete
next
next
print x[300]
run
info events
continue
next
print x
info locals
quit
print n
