// A kernel whose shared array is `extern __shared__`, sized by the launch's third parameter.
__global__ void scale(float *out)
{
    extern __shared__ float buf[];
    buf[threadIdx.x] = threadIdx.x * 1.5f;
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}

int main()
{
    float *d;
    cudaMalloc((void **)&d, 8 * sizeof(float));
    scale<<<1, 8, 8 * sizeof(float)>>>(d);
    cudaDeviceSynchronize();
    cudaFree(d);
    return 0;
}
