// The five transposes of lecture 003 on a 2048x2048 float matrix, each timed with CUDA events
// (best of 5 runs after a warm-up) and reported as effective bandwidth: 2 * bytes / time, as the
// notes compute it for their Tesla K80 table. `npm run bench` runs this in Warpscope for each
// device preset and prints the modelled figures beside the notes' K80 figures and an H100 run.
#include <stdio.h>
#include <stdlib.h>

#define N 2048
#define TILE_SIZE 16
#define ELEMS 2

__global__ void transpose1(int rows, int cols, float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int j = 0; j < cols; ++j) out[i*rows+j] = in[j*cols+i];
}

__global__ void transpose2(int rows, int cols, float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    out[i*rows+j] = in[j*cols+i];
}

__global__ void transpose3(int rows, int cols, float *in, float *out) {
    __shared__ float tile[TILE_SIZE][TILE_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[j*cols+i];
    __syncthreads();
    i = blockIdx.y * blockDim.y + threadIdx.x;
    j = blockIdx.x * blockDim.x + threadIdx.y;
    out[j*rows+i] = tile[threadIdx.x][threadIdx.y];
}

__global__ void transpose4(int rows, int cols, float *in, float *out) {
    __shared__ float tile[TILE_SIZE][TILE_SIZE+1];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[j*cols+i];
    __syncthreads();
    i = blockIdx.y * blockDim.y + threadIdx.x;
    j = blockIdx.x * blockDim.x + threadIdx.y;
    out[j*rows+i] = tile[threadIdx.x][threadIdx.y];
}

__global__ void transpose5(int rows, int cols, float *in, float *out) {
    __shared__ float tile[TILE_SIZE][TILE_SIZE+1];
    int i = blockIdx.x * TILE_SIZE + threadIdx.x;
    int j = blockIdx.y * TILE_SIZE + threadIdx.y;
    for (int e = 0; e < ELEMS; e++)
        tile[threadIdx.y + e * (TILE_SIZE / ELEMS)][threadIdx.x] = in[(j + e * (TILE_SIZE / ELEMS))*cols+i];
    __syncthreads();
    i = blockIdx.y * TILE_SIZE + threadIdx.x;
    j = blockIdx.x * TILE_SIZE + threadIdx.y;
    for (int e = 0; e < ELEMS; e++)
        out[(j + e * (TILE_SIZE / ELEMS))*rows+i] = tile[threadIdx.x][threadIdx.y + e * (TILE_SIZE / ELEMS)];
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    size_t bytes = (size_t)N * N * sizeof(float);
    float *h = (float *)malloc(bytes), *d_in, *d_out;
    for (int k = 0; k < N * N; k++) h[k] = (float)k;
    cudaMalloc(&d_in, bytes);
    cudaMalloc(&d_out, bytes);
    cudaMemcpy(d_in, h, bytes, cudaMemcpyHostToDevice);
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    const char *names[5] = {"transpose1", "transpose2 (2D)", "transpose3 (coalesced)", "transpose4 (no bank conf)", "transpose5 (multiple elem)"};
    for (int t = 0; t < 5; t++) {
        float best = 1e30f;
        for (int r = 0; r <= reps; r++) {
            cudaEventRecord(a);
            switch (t) {
            case 0: transpose1<<<N / 64, 64>>>(N, N, d_in, d_out); break;
            case 1: transpose2<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(N, N, d_in, d_out); break;
            case 2: transpose3<<<dim3(N / TILE_SIZE, N / TILE_SIZE), dim3(TILE_SIZE, TILE_SIZE)>>>(N, N, d_in, d_out); break;
            case 3: transpose4<<<dim3(N / TILE_SIZE, N / TILE_SIZE), dim3(TILE_SIZE, TILE_SIZE)>>>(N, N, d_in, d_out); break;
            default: transpose5<<<dim3(N / TILE_SIZE, N / TILE_SIZE), dim3(TILE_SIZE, TILE_SIZE / ELEMS)>>>(N, N, d_in, d_out); break;
            }
            cudaEventRecord(b);
            cudaEventSynchronize(b);
            float ms;
            cudaEventElapsedTime(&ms, a, b);
            if (r > 0 && ms < best) best = ms;
        }
        float probe;
        cudaMemcpy(&probe, d_out + 1, sizeof(float), cudaMemcpyDeviceToHost);
        printf("%-28s %8.3f ms %8.2f GB/s  out[0][1]=%g\n", names[t], best, 2.0 * bytes / best / 1e6, probe);
    }
    return 0;
}
