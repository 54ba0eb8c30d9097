// 64-bit integer arithmetic on host and device from one __host__ __device__ function: products
// that overflow 32 bits, mixed int/long long promotions, signed division and modulo of
// negatives, unsigned long long wraparound, shifts up to 63, int64 min/max corners, and the
// 64-bit device intrinsics (__popcll, __clzll, __ffsll, __brevll, __mul64hi, __umul64hi).
#include <stdio.h>
#include <stdint.h>
#include <limits.h>

__host__ __device__ void compute(long long *o, long long a, int b)
{
    int k = 0;
    int big = 100000;
    o[k++] = big * big;                       // int overflow (wraps on both)
    o[k++] = (long long)big * big;
    o[k++] = a * b;
    o[k++] = a / b;
    o[k++] = a % b;
    o[k++] = -a / 7;
    o[k++] = -a % 7;
    o[k++] = (a * 3) >> 5;
    o[k++] = (-a) >> 3;
    o[k++] = (long long)((unsigned long long)a << 40);
    unsigned long long u = 0;
    u -= 1;
    o[k++] = (long long)(u / 3);
    o[k++] = (long long)(u * u);
    o[k++] = (long long)(18446744073709551615ull + (unsigned long long)b);
    o[k++] = LLONG_MIN / 2 + LLONG_MIN % 3;
    o[k++] = (long long)((unsigned long long)LLONG_MAX + (b < 0));
    o[k++] = (long long)(unsigned)(-b);
    o[k++] = (long long)(int64_t)(uint32_t)0xdeadbeef * 3;
    o[k++] = (long long)((uint64_t)a * 0x9e3779b97f4a7c15ull);
    o[k++] = (1ll << 62) / (a + 1);
    o[k++] = a > 0xffffffffu;
    o[k++] = -1 < 0u;
    o[k++] = -1ll < 0u;
    o[k++] = (long long)(size_t)-1 == -1;
}

__global__ void kernel(long long *o, long long a, int b, unsigned long long *bits)
{
    compute(o, a, b);
    unsigned long long x = (unsigned long long)a * 0x100000001ull;
    bits[0] = __popcll(x);
    bits[1] = __clzll(x);
    bits[2] = __ffsll((long long)x);
    bits[3] = __brevll(x);
    bits[4] = (unsigned long long)__mul64hi(-a, a * 1000000007ll);
    bits[5] = __umul64hi(x, 0xfedcba9876543210ull);
    bits[6] = __clzll(0ull) + __ffsll(0ll) * 100;
}

int main()
{
    const int N = 23;
    long long host[N], dev[N], *d;
    unsigned long long bits[7], *db;
    cudaMalloc(&d, sizeof(dev));
    cudaMalloc(&db, sizeof(bits));
    long long as[2] = {123456789012345ll, 98765};
    int bs[2] = {-1000003, 7};
    for (int c = 0; c < 2; c++) {
        compute(host, as[c], bs[c]);
        kernel<<<1, 1>>>(d, as[c], bs[c], db);
        cudaMemcpy(dev, d, sizeof(dev), cudaMemcpyDeviceToHost);
        cudaMemcpy(bits, db, sizeof(bits), cudaMemcpyDeviceToHost);
        for (int i = 0; i < N; i++)
            printf("case %d [%2d] host %lld dev %lld%s\n", c, i, host[i], dev[i], host[i] == dev[i] ? "" : " DIFF");
        printf("bits: %llu %llu %llu %016llx %lld %llx %llu\n", bits[0], bits[1], bits[2], bits[3], (long long)bits[4], bits[5], bits[6]);
        printf("%lld %llx %llo %ld %lu\n", as[c] * bs[c], (unsigned long long)(as[c] * bs[c]), (unsigned long long)as[c], (long)as[c], (unsigned long)-as[c]);
    }
    return 0;
}
