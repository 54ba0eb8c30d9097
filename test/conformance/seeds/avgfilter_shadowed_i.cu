// Averaging filter CASE 10 as seed 001 renders it: the loop reads "for (int i = 0; i < 50; i++)",
// so the loop counter i SHADOWS the thread index i. Inside the loop every thread uses the loop
// counter (the same for all threads): all threads average the same element i, the condition of
// the if is uniform, so the barriers inside it are reached by all threads. After the loop, i is
// the thread index again. Only added: host code, the missing braces that the rendering lost,
// "int i = threadIdx.x;" ends with ';' (the rendering has ':').
// Input: the table's 16 values repeated over the 256 elements.
#include <stdio.h>

#define threadN 256

__global__ void Average(float* A, float* B, int N)
{ // start by getting the number of threads in BLOCK
  int i = threadIdx.x;
                             // who am !?
  __shared__ float Ads[threadN];
  __shared__ float Bds[threadN];
// transfer data from global to shared memory
  Ads[i] = A[i]; // each thread, coalesced
  Bds[i] = B[i];
  __syncthreads();
// do averaging
  for (int i = 0; i < 50; i++) {
   if (i > 0 && i < threadN-1) {
      Bds[i] = (Ads[i-1] + Ads[i] + Ads[i+1])/3;
      __syncthreads();
      Ads[i] = (Bds[i-1] + Bds[i] + Bds[i+1])/3;
      __syncthreads();
   }
  }
// transfer data from shared to global memory
 __syncthreads();
 A[i] = Ads[i];
  B[i] = Bds[i];
}

static const float IN[16] = {25, 6, 34, 91, 10, 62, 55, 5, 80, 20, 10, 40, 6, 99, 26, 2};

int main()
{
  float hA[threadN], hB[threadN];
  for (int k = 0; k < threadN; k++) hA[k] = hB[k] = IN[k % 16];
  float *A, *B;
  cudaMalloc((void **)&A, sizeof(hA));
  cudaMalloc((void **)&B, sizeof(hB));
  cudaMemcpy(A, hA, sizeof(hA), cudaMemcpyHostToDevice);
  cudaMemcpy(B, hB, sizeof(hB), cudaMemcpyHostToDevice);
  dim3 dimBlock(256, 1, 1);
  Average <<< 1, dimBlock>>>(A, B, 256);
  cudaError_t sync = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorName(sync));
  cudaMemcpy(hA, A, sizeof(hA), cudaMemcpyDeviceToHost);
  cudaMemcpy(hB, B, sizeof(hB), cudaMemcpyDeviceToHost);
  for (int r = 0; r < 64; r += 16) {
    printf("A[%3d..]", r);
    for (int k = r; k < r + 16; k++) printf(" %.6g", hA[k]);
    printf("\n");
  }
  for (int r = 0; r < 64; r += 16) {
    printf("B[%3d..]", r);
    for (int k = r; k < r + 16; k++) printf(" %.6g", hB[k]);
    printf("\n");
  }
  double sa = 0, sb = 0;
  for (int k = 0; k < threadN; k++) { sa += hA[k]; sb += hB[k]; }
  printf("sum A = %.6f, sum B = %.6f\n", sa, sb);
  return 0;
}
