#include <stdio.h>
__global__ void k(unsigned *o, double *d){
  o[threadIdx.x] = __reduce_add_sync(0xffffffff, threadIdx.x);
  atomicAdd(d, 1.0);
#if __CUDA_ARCH__ >= 800
  if (threadIdx.x == 0) printf("arch >= 800: %d\n", __CUDA_ARCH__);
#else
  if (threadIdx.x == 0) printf("arch %d\n", __CUDA_ARCH__);
#endif
}
int main(){ unsigned *o; double *d; cudaMalloc(&o, 128); cudaMalloc(&d, 8); k<<<1,32>>>(o,d); cudaDeviceSynchronize(); return 0; }
