// Every atomic on global and shared memory, with results that do not depend on the order the
// hardware serves the threads (sums, min/max, bit operations, inc/dec wrap-around, CAS loops).
#include <stdio.h>

#define T 256

struct Results {
    int i_add, i_sub, i_min, i_max, i_and, i_or, i_xor, i_cas_count;
    unsigned u_add, u_min, u_max, u_inc, u_dec, u_exch_seen;
    unsigned long long ull_add, ull_min, ull_max, ull_and, ull_or, ull_xor, ull_cas;
    long long ll_min, ll_max;
    float f_add; double d_add;
    int s_add, s_max, s_min; unsigned s_inc, s_or; float s_fadd; double s_dadd; unsigned long long s_ulladd;
};

__device__ double atomicMulDouble(double *addr, double v)
{
    unsigned long long *p = (unsigned long long *)addr, old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(__longlong_as_double(assumed) * v));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void global_ops(Results *r, unsigned *exch_old, double *prod)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&r->i_add, t);
    atomicSub(&r->i_sub, t);
    atomicMin(&r->i_min, 1000 - t);
    atomicMax(&r->i_max, t - 1000);
    atomicAnd(&r->i_and, ~(1 << (t % 31)));
    atomicOr(&r->i_or, 1 << (t % 29));
    atomicXor(&r->i_xor, t * 2654435761u);
    int old = atomicCAS(&r->i_cas_count, 0, t + 1);
    (void)old;
    atomicAdd(&r->u_add, 4000000000u / T);
    atomicMin(&r->u_min, 0x80000000u + t);
    atomicMax(&r->u_max, 0x7fffff00u + t);
    atomicInc(&r->u_inc, 100);
    atomicDec(&r->u_dec, 50);
    exch_old[t] = atomicExch(&r->u_exch_seen, t + 1);
    atomicAdd(&r->ull_add, 0x100000000ull + t);
    atomicMin(&r->ull_min, 0xffffffff00000000ull - t);
    atomicMax(&r->ull_max, (unsigned long long)t << 40);
    atomicAnd(&r->ull_and, ~(1ull << (t % 64)) | 1ull);
    atomicOr(&r->ull_or, 1ull << (t % 61));
    atomicXor(&r->ull_xor, (unsigned long long)t * 0x9e3779b97f4a7c15ull);
    unsigned long long a = r->ull_cas, b;
    do { b = a; a = atomicCAS(&r->ull_cas, b, b + t); } while (a != b);
    atomicMin(&r->ll_min, -(long long)t * 1000000000ll);
    atomicMax(&r->ll_max, (long long)t * 1000000000ll);
    atomicAdd(&r->f_add, 0.25f);
    atomicAdd(&r->d_add, 0.125);
    if (t < 10) atomicMulDouble(prod, 2.0);
}

__global__ void shared_ops(Results *r)
{
    __shared__ int s_add, s_max, s_min;
    __shared__ unsigned s_inc, s_or;
    __shared__ float s_fadd;
    __shared__ double s_dadd;
    __shared__ unsigned long long s_ulladd;
    int t = threadIdx.x;
    if (t == 0) { s_add = 0; s_max = -1; s_min = 1 << 30; s_inc = 0; s_or = 0; s_fadd = 0; s_dadd = 0; s_ulladd = 0; }
    __syncthreads();
    atomicAdd(&s_add, t);
    atomicMax(&s_max, t % 77);
    atomicMin(&s_min, t + 5);
    atomicInc(&s_inc, 9);
    atomicOr(&s_or, 1u << (t % 32));
    atomicAdd(&s_fadd, 1.5f);
    atomicAdd(&s_dadd, 0.5);
    atomicAdd(&s_ulladd, 1ull << 33);
    __syncthreads();
    if (t == 0) {
        r->s_add = s_add; r->s_max = s_max; r->s_min = s_min; r->s_inc = s_inc; r->s_or = s_or;
        r->s_fadd = s_fadd; r->s_dadd = s_dadd; r->s_ulladd = s_ulladd;
    }
}

int main()
{
    Results h = {};
    h.i_min = 1 << 30; h.i_max = -(1 << 30); h.i_and = -1; h.u_min = 0xffffffffu; h.u_dec = 7;
    h.ull_min = ~0ull; h.ull_and = ~0ull; h.ll_min = 0; h.ll_max = 0;
    Results *d; unsigned *exch; double *prod, one = 1.0;
    cudaMalloc(&d, sizeof(Results));
    cudaMalloc(&exch, T * sizeof(unsigned));
    cudaMalloc(&prod, sizeof(double));
    cudaMemcpy(d, &h, sizeof(h), cudaMemcpyHostToDevice);
    cudaMemcpy(prod, &one, sizeof(double), cudaMemcpyHostToDevice);
    global_ops<<<T / 64, 64>>>(d, exch, prod);
    shared_ops<<<1, 200>>>(d);
    cudaMemcpy(&h, d, sizeof(h), cudaMemcpyDeviceToHost);
    unsigned he[T]; double p;
    cudaMemcpy(he, exch, sizeof(he), cudaMemcpyDeviceToHost);
    cudaMemcpy(&p, prod, sizeof(double), cudaMemcpyDeviceToHost);
    printf("int: add %d sub %d min %d max %d and %x or %x xor %x cas-nonzero %d\n",
           h.i_add, h.i_sub, h.i_min, h.i_max, h.i_and, h.i_or, h.i_xor, h.i_cas_count != 0);
    printf("unsigned: add %u min %x max %x inc %u dec %u\n", h.u_add, h.u_min, h.u_max, h.u_inc, h.u_dec);
    // The olds returned by atomicExch plus the final value are each of 0..T exactly once.
    static int seen[T + 1];
    for (int i = 0; i < T; i++) seen[he[i]]++;
    seen[h.u_exch_seen]++;
    int perm = 1;
    for (int i = 0; i <= T; i++) perm &= seen[i] == 1;
    printf("exch: olds and final form a permutation: %d\n", perm);
    printf("ull: add %llx min %llx max %llx and %llx or %llx xor %llx cas-sum %llu\n",
           h.ull_add, h.ull_min, h.ull_max, h.ull_and, h.ull_or, h.ull_xor, h.ull_cas);
    printf("ll: min %lld max %lld\n", h.ll_min, h.ll_max);
    printf("float add %.9g double add %.17g cas-mul %.17g\n", h.f_add, h.d_add, p);
    printf("shared: add %d max %d min %d inc %u or %x fadd %.9g dadd %.17g ulladd %llx\n",
           h.s_add, h.s_max, h.s_min, h.s_inc, h.s_or, h.s_fadd, h.s_dadd, h.s_ulladd);
    return 0;
}
