// Two warps fill one shared array, meet at a barrier, then read each other's halves.
__global__ void k(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t * 2 + 1;
    __syncthreads();
    int v = s[63 - t];
    out[t] = v;
}
int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    k<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
