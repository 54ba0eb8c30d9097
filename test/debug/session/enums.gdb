# program: test/conformance/rules/enum_types.cu
# Enum values print by enumerator, as gdb prints them: a 1-byte enum's (not as a character), a
# scoped enum's with its type (Color::Blue), a 64-bit enum's; frame lines show arguments alike.
break pick
run
next
next
print v
print b
print c
info locals
info args
continue
