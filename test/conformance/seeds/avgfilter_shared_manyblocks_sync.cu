// Averaging filter, CASES 12-15 (seeds 000/001): shared + global memory, MANY blocks, with
// halo ("EXTRA WORK per BLOCK") so that a block can iterate on its own with __syncthreads().
// CASE 15 is the notes' "EXECUTABLE VERSION" kernel_avg_filter, as written: same array x,
// ARR_WIDTH 16, NUM_ITERS 4, NUM_BLOCKS 2, THREADS_PER_BLOCK (macro without parentheses).
// Only added: IMUL (the old CUDA SDK macro, __mul24), the host code, and the kernel's body is
// joined (the notes close the function with a stray '}' before the copy-back part).
// Note the race in CASE 15 that the notes leave in: block 1 writes x[8..11] while block 0 may
// still be reading them as its right halo; on the GPU both blocks run at the same time.
// CASES 12-14 use avg_halo below (same scheme, halo = iterations, dynamic shared memory),
// so that every row of the table (1..4 iterations) can be printed:
//   CASE 12: 1 iteration, different arrays    CASE 13: 1 iteration, same array
//   CASE 14: many iterations, different arrays
#include <stdio.h>

#define IMUL(a, b) __mul24(a, b)

//EXECUTABLE VERSION
// Define some constants
#define ARR_WIDTH          16
#define NUM_ITERS          4
#define NUM_BLOCKS         2
#define THREADS_PER_BLOCK (ARR_WIDTH/NUM_BLOCKS) + 2*NUM_ITERS
// This kernel assumes that each thread copies one array element from the global memory to
// the shared memory. This also includes copying the overlapping corner elements. That is
// why the number of threads = (work per block + 2*number of iterations). Then only some of
// the threads perform the actual computation and even fewer update the global memory.
__global__ void kernel_avg_filter(float* x, int arrLen) {
    const int tid = IMUL(blockDim.x, blockIdx.x) + threadIdx.x; // Assume 1D block and 1D grid
    const int bid = blockIdx.x;
    const int local_tid = threadIdx.x; // Thread Id within the block
    const int threadN = IMUL(blockDim.x, gridDim.x); // Assuming 1D block and 1D grid

    float temp;
    int i;
    int arr_id; // Index of the input array element for which this thread is responsible
    int work_per_block;
    // Threads per block = work per block + 2*NUM_ITERS
    __shared__ float xsm[THREADS_PER_BLOCK];
    work_per_block = (arrLen / NUM_BLOCKS);
    arr_id = bid * work_per_block + (local_tid - NUM_ITERS);

    // Copy from the global memory to the shared memory
    // Leave out the first NUM_ITERS elements and the last NUM_ITERS elements
    if(tid >= NUM_ITERS && tid < (threadN-NUM_ITERS)) {
        xsm[local_tid] = x[arr_id];
    }
    __syncthreads();

    for(i = 0; i < NUM_ITERS; i++) {
        if (local_tid > 0 && local_tid < THREADS_PER_BLOCK-1) {
            // Compute the average
            temp = (xsm[local_tid - 1] + xsm[local_tid] + xsm[local_tid + 1]) / 3;
        }
        __syncthreads();
        // Update only if computed
        if (local_tid > 0 && local_tid < THREADS_PER_BLOCK-1) {
            // and it is not the corner element of the original array
            if (arr_id > 0 && arr_id < (arrLen-1)) {
                xsm[local_tid] = temp;
            }
        }
        __syncthreads();
    }
    __syncthreads();

// Copy back from the shared memory to the global memory -- Only if the current thread
// was responsible to compute something and was also actually responsible to update
// the memory. (since some threads do repeat the computation for their local use but are
// not responsible to update the global memory).
    if ((local_tid >= NUM_ITERS) && local_tid < (THREADS_PER_BLOCK-NUM_ITERS)) {
        if (arr_id > 0 && arr_id < (arrLen-1)) {
            x[arr_id] = xsm[local_tid];
        }
    }
}

// Same scheme with the number of iterations at run time: blockDim.x = work + 2*iters.
__global__ void avg_halo(const float *in, float *out, int arrLen, int iters, int work)
{
    extern __shared__ float xsm_dyn[];
    int lt = threadIdx.x;
    int tpb = blockDim.x;
    int arr_id = blockIdx.x * work + (lt - iters);
    xsm_dyn[lt] = (arr_id >= 0 && arr_id < arrLen) ? in[arr_id] : 0.0f;
    __syncthreads();
    for (int it = 0; it < iters; it++) {
        float temp = xsm_dyn[lt];
        if (lt > 0 && lt < tpb - 1)
            temp = (xsm_dyn[lt - 1] + xsm_dyn[lt] + xsm_dyn[lt + 1]) / 3;
        __syncthreads();
        if (lt > 0 && lt < tpb - 1 && arr_id > 0 && arr_id < arrLen - 1)
            xsm_dyn[lt] = temp;
        __syncthreads();
    }
    if (lt >= iters && lt < tpb - iters && arr_id >= 0 && arr_id < arrLen)
        out[arr_id] = xsm_dyn[lt];
}

static const float IN[ARR_WIDTH] = {25, 6, 34, 91, 10, 62, 55, 5, 80, 20, 10, 40, 6, 99, 26, 2};

static void print_row(const char *label, const float *v)
{
    printf("%-4s", label);
    for (int i = 0; i < ARR_WIDTH; i++) printf(" %3.0f", v[i]);
    printf("  |");
    for (int i = 0; i < ARR_WIDTH; i++) printf(" %.9g", v[i]);
    printf("\n");
}

int main()
{
    float h[ARR_WIDTH];
    size_t bytes = sizeof(h);
    float *d_my_x, *d_y;
    cudaMalloc((void **)&d_my_x, bytes);
    cudaMalloc((void **)&d_y, bytes);
    int work = ARR_WIDTH / NUM_BLOCKS;
    char label[8];

    for (int c = 12; c <= 14; c++) {
        int same = c & 1;
        int maxIters = (c & 2) ? 4 : 1;
        printf("CASE %d: shared, %d blocks, %s, %s\n", c, NUM_BLOCKS,
               maxIters == 1 ? "1 iteration" : "many iterations",
               same ? "same array" : "different arrays");
        print_row("IN", IN);
        for (int iters = 1; iters <= maxIters; iters++) {
            cudaMemcpy(d_my_x, IN, bytes, cudaMemcpyHostToDevice);
            cudaMemcpy(d_y, IN, bytes, cudaMemcpyHostToDevice);
            int tpb = work + 2 * iters;
            float *out = same ? d_my_x : d_y;
            avg_halo<<<NUM_BLOCKS, tpb, tpb * sizeof(float)>>>(d_my_x, out, ARR_WIDTH, iters, work);
            cudaMemcpy(h, out, bytes, cudaMemcpyDeviceToHost);
            sprintf(label, "%d", iters);
            print_row(label, h);
        }
    }

    printf("CASE 15: the notes' EXECUTABLE VERSION, %d blocks of %d threads, %d iterations, same array\n",
           NUM_BLOCKS, THREADS_PER_BLOCK, NUM_ITERS);
    print_row("IN", IN);
    cudaMemcpy(d_my_x, IN, bytes, cudaMemcpyHostToDevice);
    // ---- Launch the kernel ---
    kernel_avg_filter<<<NUM_BLOCKS, THREADS_PER_BLOCK>>>(d_my_x, ARR_WIDTH);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(h, d_my_x, bytes, cudaMemcpyDeviceToHost);
    print_row("4", h);
    printf("status: %s\n", cudaGetErrorName(err));
    return 0;
}
