# program: test/conformance/rules/language_features.cu
# Device functions: a conditional breakpoint deep in a recursion and its backtrace (each frame
# with its own arguments), frame selection, step into a call (a new frame header, also for the
# second call of the same line), finish ("Run till exit", stopping as the frame returns: in the
# caller's frame of a recursion, in the middle of the calling line; from a frame selected with up,
# that frame's return; the store of the call's result has not happened yet, and history names
# its line; a watchpoint set there stops after the store, and backwards just before it, inside the
# line), next over a call,
# reverse-step back into a callee and reverse-finish out of it. A declaration copying a struct
# from a call is one stop: a breakpoint there is hit once, next goes on to the next line and
# reverse-next back to the line's start, step enters the call. reverse-next from a kernel's first
# line goes back to the host statement that launched it.
break fact if n == 1 && threadIdx.x == 3
run
backtrace
info args
up
info args
up 2
print n
frame 4
print t
info locals
down
frame
up 9
frame 7
frame 0
down
finish
print n
finish
print n
up
finish
info writers iout[t * 16]
history iout[t * 16]
watch iout[t * 16]
continue
reverse-continue
print iout[t * 16]
delete
break 42
continue
cuda thread (3,0,0)
step
info args
bt
step
info args
finish
print k
info cuda lanes
step
step
finish
next
next
print r
reverse-step
info args
print r
print &r
reverse-finish
print r
next
next
info locals
until
until
advance 60
print *pp2
print pp2->pos
print ps[0].tag
finish
break 66
continue
next
reverse-next
info line
step
delete
break features
reverse-continue
reverse-next
next
