// Two warps of one block run the same three lines: a breakpoint on the middle one is reached by
// both, so a motion from one thread passes the other warp's arrivals there.
__global__ void k(int *a) {
    int i = threadIdx.x;
    int x = i * 2;
    a[i] = x;
    x = x + 1;
    a[i] = x;
}

int main() {
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    k<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
