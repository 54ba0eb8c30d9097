// cudaLaunchHostFunc runs host callbacks in stream order, after the work before them.
#include <stdio.h>

struct Msg { const char *text; int *dev; int *host; };

void CUDART_CB report(void *data)
{
    Msg *m = (Msg *)data;
    printf("callback: %s\n", m->text);
}

__global__ void fill(int *p, int v) { p[threadIdx.x] = v + threadIdx.x; }

int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof(h));
    cudaStream_t s;
    cudaStreamCreate(&s);
    Msg first = {"after the first kernel", d, h}, second = {"after the copy", d, h};
    fill<<<1, 8, 0, s>>>(d, 10);
    cudaLaunchHostFunc(s, report, &first);
    cudaMemcpyAsync(h, d, sizeof(h), cudaMemcpyDeviceToHost, s);
    cudaLaunchHostFunc(s, report, &second);
    cudaError_t e = cudaStreamSynchronize(s);
    printf("main: synchronized %s, h[7] = %d\n", cudaGetErrorName(e), h[7]);
    cudaLaunchHostFunc(0, report, &first);
    cudaDeviceSynchronize();
    printf("main: done\n");
    cudaStreamDestroy(s);
    return 0;
}
