// Control flow per lane: branch divergence and reconvergence with device printf showing the
// order in which a warp's lanes print; loops with per-lane trip counts, break and continue;
// switch with fallthrough; nested divergence; early return; while/do-while; goto.
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

__global__ void diverge()
{
    int t = threadIdx.x;
    printf("A t=%d\n", t);
    if (t % 2 == 0) {
        printf("B even t=%d\n", t);
    } else {
        printf("C odd t=%d\n", t);
    }
    printf("D reconverged t=%d\n", t);
    if (t < 3) {
        printf("E t<3 t=%d\n", t);
        if (t == 1) printf("F t==1\n");
        else printf("G t!=1 t=%d\n", t);
    } else if (t < 6) {
        printf("H 3<=t<6 t=%d\n", t);
    }
    printf("I t=%d\n", t);
    if (t == 7) return;
    printf("J t=%d\n", t);
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
again:
    g += t;
    if (g < 20 && t > 0) goto again;
    out[t * 6 + 0] = sum;
    out[t * 6 + 1] = iters;
    out[t * 6 + 2] = steps;
    out[t * 6 + 3] = d;
    out[t * 6 + 4] = g;
    out[t * 6 + 5] = classify(t);
}

__global__ void loop_print()
{
    int t = threadIdx.x;
    for (int i = 0; i < 4; i++) {
        if (i == t) continue;
        if (i > t + 1) break;
        printf("loop t=%d i=%d\n", t, i);
    }
    printf("after loop t=%d\n", t);
}

int main()
{
    diverge<<<1, 8>>>();
    cudaDeviceSynchronize();
    printf("-- loop_print --\n");
    fflush(stdout);
    loop_print<<<1, 4>>>();
    cudaDeviceSynchronize();
    int h[32 * 6];
    int *d;
    cudaMalloc((void **)&d, sizeof(h));
    loops<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; t++)
        printf("t=%2d sum=%4d iters=%2d collatz=%3d dowhile=%d goto=%2d switch=%d\n", t, h[t * 6], h[t * 6 + 1],
               h[t * 6 + 2], h[t * 6 + 3], h[t * 6 + 4], h[t * 6 + 5]);
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
