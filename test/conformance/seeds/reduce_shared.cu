// 004 Listing 7: the shared-memory reduce, called again and again on its own output until one
// block remains (32 elements, 4 threads per block, as the notes walk through it; then 1000).
#include <stdio.h>

__global__ void reduce_shared(float* d_out, float* d_in, unsigned int size){
   int idx_x = blockIdx.x * blockDim.x + threadIdx.x;
   extern __shared__ float s_data[];
   s_data[threadIdx.x] = (idx_x < size) ? d_in[idx_x] : 0.f;
      __syncthreads();

// do reduction
   for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
      // thread synchronous reduction
      if ( (idx_x % (stride * 2)) == 0 ){
         s_data[threadIdx.x] += s_data[threadIdx.x + stride];
      }

      __syncthreads();
   }
   if(threadIdx.x == 0){
      d_out[blockIdx.x] = s_data[0];
   }
}

/*Perform the necessary declarations, main(), before/after, etc...*/
void reduction(float *d_out, float *d_in, int n_thr, int size){
   cudaMemcpy(d_out, d_in, size * sizeof(float), cudaMemcpyDeviceToDevice);
   while(size > 1){
      int n_bl = (size + n_thr - 1)/n_thr;
      reduce_shared<<<n_bl, n_thr, n_thr*sizeof(float), 0>>>(d_out, d_out, size);
      size = n_bl;
   }
}

int main()
{
    int sizes[2] = {32, 1000}, threads[2] = {4, 64};
    for (int c = 0; c < 2; c++) {
        int size = sizes[c];
        float h[1000], *d_in, *d_out, result;
        for (int i = 0; i < size; i++) h[i] = (float)(i % 7);
        cudaMalloc(&d_in, size * sizeof(float));
        cudaMalloc(&d_out, size * sizeof(float));
        cudaMemcpy(d_in, h, size * sizeof(float), cudaMemcpyHostToDevice);
        reduction(d_out, d_in, threads[c], size);
        cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost);
        printf("sum of %d elements with %d threads per block: %g\n", size, threads[c], result);
        cudaFree(d_in); cudaFree(d_out);
    }
    return 0;
}
