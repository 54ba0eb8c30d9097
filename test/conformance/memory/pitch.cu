// cudaMallocPitch's pitch for many widths, cudaMemcpy2D between every kind of memory with
// sub-rectangles, cudaMemset2D, and the errors of bad pitches.
#include <stdio.h>

int main()
{
    size_t widths[] = {1, 4, 100, 400, 511, 512, 513, 1000, 1024, 4096, 5000};
    for (int i = 0; i < 11; i++) {
        void *p; size_t pitch = 0;
        cudaError_t e = cudaMallocPitch(&p, &pitch, widths[i], 3);
        printf("width %zu: %s pitch %zu aligned256 %d\n", widths[i], cudaGetErrorName(e), pitch, (int)((size_t)p % 256 == 0));
        cudaFree(p);
    }
    void *z; size_t zp = 77;
    cudaError_t ez = cudaMallocPitch(&z, &zp, 0, 5);
    printf("width 0: %s pitch %zu\n", cudaGetErrorName(ez), zp);
    ez = cudaMallocPitch(&z, &zp, 16, 0);
    printf("height 0: %s pitch %zu\n", cudaGetErrorName(ez), zp);

    const int W = 10, H = 6;
    int host[H][W], back[H][W];
    for (int r = 0; r < H; r++) for (int c = 0; c < W; c++) { host[r][c] = r * 100 + c; back[r][c] = -1; }
    int *d; size_t pitch;
    cudaMallocPitch(&d, &pitch, W * sizeof(int), H);
    cudaMemset2D(d, pitch, 0x11, W * sizeof(int), H);
    // copy a 4x3 window starting at (row 1, col 2) to the device's (row 2, col 5)
    cudaError_t e1 = cudaMemcpy2D((char *)d + 2 * pitch + 5 * sizeof(int), pitch, &host[1][2], W * sizeof(int),
                                  4 * sizeof(int), 3, cudaMemcpyHostToDevice);
    cudaError_t e2 = cudaMemcpy2D(back, W * sizeof(int), d, pitch, W * sizeof(int), H, cudaMemcpyDeviceToHost);
    printf("%s %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2));
    for (int r = 0; r < H; r++) { for (int c = 0; c < W; c++) printf("%d ", back[r][c]); printf("\n"); }
    cudaError_t e3 = cudaMemcpy2D(back, 8, d, pitch, W * sizeof(int), H, cudaMemcpyDeviceToHost);
    cudaError_t e4 = cudaMemcpy2D(back, W * sizeof(int), d, 8, W * sizeof(int), H, cudaMemcpyDeviceToHost);
    cudaError_t e5 = cudaMemset2D(d, pitch, 0, pitch + 4, 2);
    cudaError_t e6 = cudaMemcpy2D(back, W * sizeof(int), d, pitch, W * sizeof(int), H, cudaMemcpyHostToDevice);
    printf("dpitch<width %s, spitch<width %s, memset2D width>pitch %s, wrong kind %s\n",
           cudaGetErrorName(e3), cudaGetErrorName(e4), cudaGetErrorName(e5), cudaGetErrorName(e6));
    int *d2; size_t pitch2;
    cudaMallocPitch(&d2, &pitch2, W * sizeof(int), H);
    cudaError_t e7 = cudaMemcpy2D(d2, pitch2, d, pitch, W * sizeof(int), H, cudaMemcpyDeviceToDevice);
    cudaError_t e8 = cudaMemcpy2D(back, W * sizeof(int), d2, pitch2, W * sizeof(int), H, cudaMemcpyDefault);
    printf("d2d %s default %s back[2][5]=%d back[0][0]=%x\n", cudaGetErrorName(e7), cudaGetErrorName(e8), back[2][5], back[0][0]);
    return 0;
}
