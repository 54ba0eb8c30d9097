// Shared memory banks (seeds 000 and 003): reading a 32x32 shared tile by columns (32-way bank
// conflicts) and with a padded row of 33 (no conflicts), the same values either way; and
// kernel5 of seed 003, "virtual private arrays" in shared memory indexed
// no_bank_conflict_index(thread_id, logical_index) = logical_index * THREADBLOCK_SIZE + thread_id.
// The "..." of the notes are filled in: A is initialised by each thread, indexes come from
// index_buf, and the four-element sum of the notes is stored back. Prints values, not timings.
#include <stdio.h>

// Should be multiple of 32
#define THREADBLOCK_SIZE 64
// Could be any number, but the whole array should fit into shared memory
#define ARRAY_SIZE 32

__device__ __forceinline__ int no_bank_conflict_index(int thread_id,
                                                    int logical_index)
{
    return logical_index * THREADBLOCK_SIZE + thread_id;
}

__global__ void kernel5(float * buf, int * index_buf)
{
    // Declare shared memory array A which will hold virtual
    // private arrays of size ARRAY_SIZE elements for all
    // THREADBLOCK_SIZE threads of a threadblock
    __shared__ float A[ARRAY_SIZE * THREADBLOCK_SIZE];
    for (int k = 0; k < ARRAY_SIZE; k++)
        A[no_bank_conflict_index(threadIdx.x, k)] = (float)(threadIdx.x * 100 + k);
    int index = index_buf[threadIdx.x + blockIdx.x * blockDim.x];

    // Here we assume thread block is 1D so threadIdx.x
    // enumerates all threads in the thread block
    float val = A[no_bank_conflict_index(threadIdx.x, index)];
    float sum;
    float x = A[no_bank_conflict_index(threadIdx.x, index)];
    float y = A[no_bank_conflict_index(threadIdx.x, index + 1)];
    float z = A[no_bank_conflict_index(threadIdx.x, index + 2)];
    float w = A[no_bank_conflict_index(threadIdx.x, index + 3)];
    sum = x + y + z + w;
    A[no_bank_conflict_index(threadIdx.x, index)] = sum;
    buf[threadIdx.x + blockIdx.x * blockDim.x] = val * 1000.0f + A[no_bank_conflict_index(threadIdx.x, index)];
}

template <int PAD>
__global__ void column_read(const float *in, float *out)
{
    __shared__ float tile[32][32 + PAD];
    int tx = threadIdx.x, ty = threadIdx.y;
    tile[ty][tx] = in[ty * 32 + tx];
    __syncthreads();
    out[ty * 32 + tx] = tile[tx][ty];   // a warp (fixed ty) reads one column: same bank if PAD == 0
}

int main()
{
    const int blocks = 2, n = blocks * THREADBLOCK_SIZE;
    int idx[n];
    float out[n];
    for (int t = 0; t < n; t++) idx[t] = (t * 7) % (ARRAY_SIZE - 3);
    float *d_buf; int *d_idx;
    cudaMalloc((void **)&d_buf, sizeof(out));
    cudaMalloc((void **)&d_idx, sizeof(idx));
    cudaMemcpy(d_idx, idx, sizeof(idx), cudaMemcpyHostToDevice);
    kernel5<<<blocks, THREADBLOCK_SIZE>>>(d_buf, d_idx);
    cudaMemcpy(out, d_buf, sizeof(out), cudaMemcpyDeviceToHost);
    printf("kernel5:");
    for (int t = 0; t < n; t += 9) printf(" [%d]=%.1f", t, out[t]);
    printf("\n");

    float in[1024], o0[1024], o1[1024];
    for (int k = 0; k < 1024; k++) in[k] = (float)k;
    float *d_in, *d_out;
    cudaMalloc((void **)&d_in, sizeof(in));
    cudaMalloc((void **)&d_out, sizeof(o0));
    cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);
    column_read<0><<<1, dim3(32, 32)>>>(d_in, d_out);
    cudaMemcpy(o0, d_out, sizeof(o0), cudaMemcpyDeviceToHost);
    column_read<1><<<1, dim3(32, 32)>>>(d_in, d_out);
    cudaMemcpy(o1, d_out, sizeof(o1), cudaMemcpyDeviceToHost);
    int same = 0;
    for (int k = 0; k < 1024; k++) same += (o0[k] == o1[k]) && (o0[k] == in[(k % 32) * 32 + k / 32]);
    printf("column read 32x32 (conflicts) vs 32x33 (padded): %d/1024 equal and transposed\n", same);
    printf("o0[1]=%g o0[33]=%g o1[1023]=%g\n", o0[1], o0[33], o1[1023]);
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
