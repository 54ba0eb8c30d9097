// Bit intrinsics in the small algorithms students write with them: population counts and
// parity, integer log2 and next power of two with __clz, lowest set bit with __ffs, bit-reversal
// permutation with __brev, byte swaps and selections with __byte_perm, rotations with
// __funnelshift_l/r (wrapping and clamping), the 64-bit forms, and the high halves of products.
#include <stdio.h>

__global__ void bits(const unsigned *in, unsigned *out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    unsigned x = in[t];
    unsigned *o = out + t * 16;
    o[0] = __popc(x);
    o[1] = __popc(x) & 1;                                  // parity
    o[2] = x ? 31 - __clz(x) : 0xffffffffu;                // floor(log2 x)
    o[3] = x <= 1 ? 1 : 1u << (32 - __clz(x - 1));         // next power of two (0 past 2^31)
    o[4] = __ffs(x);
    o[5] = __ffs((int)x) ? x & (0u - x) : 0;               // lowest set bit
    o[6] = __brev(x);
    o[7] = __brev(t) >> (32 - 4);                          // bit-reversal permutation of 16
    o[8] = __byte_perm(x, 0, 0x0123);                      // byte swap
    o[9] = __byte_perm(x, 0xA1B2C3D4u, 0x7531);
    o[10] = __byte_perm(x, 0, 0x8888 | 0x1230);            // selector bit 3 set: sign replicate
    o[11] = __funnelshift_l(x, x, t);                      // rotate left by t % 32
    o[12] = __funnelshift_r(x, x, t + 3);
    o[13] = __funnelshift_lc(x, 0x80000001u, t + 20);      // clamps at 32
    o[14] = __funnelshift_rc(0x12345678u, x, t + 20);
    o[15] = __clz((int)x) + 100 * __clz(0);
}

__global__ void bits64(const unsigned long long *in, long long *out, int n)
{
    int t = threadIdx.x;
    if (t >= n) return;
    unsigned long long x = in[t];
    long long *o = out + t * 8;
    o[0] = __popcll(x);
    o[1] = __clzll((long long)x);
    o[2] = __ffsll((long long)x);
    o[3] = (long long)__brevll(x);
    o[4] = (long long)__umul64hi(x, 0x9E3779B97F4A7C15ull);
    o[5] = __mul64hi((long long)x, -7);
    o[6] = __mulhi((int)x, (int)(x >> 32));
    o[7] = __umulhi((unsigned)x, 0xFFFFFFFFu);
}

int main()
{
    const int n = 12;
    unsigned h[n] = {0u, 1u, 2u, 3u, 0x80000000u, 0xffffffffu, 0x12345678u, 0x00F0F000u,
                     1000u, 0x7fffffffu, 0x80000001u, 0xDEADBEEFu};
    unsigned *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, n * 16 * sizeof(unsigned));
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    bits<<<3, 5>>>(d_in, d_out, n);
    unsigned r[n * 16];
    cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);
    for (int t = 0; t < n; t++) {
        unsigned *o = r + t * 16;
        printf("x=%08x popc=%u par=%u log2=%d np2=%u ffs=%u low=%08x brev=%08x perm=%u\n", h[t], o[0], o[1], (int)o[2],
               o[3], o[4], o[5], o[6], o[7]);
        printf("   swap=%08x sel=%08x sign=%08x rotl=%08x rotr=%08x lc=%08x rc=%08x clz=%u\n", o[8], o[9], o[10], o[11],
               o[12], o[13], o[14], o[15]);
    }

    const int m = 6;
    unsigned long long h64[m] = {0ull, 1ull, 0x8000000000000000ull, 0xffffffffffffffffull, 0x0123456789ABCDEFull,
                                 0x00000000FFFFFFFFull};
    unsigned long long *d64;
    long long *o64;
    cudaMalloc(&d64, sizeof h64);
    cudaMalloc(&o64, m * 8 * sizeof(long long));
    cudaMemcpy(d64, h64, sizeof h64, cudaMemcpyHostToDevice);
    bits64<<<1, 8>>>(d64, o64, m);
    long long r64[m * 8];
    cudaMemcpy(r64, o64, sizeof r64, cudaMemcpyDeviceToHost);
    for (int t = 0; t < m; t++) {
        long long *o = r64 + t * 8;
        printf("x=%016llx popc=%lld clz=%lld ffs=%lld brev=%016llx umulhi=%016llx mulhi=%lld mulhi32=%lld umulhi32=%lld\n",
               h64[t], o[0], o[1], o[2], (unsigned long long)o[3], (unsigned long long)o[4], o[5], o[6], o[7]);
    }
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
