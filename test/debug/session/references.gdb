# program: test/conformance/rules/language_features.cu
# A reference parameter prints as gdb prints one, type then the object's address and value; in
# expressions it is the object itself (arithmetic, address-of), and frame lines show it too.
break incr
run
print r
print r + 1
print &r
print/x r
whatis r
info args
backtrace
cuda thread (3,0,0)
print r
next
print r
finish
print r
