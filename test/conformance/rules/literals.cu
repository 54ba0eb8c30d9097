// Floating literals whose decimal value lies exactly halfway between two floats, and other
// hard literals: how nvcc's front end rounds them, on the host and in a kernel.
#include <stdio.h>
#include <string.h>

static unsigned bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }

__global__ void dev(unsigned *out)
{
    float v[10] = {16777217.0f, 16777219.0f, 33554434.0f, 1.00000005960464477539062500f, 1.00000017881393432617187500f,
                   0.1f, 3.4028235e38f, 1e-45f, 7.0064923216240862e-46f, 0x1.000001p0f};
    for (int i = 0; i < 10; i++) out[i] = __float_as_uint(v[i]);
    double w = 9007199254740993.0;
    out[10] = (unsigned)(__double_as_longlong(w) & 0xffffffffu);
}

int main()
{
    float v[10] = {16777217.0f, 16777219.0f, 33554434.0f, 1.00000005960464477539062500f, 1.00000017881393432617187500f,
                   0.1f, 3.4028235e38f, 1e-45f, 7.0064923216240862e-46f, 0x1.000001p0f};
    unsigned *d, h[11];
    cudaMalloc((void **)&d, sizeof(h));
    dev<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 10; i++) printf("literal %d: host %08x %.9g  device %08x\n", i, bits(v[i]), v[i], h[i]);
    double w = 9007199254740993.0;
    unsigned long long wb;
    memcpy(&wb, &w, 8);
    printf("double 2^53+1: host %016llx device low word %08x\n", wb, h[10]);
    float x = 16777217;          // int constant converted at compile time
    int i = 16777217;
    float y = i;                 // converted at run time
    printf("int 16777217 -> float: constant %.9g run time %.9g\n", x, y);
    return 0;
}
