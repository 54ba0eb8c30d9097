// Dynamic shared memory: arrays of several types carved from one extern buffer, and two
// extern declarations of different types in one kernel naming the same bytes.
#include <stdio.h>

__global__ void carve(float *fo, int *io, double *dout, int nf, int ni)
{
    extern __shared__ char buf[];
    double *ds = (double *)buf;              // doubles first keeps them 8-byte aligned
    float *fs = (float *)&ds[blockDim.x];
    int *is = (int *)&fs[nf];
    int t = threadIdx.x;
    ds[t] = t * 0.5;
    for (int i = t; i < nf; i += blockDim.x) fs[i] = i * 1.25f;
    for (int i = t; i < ni; i += blockDim.x) is[i] = i * i;
    __syncthreads();
    dout[t] = ds[blockDim.x - 1 - t];
    fo[t] = fs[nf - 1 - t];
    io[t] = is[ni - 1 - t];
}

__global__ void alias(unsigned *out)
{
    extern __shared__ float f[];
    extern __shared__ unsigned u[];
    f[threadIdx.x] = threadIdx.x + 0.5f;
    __syncthreads();
    out[threadIdx.x] = u[threadIdx.x];
}

template <typename T>
__global__ void typed(T *out)
{
    extern __shared__ unsigned char raw[];
    T *s = reinterpret_cast<T *>(raw);
    s[threadIdx.x] = (T)(threadIdx.x * 3);
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

int main()
{
    const int T = 32, nf = 40, ni = 50;
    float *fo; int *io; double *dout; unsigned *uo; short *so;
    cudaMalloc(&fo, T * sizeof(float)); cudaMalloc(&io, T * sizeof(int)); cudaMalloc(&dout, T * sizeof(double));
    cudaMalloc(&uo, T * sizeof(unsigned)); cudaMalloc(&so, T * sizeof(short));
    carve<<<1, T, T * sizeof(double) + nf * sizeof(float) + ni * sizeof(int)>>>(fo, io, dout, nf, ni);
    alias<<<1, T, T * sizeof(float)>>>(uo);
    typed<short><<<1, T, T * sizeof(short)>>>(so);
    float hf[T]; int hi[T]; double hd[T]; unsigned hu[T]; short hs[T];
    cudaMemcpy(hf, fo, sizeof(hf), cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, io, sizeof(hi), cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dout, sizeof(hd), cudaMemcpyDeviceToHost);
    cudaMemcpy(hu, uo, sizeof(hu), cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, so, sizeof(hs), cudaMemcpyDeviceToHost);
    for (int i = 0; i < T; i++) printf("%g %d %g %x %d\n", hf[i], hi[i], hd[i], hu[i], hs[i]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
