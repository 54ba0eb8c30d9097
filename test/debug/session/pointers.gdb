# program: test/conformance/rules/language_features.cu
# Pointer types as cuda-gdb 13 prints them: a kernel's pointer parameters, local pointers,
# pointers to pointers and to structs, the addresses of parameters and locals, pointer
# arithmetic, casts, a device function's pointer parameter, and host pointers in main.
break 23
break 60
break 82
run
print p
whatis p
info args
up
print arr
print &arr[1]
down
print p[1]
print *p@5
finish
continue
print iout
whatis iout
ptype iout
print iout + 1
print &iout[2]
print *iout@3
print &iout
print p
whatis p
print *p
print &m[1][2]
print pp
whatis pp
print *pp
print pp2
whatis pp2
print *pp2
ptype pp2
ptype Particle
whatis struct Particle
ptype vec2
ptype union Bits
print pp2->pos
print &pp2->pos
print &t
whatis t
whatis arr
whatis m
whatis m[1]
whatis *p
whatis ps[0]
whatis pp2->pos
whatis iout[0]
print &p
whatis &p
print pp2 + 1
print iout - 1
whatis &m[1][2]
print &ps[0]
print (@global int *) iout
print (int *) iout
print (float *) 0
print q - p
print sizeof(iout)
print &fout[1]
x/4dw iout
print (long) iout
output iout
echo \n
info args
delete 1
delete 2
continue
print di
whatis di
print &di
print &hi[1]
print names[0]
