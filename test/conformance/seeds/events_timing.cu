// 004 Listing 11: timing a kernel with two events recorded in a stream (completed, with the
// notes' cudaEventEllapsedTime spelled as the runtime names it).
#include <stdio.h>

__global__ void kernel_to_benchmark(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * 2.0f + 1.0f;
}

int main()
{
      const int NG = 256, NT = 256, n = NG * NT;
      cudaEvent_t start_evnt;
      cudaEvent_t stop_evnt;
      cudaEventCreate(&start_evnt);
      cudaEventCreate(&stop_evnt);
      cudaStream_t stream;
      cudaStreamCreate(&stream);
      float *x;
      cudaMalloc(&x, n * sizeof(float));
      cudaMemset(x, 0, n * sizeof(float));

      //record the start event
      cudaEventRecord(start_evnt, stream);
      kernel_to_benchmark<<<NG, NT, 0, stream>>>(x, n);

      //record the stop event
      cudaEventRecord(stop_evnt, stream);
      //wait for the event to be synced (done)
      cudaEventSynchronize(stop_evnt);

      float miliseconds = 0;
      cudaEventElapsedTime(&miliseconds, start_evnt, stop_evnt);
      printf("Time elapsed is positive: %d, under a second: %d\n", miliseconds > 0, miliseconds < 1000);
      float h;
      cudaMemcpy(&h, x + n - 1, sizeof(float), cudaMemcpyDeviceToHost);
      printf("x[n-1] = %g\n", h);
      return 0;
}
