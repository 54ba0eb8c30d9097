import { describe, expect, it } from 'vitest';
import { checkOk, fn } from './helpers.js';

// Programs from the lecture notes (/work/shared/seeds), completed with a host main where they need one.

const avgFilter = `
#define IMUL(a, b) __mul24(a, b)
#define ARR_WIDTH          16
#define NUM_ITERS          4
#define NUM_BLOCKS         2
#define THREADS_PER_BLOCK (ARR_WIDTH/NUM_BLOCKS) + 2*NUM_ITERS
__global__ void kernel_avg_filter(float* x, int arrLen) {
    const int tid = IMUL(blockDim.x, blockIdx.x) + threadIdx.x;
    const int bid = blockIdx.x;
    const int local_tid = threadIdx.x;
    const int threadN = IMUL(blockDim.x, gridDim.x);
    float temp;
    int i;
    int arr_id;
    int work_per_block;
    __shared__ float xsm[THREADS_PER_BLOCK];
    work_per_block = (arrLen / NUM_BLOCKS);
    arr_id = bid * work_per_block + (local_tid - NUM_ITERS);
    if(tid >= NUM_ITERS && tid < (threadN-NUM_ITERS)) {
        xsm[local_tid] = x[arr_id];
    }
    __syncthreads();
    for(i = 0; i < NUM_ITERS; i++) {
        if (local_tid > 0 && local_tid < THREADS_PER_BLOCK-1) {
            temp = (xsm[local_tid - 1] + xsm[local_tid] + xsm[local_tid + 1]) / 3;
        }
        __syncthreads();
        if (local_tid > 0 && local_tid < THREADS_PER_BLOCK-1) {
            if (arr_id > 0 && arr_id < (arrLen-1)) {
                xsm[local_tid] = temp;
            }
        }
        __syncthreads();
    }
    __syncthreads();
    if (arr_id >= 0 && arr_id < arrLen) x[arr_id] = xsm[local_tid];
}
int main(void) {
    float h[ARR_WIDTH] = {25, 6, 34, 91, 10, 62, 55, 5, 80, 20, 10, 40, 6, 99, 26, 2};
    float *d;
    cudaMalloc((void**)&d, ARR_WIDTH * sizeof(float));
    cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
    kernel_avg_filter<<<NUM_BLOCKS, THREADS_PER_BLOCK>>>(d, ARR_WIDTH);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    for (int i = 0; i < ARR_WIDTH; i++) printf("%d ", (int)h[i]);
    printf("\\n");
    cudaFree(d);
    return 0;
}`;

const tiledMatmul = `
#define TILE_WIDTH 16
__global__ void MatrixMulKernel(float* Md, float* Nd, float* Pd, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
    int bx = blockIdx.x; int by = blockIdx.y;
    int tx = threadIdx.x; int ty = threadIdx.y;
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;
    float Pvalue = 0;
    for (int m = 0; m < Width/TILE_WIDTH; ++m) {
        Mds[ty][tx] = Md[Row*Width + (m*TILE_WIDTH + tx)];
        Nds[ty][tx] = Nd[Col + (m*TILE_WIDTH + ty)*Width];
        __syncthreads();
        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    Pd[Row*Width+Col] = Pvalue;
}
int main() {
    int Width = 64;
    int size = Width * Width * sizeof(float);
    float *M = (float*)malloc(size), *Md, *Nd, *Pd;
    cudaMalloc((void**)&Md, size); cudaMalloc((void**)&Nd, size); cudaMalloc((void**)&Pd, size);
    cudaMemcpy(Md, M, size, cudaMemcpyHostToDevice);
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid(Width / TILE_WIDTH, Width / TILE_WIDTH);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(Md, Nd, Pd, Width);
    cudaMemcpy(M, Pd, size, cudaMemcpyDeviceToHost);
    cudaFree(Md); cudaFree(Nd); cudaFree(Pd); free(M);
}`;

const transposes = `
#define TILE_SIZE 32
__global__ void transpose1(int rows, int cols, float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows) for (int j = 0; j < cols; j++) out[j*rows+i] = in[i*cols+j];
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
int main() {
    const int rows = 1024, cols = 1024;
    float *in, *out;
    cudaMalloc(&in, rows * cols * sizeof(float));
    cudaMalloc(&out, rows * cols * sizeof(float));
    dim3 block(TILE_SIZE, TILE_SIZE), grid(cols / TILE_SIZE, rows / TILE_SIZE);
    cudaEvent_t start, stop;
    cudaEventCreate(&start); cudaEventCreate(&stop);
    cudaEventRecord(start);
    transpose1<<<rows / 256, 256>>>(rows, cols, in, out);
    transpose2<<<grid, block>>>(rows, cols, in, out);
    transpose3<<<grid, block>>>(rows, cols, in, out);
    transpose4<<<grid, block, 0, 0>>>(rows, cols, in, out);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    printf("%f GB/s\\n", 2.0 * rows * cols * sizeof(float) / ms / 1e6);
    return 0;
}`;

