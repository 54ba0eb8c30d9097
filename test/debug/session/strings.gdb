# program: test/conformance/atomics/histogram.cu
# A kernel's unsigned char pointer: a frame line shows the string it points to without print's
# `(type) `, as gdb's frame lines show any pointer; print gives the type first; info args as the
# frame line.
break histogram
run
print in
print *in@4
print/x in[0]
info args
backtrace
