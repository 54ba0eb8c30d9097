// cudaMemcpy2DAsync in a stream: pitched device rows filled by a kernel, copied out as a
// sub-rectangle after the kernel in stream order, with the pitch errors of the async form.
#include <stdio.h>

__global__ void fill(int *p, size_t pitch, int w, int h)
{
    int c = threadIdx.x, r = blockIdx.x;
    if (c < w && r < h) ((int *)((char *)p + r * pitch))[c] = r * 100 + c;
}

int main()
{
    const int W = 12, H = 5;
    int *d; size_t pitch;
    cudaMallocPitch(&d, &pitch, W * sizeof(int), H);
    int *host; cudaMallocHost(&host, W * H * sizeof(int));
    int pageable[W * H];
    for (int i = 0; i < W * H; i++) host[i] = pageable[i] = -1;
    cudaStream_t s; cudaStreamCreate(&s);
    fill<<<H, 32, 0, s>>>(d, pitch, W, H);
    cudaError_t e1 = cudaMemcpy2DAsync(host, W * sizeof(int), d, pitch, W * sizeof(int), H, cudaMemcpyDeviceToHost, s);
    cudaError_t e2 = cudaMemcpy2DAsync(pageable + 2, W * sizeof(int), (char *)d + pitch + 4 * sizeof(int), pitch, 3 * sizeof(int), 3, cudaMemcpyDeviceToHost, s);
    cudaError_t e3 = cudaMemcpy2DAsync(host, 4, d, pitch, W * sizeof(int), H, cudaMemcpyDeviceToHost, s);
    cudaError_t e4 = cudaStreamSynchronize(s);
    printf("%s %s %s %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2), cudaGetErrorName(e3), cudaGetErrorName(e4));
    for (int r = 0; r < H; r++) {
        for (int c = 0; c < W; c++) printf("%d%c", host[r * W + c], c == W - 1 ? '\n' : ' ');
    }
    for (int r = 0; r < H; r++) {
        for (int c = 0; c < W; c++) printf("%d%c", pageable[r * W + c], c == W - 1 ? '\n' : ' ');
    }
    printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
