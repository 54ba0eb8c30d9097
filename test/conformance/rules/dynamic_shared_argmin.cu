// Dynamic shared memory (extern __shared__ with the third launch parameter) used as two
// arrays, values and indices, for a block-level argmin tree reduction; launched with several
// block sizes, a grid-stride load and a second kernel reducing the per-block results.
#include <stdio.h>

__global__ void blockArgmin(const float *in, int n, float *bestVal, int *bestIdx)
{
    extern __shared__ float smem[];
    float *vals = smem;
    int *idxs = (int *)&vals[blockDim.x];
    int t = threadIdx.x;
    float v = 1e30f; int vi = -1;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        if (in[i] < v || (in[i] == v && i < vi)) { v = in[i]; vi = i; }
    vals[t] = v; idxs[t] = vi;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) {
            float o = vals[t + s]; int oi = idxs[t + s];
            if (o < vals[t] || (o == vals[t] && oi >= 0 && (idxs[t] < 0 || oi < idxs[t]))) { vals[t] = o; idxs[t] = oi; }
        }
        __syncthreads();
    }
    if (t == 0) { bestVal[blockIdx.x] = vals[0]; bestIdx[blockIdx.x] = idxs[0]; }
}

__global__ void reverseBoth(int *a, float *b, int n)
{
    extern __shared__ int sh[];
    int *si = sh;
    float *sf = (float *)&sh[n];
    int t = threadIdx.x;
    si[t] = a[t]; sf[t] = b[t];
    __syncthreads();
    a[t] = si[n - 1 - t] * 10;
    b[t] = sf[n - 1 - t] + si[t];
}

int main()
{
    const int n = 1000;
    float h[n];
    for (int i = 0; i < n; i++) h[i] = (float)((i * 7919) % 1009) - 500.0f;
    float *din, *dv; int *di;
    cudaMalloc(&din, n * sizeof(float));
    cudaMalloc(&dv, 64 * sizeof(float));
    cudaMalloc(&di, 64 * sizeof(int));
    cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice);
    int blockSizes[4] = {32, 64, 128, 256};
    for (int k = 0; k < 4; k++) {
        int b = blockSizes[k], g = 5;
        size_t shm = b * (sizeof(float) + sizeof(int));
        blockArgmin<<<g, b, shm>>>(din, n, dv, di);
        blockArgmin<<<1, 32, 32 * 8>>>(dv, g, dv + 32, di + 32);
        float pv[5], fv; int pi[5], fi;
        cudaMemcpy(pv, dv, sizeof(pv), cudaMemcpyDeviceToHost);
        cudaMemcpy(pi, di, sizeof(pi), cudaMemcpyDeviceToHost);
        cudaMemcpy(&fv, dv + 32, sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(&fi, di + 32, sizeof(int), cudaMemcpyDeviceToHost);
        printf("block %3d shm %4d:", b, (int)shm);
        for (int j = 0; j < g; j++) printf(" (%g@%d)", pv[j], pi[j]);
        printf(" -> %g at block-slot %d = element %d\n", fv, fi, pi[fi]);
    }
    int ha[16]; float hb[16];
    for (int i = 0; i < 16; i++) { ha[i] = i; hb[i] = i * 0.5f; }
    int *da; float *db;
    cudaMalloc(&da, sizeof(ha)); cudaMalloc(&db, sizeof(hb));
    cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
    reverseBoth<<<1, 16, 16 * sizeof(int) + 16 * sizeof(float)>>>(da, db, 16);
    cudaMemcpy(ha, da, sizeof(ha), cudaMemcpyDeviceToHost);
    cudaMemcpy(hb, db, sizeof(hb), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 16; i++) printf("%d:%g ", ha[i], hb[i]);
    printf("\n%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
