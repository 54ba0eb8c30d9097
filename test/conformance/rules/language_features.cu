// C/C++ features in device code: recursion, function templates (type and non-type
// parameters), structs and typedefs, struct copy and arrays of structs, enums, multi-dim
// arrays, pointer arithmetic and pointer differences, pointers to pointers, unions, sizeof,
// const, static __device__ functions, default arguments, references, function overloading.
#include <stdio.h>

typedef struct { float x, y; } vec2;
struct Particle { int id; vec2 pos; char tag; double mass; };
typedef unsigned int uint;
enum Color { RED, GREEN = 5, BLUE, ALPHA = -2 };
union Bits { float f; unsigned u; };

__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }
__device__ int ackermann(int m, int n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

template <typename T> __device__ T maxOf(T a, T b) { return a > b ? a : b; }
template <typename T, int N> __device__ T sumArr(const T *p) { T s = 0; for (int i = 0; i < N; i++) s += p[i]; return s; }
template <int N> __global__ void templated(int *out) { out[threadIdx.x] = N * threadIdx.x; }

__device__ int scale(int v, int k = 3) { return v * k; }
__device__ float twice(float v) { return 2 * v; }
__device__ int twice(int v) { return 3 * v; }   // overload: different on purpose
__device__ void incr(int &r) { r += 100; }
static __device__ vec2 add(vec2 a, vec2 b) { vec2 r = {a.x + b.x, a.y + b.y}; return r; }

__global__ void features(int *iout, float *fout)
{
    int t = threadIdx.x;
    int k = 0;
    iout[t * 16 + k++] = fact(t + 1);
    iout[t * 16 + k++] = fib(t + 5);
    iout[t * 16 + k++] = ackermann(2, t);
    iout[t * 16 + k++] = maxOf<int>(t, 2);
    int arr[5] = {t, t + 1, t + 2, t + 3, t + 4};
    iout[t * 16 + k++] = sumArr<int, 5>(arr);
    iout[t * 16 + k++] = scale(t) + scale(t, 10);
    iout[t * 16 + k++] = twice(t);
    int r = t; incr(r);
    iout[t * 16 + k++] = r;
    int m[3][4];
    for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) m[i][j] = i * 10 + j + t;
    int *p = &m[0][0];
    iout[t * 16 + k++] = *(p + 7) + m[2][3];                  // m[1][3] + m[2][3]
    int *q = &m[2][1];
    iout[t * 16 + k++] = (int)(q - p);                         // 9
    int **pp = &p; (*pp)++;
    iout[t * 16 + k++] = **pp;                                 // m[0][1]
    enum Color c = (enum Color)(t % 3 == 0 ? RED : t % 3 == 1 ? GREEN : BLUE);
    iout[t * 16 + k++] = c + ALPHA;
    struct Particle ps[2];
    ps[0].id = t; ps[0].pos.x = 1.5f * t; ps[0].pos.y = -t; ps[0].tag = 'a' + t; ps[0].mass = 0.5 * t;
    ps[1] = ps[0]; ps[1].id += 100;
    struct Particle *pp2 = ps + 1;
    iout[t * 16 + k++] = pp2->id + (int)sizeof(struct Particle) * 1000;
    iout[t * 16 + k++] = pp2->tag;
    union Bits b; b.f = (float)t + 0.5f;
    iout[t * 16 + k++] = (int)(b.u >> 16);
    uint uu = (uint)-t;
    iout[t * 16 + k++] = (int)(uu % 1000u);
    vec2 v = add(ps[1].pos, ps[0].pos);
    fout[t * 4 + 0] = v.x; fout[t * 4 + 1] = v.y;
    fout[t * 4 + 2] = maxOf(1.25f, (float)t / 4); fout[t * 4 + 3] = twice((float)t + 0.25f);
}

int main()
{
    const int T = 6;
    int hi[T * 16]; float hf[T * 4]; int ht[T];
    int *di, *dt; float *df;
    cudaMalloc((void **)&di, sizeof(hi));
    cudaMalloc((void **)&df, sizeof(hf));
    cudaMalloc((void **)&dt, sizeof(ht));
    features<<<1, T>>>(di, df);
    templated<7><<<1, T>>>(dt);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, df, sizeof(hf), cudaMemcpyDeviceToHost);
    cudaMemcpy(ht, dt, sizeof(ht), cudaMemcpyDeviceToHost);
    const char *names[16] = {"fact", "fib", "ack(2,t)", "maxOf", "sumArr", "scale", "twice(int)", "incr",
                             "m[1][3]+m[2][3]", "q-p", "**pp", "enum", "struct", "tag", "union>>16", "(uint)-t%1000"};
    for (int t = 0; t < T; t++) {
        printf("t=%d:", t);
        for (int k = 0; k < 16; k++) printf(" %s=%d", names[k], hi[t * 16 + k]);
        printf(" | vec=(%g,%g) maxf=%g twicef=%g templated<7>=%d\n", hf[t * 4], hf[t * 4 + 1], hf[t * 4 + 2],
               hf[t * 4 + 3], ht[t]);
    }
    printf("host sizeof: vec2=%zu Particle=%zu Color=%zu Bits=%zu\n", sizeof(vec2), sizeof(struct Particle),
           sizeof(enum Color), sizeof(union Bits));
    printf("status: %s\n", cudaGetErrorName(e));
    return 0;
}
