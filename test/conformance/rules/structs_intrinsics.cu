// Structs passed by value and returned, unions, pointer arithmetic across casts, a static local
// in a __device__ function, __constant__ and __device__ variables, CUDA's integer intrinsics,
// and host libm and integer corner cases.
#include <stdio.h>
#include <math.h>
#include <stdint.h>
struct Pair { int a; float b; };
struct Box { Pair p[2]; char tag; double d; };
union Pun { float f; unsigned u; unsigned char b[4]; };
__device__ Pair make(int i) { Pair p = {i, i * 0.5f}; return p; }
__device__ int counter() { static int calls = 0; return ++calls; }
__device__ int gval = 7;
__constant__ int ctab[4] = {10, 20, 30, 40};
__global__ void k(Box bx, int *out, float *fo)
{
    int t = threadIdx.x;
    Pair q = make(t);
    Box local = bx;
    local.p[1].a += t;
    union Pun u; u.f = -1.5f + t;
    out[t * 8 + 0] = q.a + local.p[1].a + local.tag;
    out[t * 8 + 1] = (int)u.u;
    out[t * 8 + 2] = u.b[3];
    out[t * 8 + 3] = __popc(0xF0F0u >> t) + __clz(1 << t) + __ffs(1 << (t + 1));
    out[t * 8 + 4] = (int)__brev(t + 1) ^ __byte_perm(0x12345678, 0x9abcdef0, 0x3210 + t);
    out[t * 8 + 5] = __mul24(t - 3, 1 << 20) + (int)__umulhi(0xffffffffu, t + 2) + __sad(t, 5, 1);
    out[t * 8 + 6] = ctab[t % 4] + gval + __funnelshift_l(0x80000001u, 0x1u, t);
    int *ip = &out[t * 8]; char *cp = (char *)ip;
    out[t * 8 + 7] = (int)((char *)(ip + 3) - cp) + (int)(ip + 2 - ip);
    fo[t * 3 + 0] = local.d * q.b;
    fo[t * 3 + 1] = fmodf(-7.5f + t, 2.0f) + truncf(-2.7f) + rintf(2.5f) + roundf(-2.5f);
    fo[t * 3 + 2] = (float)(int8_t)(200 + t) + (float)(uint16_t)(-t) + (float)(t == 0 ? counter() : 0);
}

__global__ void ints(const int *v, unsigned *out)
{
    int t = threadIdx.x;
    int a = v[t], b = v[(t + 3) % 8];
    unsigned ua = (unsigned)a, ub = (unsigned)b;
    out[t * 10 + 0] = __funnelshift_l(ua, ub, t * 9);
    out[t * 10 + 1] = __funnelshift_lc(ua, ub, t * 9);
    out[t * 10 + 2] = __funnelshift_r(ua, ub, t * 9);
    out[t * 10 + 3] = __funnelshift_rc(ua, ub, t * 9);
    out[t * 10 + 4] = (unsigned)__hadd(a, b);
    out[t * 10 + 5] = (unsigned)__rhadd(a, b);
    out[t * 10 + 6] = __uhadd(ua, ub);
    out[t * 10 + 7] = __urhadd(ua, ub);
    out[t * 10 + 8] = __usad(ua, ub, 7u) ^ __sad(a, b, 3u);
    out[t * 10 + 9] = __byte_perm(ua, ub, 0x7531u + t * 0x1111u);
}

int main()
{
    Box bx = {{{1, 2.0f}, {3, 4.0f}}, 'z', 1.25};
    int *d; float *df;
    cudaMalloc(&d, 4 * 8 * sizeof(int)); cudaMalloc(&df, 4 * 3 * sizeof(float));
    k<<<1, 4>>>(bx, d, df);
    int h[32]; float hf[12];
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, df, sizeof(hf), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; i++) printf("%d%c", h[i], i % 8 == 7 ? '\n' : ' ');
    for (int i = 0; i < 12; i++) printf("%.6f%c", hf[i], i % 3 == 2 ? '\n' : ' ');
    printf("host %.17g %.17g %.17g %.17g %.17g\n", sin(1e22), exp(-745.1), pow(2.0, 0.5), log1p(1e-17), cbrt(-27.0));
    printf("host %.9g %.9g %.9g %.9g %.1f %.1f\n", sinf(100.0f), expf(10.5f), powf(1.0001f, 10000.0f), tanhf(0.3f), round(-2.5), rint(2.5));
    printf("host %d %d %d %u %d\n", -7 / 2, -7 % 2, 7 % -2, (unsigned)-1 >> 28, (int)(signed char)200);
    printf("sizes %d %d %d %d %d %d %d\n", (int)sizeof(Box), (int)sizeof(Pun), (int)sizeof(size_t), (int)sizeof(float4), (int)sizeof(double2), (int)sizeof(int3), (int)sizeof(dim3));
    int hv[8] = {0, 1, -1, 2147483647, -2147483647 - 1, 123456789, -98765, 65535};
    int *dv; unsigned *du; unsigned hu[80];
    cudaMalloc(&dv, sizeof(hv)); cudaMalloc(&du, sizeof(hu));
    cudaMemcpy(dv, hv, sizeof(hv), cudaMemcpyHostToDevice);
    ints<<<1, 8>>>(dv, du);
    cudaMemcpy(hu, du, sizeof(hu), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 80; i++) printf("%08x%c", hu[i], i % 10 == 9 ? '\n' : ' ');
    return 0;
}