const conv1d = `
#define MAX_MASK_WIDTH 10
#define TILE_SIZE 4
__constant__ float M[MAX_MASK_WIDTH];
__global__ void convolution_1D_basic_kernel(float *N, float *P, int Mask_Width, int Width) {
    int i = blockIdx.x*blockDim.x + threadIdx.x;
    __shared__ float N_ds[TILE_SIZE + MAX_MASK_WIDTH - 1];
    int n = Mask_Width/2;
    int halo_index_left = (blockIdx.x - 1)*blockDim.x + threadIdx.x;
    if (threadIdx.x >= blockDim.x - n) {
        N_ds[threadIdx.x - (blockDim.x - n)] = (halo_index_left < 0) ? 0 : N[halo_index_left];
    }
    N_ds[n + threadIdx.x] = N[blockIdx.x*blockDim.x + threadIdx.x];
    int halo_index_right = (blockIdx.x + 1)*blockDim.x + threadIdx.x;
    if (threadIdx.x < n) {
        N_ds[n + blockDim.x + threadIdx.x] = (halo_index_right >= Width) ? 0 : N[halo_index_right];
    }
    __syncthreads();
    float Pvalue = 0;
    for(int j = 0; j < Mask_Width; j++) {
        Pvalue += N_ds[threadIdx.x + j]*M[j];
    }
    P[i] = Pvalue;
}
int main() {
    float h_M[MAX_MASK_WIDTH] = {1, 2, 3};
    cudaMemcpyToSymbol(M, h_M, 3 * sizeof(float));
    float *N, *P;
    cudaMalloc(&N, 16 * sizeof(float)); cudaMalloc(&P, 16 * sizeof(float));
    convolution_1D_basic_kernel<<<4, TILE_SIZE>>>(N, P, 3, 16);
    return 0;
}`;

const spmv = `
__global__ void SpMV_CSR(int num_rows, float *data, int *col_index, int *row_ptr, float *x, float *y) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < num_rows) {
        float dot = 0;
        int row_start = row_ptr[row];
        int row_end = row_ptr[row+1];
        for (int elem = row_start; elem < row_end; elem++) {
            dot += data[elem] * x[col_index[elem]];
        }
        y[row] = dot;
    }
}
int main() {
    float data[] = {3, 1, 2, 4, 1, 1, 1};
    int col_index[] = {0, 2, 1, 2, 3, 0, 3};
    int row_ptr[] = {0, 2, 2, 5, 7};
    static_assert(sizeof(row_ptr) == 5 * sizeof(int), "five rows pointers");
    float *d;
    cudaMalloc(&d, sizeof(data));
    SpMV_CSR<<<1, 32>>>(4, d, (int *)d, (int *)d, d, d);
    return 0;
}`;

describe('lecture programs', () => {
  it('averaging filter', () => {
    const p = checkOk(avgFilter);
    const k = fn(p, 'kernel_avg_filter');
    expect(p.globals.some((g) => g.name === 'xsm' && g.storage === 'shared' && g.type.kind === 'array' && g.type.length === 16)).toBe(true);
    expect(k.locals.map((l) => l.name)).toContain('temp');
    const init = fn(p, 'main').body!.body[0]!;
    expect(init.k === 'init' && init.stores.length).toBe(16);
  });
  it('tiled matrix multiply', () => {
    const p = checkOk(tiledMatmul);
    expect(p.globals.filter((g) => g.storage === 'shared').map((g) => g.name)).toEqual(['Mds', 'Nds']);
  });
  it('transposes', () => {
    const p = checkOk(transposes);
    expect(p.functions.map((f) => f.name)).toEqual(['transpose1', 'transpose2', 'transpose3', 'transpose4', 'main']);
  });
  it('1D convolution with constant memory', () => {
    const p = checkOk(conv1d);
    expect(p.globals.find((g) => g.name === 'M')?.storage).toBe('constant');
  });
  it('CSR SpMV', () => {
    const p = checkOk(spmv);
    const m = fn(p, 'main');
    const first = m.body!.body[0]!;
    expect(first.k === 'init' && first.v.type.kind === 'array' && first.v.type.length).toBe(7);
  });
});
