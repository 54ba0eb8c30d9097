// Averaging filter CASE 10 exactly as the notes write it (seed 000, "CASE 10 (CASE 11 is
// similar)"): __syncthreads() sits INSIDE "if (i > 0 && i < threadN-1)", so threads 0 and 255
// never reach the two barriers in the loop while threads 1..254 do, 50 times each.
// The barrier rules in seed 002 say this is not allowed; what a GPU does with it is
// undefined (it may hang, or finish with some result). This program records what an H100 does.
// Only added: the host code around the kernel, and the launch's "<<<1, dimBlock>>>>" has one
// '>' too many in the notes.
// Input: the table's 16 values repeated over the 256 elements.
#include <stdio.h>

#define threadN 256

__global__ void Average(float* A, float* B, int N)
{ // start by getting the number of threads in BLOCK
  int i = threadIdx.x;          // who am I?
  __shared__ float Ads[threadN];
  __shared__ float Bds[threadN];
  // transfer data from global to shared memory
  Ads[i] = A[i]; // each thread, coalesced
  Bds[i] = B[i];
  __syncthreads();
  // do averaging
  for (int j = 0; j < 50; j++) {
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
  printf("launching Average<<<1, 256>>> with __syncthreads() inside a divergent if\n");
  fflush(stdout);
  // Kernel invocation
  dim3 dimBlock(256, 1, 1);
  Average<<<1, dimBlock>>>(A, B, 256);
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  printf("launch: %s\n", cudaGetErrorName(launch));
  printf("sync: %s (%s)\n", cudaGetErrorName(sync), cudaGetErrorString(sync));
  if (sync != cudaSuccess) return 1;
  cudaMemcpy(hA, A, sizeof(hA), cudaMemcpyDeviceToHost);
  cudaMemcpy(hB, B, sizeof(hB), cudaMemcpyDeviceToHost);
  for (int r = 0; r < threadN; r += 16) {
    printf("A[%3d..]", r);
    for (int k = r; k < r + 16; k++) printf(" %.6g", hA[k]);
    printf("\n");
  }
  for (int r = 0; r < threadN; r += 16) {
    printf("B[%3d..]", r);
    for (int k = r; k < r + 16; k++) printf(" %.6g", hB[k]);
    printf("\n");
  }
  return 0;
}
