// C++ that students use in kernels without classes: namespaces, constexpr constants and
// functions, auto, static_cast/reinterpret_cast, enum class, using-aliases, brace assignment
// and brace returns of structs, const references, bool arrays, and sizeof of a local array.
// (A host function-pointer table was left out: Warpscope supports functions only in calls.)
#include <stdio.h>

namespace cfg {
constexpr int TILE = 8;
__host__ __device__ constexpr int cube(int x) { return x * x * x; }
}
enum class Op : int { Add = 1, Mul = 2, Neg = 4 };
using real = float;
struct Pt { int x, y; };

__host__ __device__ Pt shift(const Pt &p, int d) { return {p.x + d, p.y - d}; }
__device__ real apply(Op op, real a, real b)
{
    switch (op) {
    case Op::Add: return a + b;
    case Op::Mul: return a * b;
    default: return -a;
    }
}

__global__ void kern(int *io, real *fo)
{
    int t = threadIdx.x;
    __shared__ bool flag[cfg::TILE];
    flag[t] = (t % 3) == 0;
    __syncthreads();
    Pt p;
    p = {t, 2 * t};
    p = shift(p, cfg::cube(2));
    auto sum = p.x + p.y;
    int local[5] = {1, 2, 3};
    Op op = static_cast<Op>(1 << (t % 3));
    io[t * 4 + 0] = sum;
    io[t * 4 + 1] = (int)sizeof(local) + local[t % 5] * (flag[(t + 1) % cfg::TILE] ? 100 : 1);
    io[t * 4 + 2] = static_cast<int>(op);
    io[t * 4 + 3] = *reinterpret_cast<const int *>(&fo[t]);
    fo[t] = apply(op, static_cast<real>(t) / 4, 1.5f);
}

int twice(int x) { return 2 * x; }
int negate(int x) { return -x; }

int main()
{
    int io[cfg::TILE * 4];
    real fo[cfg::TILE];
    for (int i = 0; i < cfg::TILE; i++) fo[i] = 1.0f + i;
    int *dio; real *dfo;
    cudaMalloc(&dio, sizeof(io)); cudaMalloc(&dfo, sizeof(fo));
    cudaMemcpy(dfo, fo, sizeof(fo), cudaMemcpyHostToDevice);
    kern<<<1, cfg::TILE>>>(dio, dfo);
    cudaMemcpy(io, dio, sizeof(io), cudaMemcpyDeviceToHost);
    cudaMemcpy(fo, dfo, sizeof(fo), cudaMemcpyDeviceToHost);
    for (int t = 0; t < cfg::TILE; t++)
        printf("t%d: sum %d local %d op %d bits %08x f %g\n", t, io[t * 4], io[t * 4 + 1], io[t * 4 + 2], io[t * 4 + 3], fo[t]);
    Pt q = shift({1, 2}, 3);
    printf("fn %d %d, q (%d,%d), cube %d, Op::Neg %d\n", twice(21), negate(5), q.x, q.y, cfg::cube(3), (int)Op::Neg);
    return 0;
}
