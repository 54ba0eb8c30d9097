#include <cstdio>

// 64 blocks x 256 threads x 40 iterations: 81,920 warp-wide store instructions, more than one
// chunk of effect rows holds, so rows meet chunk boundaries mid-instruction.
__global__ void fill(int *out, int iterations) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int it = 0; it < iterations; it++) {
    out[i] = it * 3 + i;
  }
}

int main() {
  const int n = 64 * 256;
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  fill<<<64, 256>>>(d, 40);
  int h[n];
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d %d\n", h[0], h[n - 1]);
  cudaFree(d);
  return 0;
}
