# program: examples/matmul.cu
# args: 32
# Host code: start at main, next over host statements, kernel launches and copies; host locals
# (register and memory ones) before and after launches; a malloc'd float array printed as *M@4;
# device pointers cudaMalloc wrote into host locals; the value history ($, $N, $$N); until through a loop; advance; step into a host function
# and finish out of it (report(...) is a statement of its own: nothing of line 94 is left after
# the return, so it stops at line 96, as cuda-gdb 13 does on the H100); kill.
info locals
start
next
next
next
print bytes
next
info locals
print argc
print argv[1]
print *argv@argc
print Width
print bytes
print/x bytes
next
next
until
until
until
print i
print *M@4
print M[1] * M[3]
print *N@4
print $1
print $
print $$2
print $6 / $5
print $
info locals
advance 92
print Md
print Pd - Md
next
print P[0]@4
next
print P[0]@4
print P[Width]
print Width
print/x (int)bytes
step
info args
bt
finish
next
next
next
next
print P[0]@2
print P[Width*Width-1]
info frame
kill
info locals
