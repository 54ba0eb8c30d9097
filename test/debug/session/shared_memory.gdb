# program: examples/matmul.cu
# The tiled kernel's shared tiles between barriers, with 8 warps a block: what the first warp has
# loaded when it reaches __syncthreads, `next` over the barrier (the other warps run up to it
# meanwhile), the whole tile after it; print formats, ARRAY@N slices, x over a tile and over a
# raw shared address, display and undisplay; whatis of a __shared__ tile names its space.
tbreak 44
run
info cuda warps
print tx
print ty
print Row
print Col
print Mds[0]
print Mds[1][0]@4
print Mds[2][0]@4
print Md[Row*Width]@4
next
info cuda warps
print Mds[2][0]@4
print Mds[15]
print Nds[0][0]@16
print/x Mds[0][0]@4
print/d Mds[0][1]
print/x Row + 10
print/t Col + 5
print/c 65
x/8fw &Mds[1][0]
x/4dw (@shared int *) 0
x/2x &Mds[0][1]
x/4fw Mds[1]
print &Mds[1][0]
whatis Mds
print *&Mds[1][1]
print sizeof(Mds)
print sizeof(Mds[0])
display k
display Pvalue
next
display/x Row
next
next
next
next
info display
undisplay 1
next
cuda thread (5,2,0)
print Pvalue
print Mds[ty][0] * Nds[0][tx] + Mds[ty][1] * Nds[1][tx]
undisplay
info display
