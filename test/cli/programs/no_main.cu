// A file with kernels and no main(): nvcc compiles it, but its link step fails.
__global__ void scale(float *a) { a[threadIdx.x] *= 2.0f; }
