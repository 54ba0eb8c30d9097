#include <cstdio>

// 64 blocks x 256 threads x 60 iterations of a statement with two loads a lane: more load,
// register and store rows than one chunk holds, so pending load rows meet chunk boundaries.
__global__ void sum(const int *a, int *out, int n, int iterations) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int it = 0; it < iterations; it++) {
    acc += a[i] + a[(i + it) % n];
  }
  out[i] = acc;
}

int main() {
  const int n = 64 * 256;
  int h[n];
  for (int k = 0; k < n; k++) h[k] = k;
  int *a, *out;
  cudaMalloc(&a, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice);
  sum<<<64, 256>>>(a, out, n, 60);
  cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d %d\n", h[0], h[n - 1]);
  return 0;
}
