// 004 Listing 3: a pitched allocation, cudaMemcpy2D in and out, and the access_2d kernel walking
// rows through the pitch (completed to print what it reads).
#include <stdio.h>
#include <stdlib.h>
#define N 100

__global__ void access_2d(float* devPtr, size_t pitch,\
            int width, int height, float *sums) {
    for (int r = 0; r < height; ++r) {
        float* row = (float*)((char*)devPtr + r * pitch);
        float s = 0;
        for (int c = 0; c < width; ++c) {
            float element = row[c];
            s += element;
        }
        sums[r] = s;
        row[0] = -s;
    }
}

int main(){
  float *A, *dA;
  size_t pitch;
  A = (float *)malloc(sizeof(float)*N*N); // allocate on host
  for (int i = 0; i < N * N; i++) A[i] = (float)(i % 17);
   cudaMallocPitch(&dA, &pitch, sizeof(float)*N, N); // allocate on device
   //copy memory
   cudaMemcpy2D(dA,pitch,A,sizeof(float)*N,sizeof(float)*N,N,\
      cudaMemcpyHostToDevice);
   float *sums, hs[N];
   cudaMalloc(&sums, sizeof(hs));
   access_2d<<<1, 1>>>(dA, pitch, N, N, sums);
   cudaMemcpy(hs, sums, sizeof(hs), cudaMemcpyDeviceToHost);
   cudaMemcpy2D(A,sizeof(float)*N,dA,pitch,sizeof(float)*N,N,cudaMemcpyDeviceToHost);
   printf("pitch = %zu bytes for rows of %zu bytes\n", pitch, sizeof(float)*N);
   for (int r = 0; r < N; r += 9) printf("row %d: sum %g, A[r][0] %g A[r][1] %g\n", r, hs[r], A[r * N], A[r * N + 1]);
   free(A); cudaFree(dA); cudaFree(sums);
   return 0;
}
