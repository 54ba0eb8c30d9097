// racecheck: neighbours read a shared array without a barrier after it is written (RAW), and
// the array is rewritten without a barrier after it is read (WAR).
#include <stdio.h>
__global__ void k(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = t;
    int v = s[(t + 33) % 128];          // no __syncthreads: another warp's write may not be there yet
    s[t] = v * 2;                        // overwrites what another warp may still read
    __syncthreads();
    out[t] = s[t];
}
int main()
{
    int *out;
    cudaMalloc(&out, 128 * sizeof(int));
    k<<<1, 128>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
