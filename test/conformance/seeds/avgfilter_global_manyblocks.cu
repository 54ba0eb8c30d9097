// Averaging filter, CASES 4-7 (seeds 000/001): global memory only, MANY blocks
// (2 blocks of 8 threads over the 16 inputs of the table).
// The kernels Average1/Average2 and the launch loop are the notes' "CASE 5 -- Different
// Arrays, Multiple iterations" code, as written, with only what it needs to compile:
//   - the missing ';' after "int i = ..." (twice),
//   - N defined as a macro, since Average2 is declared as (float A[N], float B[N]),
//   - Average2 is called with the two arguments it takes (the notes pass (A, B, N)),
//   - Average1's parameter "int N" is renamed N_ (it would expand to "int 16"),
//   - cudaThreadSynchronize() was removed in CUDA 13: it is defined as cudaDeviceSynchronize.
//   CASE 4: different arrays, one iteration  -> one Average1 launch
//   CASE 5: same array, one iteration        -> Average1 then Average2's copy-back is the notes'
//           way: the result lands in A again (A -> B -> A) one launch per half-iteration
//   CASE 6: different arrays, many iterations -> the notes' loop (each pass = 2 filter steps)
//   CASE 7: same array, many iterations      -> CASE 6 read back from A after every launch
#include <stdio.h>

#define N 16
#define cudaThreadSynchronize cudaDeviceSynchronize

static const float IN[N] = {25, 6, 34, 91, 10, 62, 55, 5, 80, 20, 10, 40, 6, 99, 26, 2};

// CASE 5 -- Different Arrays, Multiple iterations
__global__ void Average1(float* A, float* B, int N_)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < N-1)
        B[i] = (A[i-1] + A[i] + A[i+1])/3;
}

__global__ void Average2(float A[N], float B[N])
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < N-1)
        A[i] = (B[i-1] + B[i] + B[i+1])/3;
}

static void print_row(const char *label, const float *v)
{
    printf("%-4s", label);
    for (int i = 0; i < N; i++) printf(" %3.0f", v[i]);
    printf("  |");
    for (int i = 0; i < N; i++) printf(" %.9g", v[i]);
    printf("\n");
}

int main()
{
    float h[N];
    float *A, *B;
    size_t bytes = N * sizeof(float);
    cudaMalloc((void **)&A, bytes);
    cudaMalloc((void **)&B, bytes);
    dim3 dimGrid(2, 1, 1);
    dim3 dimBlock(8, 1, 1);
    char label[8];

    printf("CASE 4: global, 2 blocks, 1 iteration, different arrays\n");
    print_row("IN", IN);
    cudaMemcpy(A, IN, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(B, IN, bytes, cudaMemcpyHostToDevice);
    Average1<<<dimGrid, dimBlock>>>(A, B, N);
    cudaThreadSynchronize();
    cudaMemcpy(h, B, bytes, cudaMemcpyDeviceToHost);
    print_row("1", h);

    printf("CASE 5: global, 2 blocks, 1 iteration, result back in the same array A\n");
    cudaMemcpy(A, IN, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(B, IN, bytes, cudaMemcpyHostToDevice);
    Average1<<<dimGrid, dimBlock>>>(A, B, N);
    cudaThreadSynchronize();
    cudaMemcpy(A, B, bytes, cudaMemcpyDeviceToDevice);
    cudaMemcpy(h, A, bytes, cudaMemcpyDeviceToHost);
    print_row("1", h);

    printf("CASE 6/7: the notes' loop, 2 passes of Average1+Average2 = 4 iterations\n");
    print_row("IN", IN);
    cudaMemcpy(A, IN, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(B, IN, bytes, cudaMemcpyHostToDevice);
    int row = 1;
    for (int i = 0; i < 2; i++) {
        Average1<<<dimGrid, dimBlock>>>(A, B, N);
        cudaThreadSynchronize();
        cudaMemcpy(h, B, bytes, cudaMemcpyDeviceToHost);
        sprintf(label, "%dB", row++);
        print_row(label, h);
        Average2<<<dimGrid, dimBlock>>>(A, B);
        cudaThreadSynchronize();
        cudaMemcpy(h, A, bytes, cudaMemcpyDeviceToHost);
        sprintf(label, "%dA", row++);
        print_row(label, h);
    }

    cudaError_t err = cudaGetLastError();
    printf("status: %s\n", cudaGetErrorName(err));
    cudaFree(A);
    cudaFree(B);
    return 0;
}
