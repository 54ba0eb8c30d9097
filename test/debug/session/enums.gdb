# program: test/conformance/rules/enum_types.cu
# Enum values print by enumerator, as gdb prints them: a 1-byte enum's (not as a character), a
# scoped enum's with its type (Color::Blue), a 64-bit enum's; frame lines show arguments alike.
# The program's enum names serve casts and sizeof; a value no enumerator has prints as a number.
# Enumerators evaluate by name: unscoped ones bare or qualified, scoped ones only qualified.
break pick
run
next
next
print v
print b
print c
info locals
info args
print sizeof(Small)
print (Color)6
print (Color)3
print sizeof(Big)
print B
print Small::A
print Big::Y
print c == Color::Blue
print Red
continue
