// Templates and functors as a course introduces them: a transform kernel templated on a functor
// type (structs with a __device__ operator()), a functor holding state, a block reduction
// templated on the element type and the operation (functors with overloaded operator()), a vector struct with overloaded operators,
// overloads chosen by argument type, and a non-type parameter driving an unrolled loop.
#include <stdio.h>

struct Square {
    __device__ float operator()(float x) const { return x * x; }
};

struct Affine {
    float a, b;
    __device__ float operator()(float x) const { return a * x + b; }
};

struct Clamp {
    int lo, hi;
    __device__ int operator()(int x) const { return x < lo ? lo : (x > hi ? hi : x); }
};

template <typename T, typename F>
__global__ void transform(const T *in, T *out, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f(in[i]);
}

struct Add {
    __device__ int operator()(int a, int b) const { return a + b; }
    __device__ float operator()(float a, float b) const { return a + b; }
};

struct Max {
    __device__ int operator()(int a, int b) const { return a > b ? a : b; }
    __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

template <typename T, typename Op, int BLOCK>
__global__ void reduce(const T *in, T *out, int n, T identity)
{
    __shared__ T s[BLOCK];
    Op op;
    T v = identity;
    for (int i = threadIdx.x; i < n; i += BLOCK) v = op(v, in[i]);
    s[threadIdx.x] = v;
    __syncthreads();
    for (int k = BLOCK / 2; k > 0; k /= 2) {
        if (threadIdx.x < k) s[threadIdx.x] = op(s[threadIdx.x], s[threadIdx.x + k]);
        __syncthreads();
    }
    if (threadIdx.x == 0) *out = s[0];
}

struct Vec3 {
    float x, y, z;
    __host__ __device__ Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
    __host__ __device__ Vec3 operator*(float s) const { return {x * s, y * s, z * s}; }
    __host__ __device__ Vec3 &operator+=(const Vec3 &o) { x += o.x; y += o.y; z += o.z; return *this; }
    __host__ __device__ float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

__host__ __device__ Vec3 cross(const Vec3 &a, const Vec3 &b)
{
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

__global__ void vectors(const Vec3 *v, Vec3 *out, float *dots, int n)
{
    int i = threadIdx.x;
    if (i >= n) return;
    Vec3 acc = {0, 0, 0};
    for (int k = 0; k <= i; k++) acc += v[k] * 0.5f;
    out[i] = cross(acc, v[i]) + v[(i + 1) % n];
    dots[i] = acc.dot(v[i]);
}

__device__ const char *typeName(float) { return "float"; }
__device__ const char *typeName(int) { return "int"; }
__device__ const char *typeName(double) { return "double"; }

template <int N> __device__ int sumPowers(int x)
{
    int s = 0, p = 1;
#pragma unroll
    for (int i = 0; i < N; i++) { p *= x; s += p; }
    return s;
}

__global__ void specialised()
{
    printf("%s %s %s %d %d\n", typeName(1), typeName(1.0), typeName(1.0f), sumPowers<3>(3), sumPowers<5>(-2));
}

int main()
{
    const int n = 300;
    float hf[n], of[n];
    int hi[n], oi[n];
    for (int i = 0; i < n; i++) { hf[i] = (i - 150) * 0.25f; hi[i] = (i * 37) % 201 - 100; }
    float *df, *dof;
    int *di, *doi;
    cudaMalloc(&df, sizeof hf); cudaMalloc(&dof, sizeof hf);
    cudaMalloc(&di, sizeof hi); cudaMalloc(&doi, sizeof hi);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);

    transform<<<3, 128>>>(df, dof, n, Square());
    cudaMemcpy(of, dof, sizeof of, cudaMemcpyDeviceToHost);
    printf("square: %g %g %g\n", of[0], of[151], of[299]);
    transform<<<3, 128>>>(df, dof, n, Affine{-2.0f, 0.75f});
    cudaMemcpy(of, dof, sizeof of, cudaMemcpyDeviceToHost);
    printf("affine: %g %g %g\n", of[0], of[151], of[299]);
    Clamp c = {-10, 25};
    transform<<<3, 128>>>(di, doi, n, c);
    cudaMemcpy(oi, doi, sizeof oi, cudaMemcpyDeviceToHost);
    int clamped = 0;
    for (int i = 0; i < n; i++) clamped += oi[i] == -10 || oi[i] == 25;
    printf("clamp: %d %d %d, %d at the limits\n", oi[0], oi[1], oi[2], clamped);

    int ri;
    float rf;
    int *dri;
    float *drf;
    cudaMalloc(&dri, sizeof ri); cudaMalloc(&drf, sizeof rf);
    reduce<int, Add, 64><<<1, 64>>>(di, dri, n, 0);
    cudaMemcpy(&ri, dri, sizeof ri, cudaMemcpyDeviceToHost);
    printf("sum int %d\n", ri);
    reduce<int, Max, 128><<<1, 128>>>(di, dri, n, -1000000);
    cudaMemcpy(&ri, dri, sizeof ri, cudaMemcpyDeviceToHost);
    printf("max int %d\n", ri);
    reduce<float, Add, 32><<<1, 32>>>(df, drf, n, 0.0f);
    cudaMemcpy(&rf, drf, sizeof rf, cudaMemcpyDeviceToHost);
    printf("sum float %g\n", rf);

    const int m = 5;
    Vec3 hv[m] = {{1, 2, 3}, {-1, 0.5f, 2}, {0, 0, 1}, {3, -2, 0.25f}, {1, 1, 1}}, ov[m];
    float dots[m];
    Vec3 *dv, *dov;
    float *ddots;
    cudaMalloc(&dv, sizeof hv); cudaMalloc(&dov, sizeof hv); cudaMalloc(&ddots, sizeof dots);
    cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
    vectors<<<1, 32>>>(dv, dov, ddots, m);
    cudaMemcpy(ov, dov, sizeof ov, cudaMemcpyDeviceToHost);
    cudaMemcpy(dots, ddots, sizeof dots, cudaMemcpyDeviceToHost);
    for (int i = 0; i < m; i++) printf("v%d: (%g, %g, %g) dot %g\n", i, ov[i].x, ov[i].y, ov[i].z, dots[i]);
    Vec3 hsum = hv[0] + hv[1] * 2.0f;
    printf("host: (%g, %g, %g) %g\n", hsum.x, hsum.y, hsum.z, cross(hv[0], hv[1]).dot(hv[2]));
    specialised<<<1, 1>>>();
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
