import { describe, expect, it } from 'vitest';
import { checkOk, typeOfExpr } from './helpers.js';

describe('smoke', () => {
  it('checks a vector add', () => {
    const p = checkOk(`
__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
int main() {
  int n = 1 << 20;
  size_t bytes = n * sizeof(float);
  float *h_a = (float *)malloc(bytes);
  float *d_a, *d_b, *d_c;
  cudaMalloc(&d_a, bytes);
  cudaMalloc((void **)&d_b, bytes);
  cudaMalloc(&d_c, bytes);
  cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice);
  add<<<(n + 255) / 256, 256>>>(d_a, d_b, d_c, n);
  cudaDeviceSynchronize();
  printf("%f\\n", h_a[0]);
  free(h_a);
  return 0;
}`);
    expect(p.main?.name).toBe('main');
  });
  it('types', () => {
    expect(typeOfExpr('', "'a' + 1u")).toBe('unsigned int');
  });
});
