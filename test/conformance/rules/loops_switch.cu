// Per-lane loops without goto (the goto version is control_flow.cu): trip counts that differ
// per lane, break and continue, a Collatz while loop, do-while, for(;;) with break, and a
// switch with fallthrough; results are read back from memory, so no output order is involved.
#include <stdio.h>

__device__ int classify(int v)
{
    int r = 0;
    switch (v % 6) {
    case 0: r += 1;          // fallthrough
    case 1: r += 10; break;
    case 2:
    case 3: r += 100;        // fallthrough
    default: r += 1000; break;
    case 5: r = -1;
    }
    return r;
}

__global__ void loops(int *out)
{
    int t = threadIdx.x;
    int sum = 0, iters = 0;
    for (int i = 0; i < 100; i++) {
        if (i > t * 3) break;
        if (i % (t + 1) == 0) continue;
        sum += i;
        iters++;
    }
    int w = t, steps = 0;
    while (w != 1 && w > 0) {     // Collatz steps
        w = (w % 2) ? 3 * w + 1 : w / 2;
        steps++;
    }
    int d = 0;
    do { d++; } while (d < t % 4);
    int g = 0;
    for (;;) {
        g += t;
        if (!(g < 20 && t > 0)) break;
    }
    out[t * 6 + 0] = sum;
    out[t * 6 + 1] = iters;
    out[t * 6 + 2] = steps;
    out[t * 6 + 3] = d;
    out[t * 6 + 4] = g;
    out[t * 6 + 5] = classify(t);
}

int main()
{
    int h[64 * 6];
    int *d;
    cudaMalloc((void **)&d, sizeof(h));
    loops<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 64; t++)
        printf("t=%2d sum=%4d iters=%2d collatz=%3d dowhile=%d loop=%2d switch=%d\n", t, h[t * 6], h[t * 6 + 1],
               h[t * 6 + 2], h[t * 6 + 3], h[t * 6 + 4], h[t * 6 + 5]);
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
