// cudaMemset as students misuse and use it: it sets bytes, so 1 on an int array gives
// 16843009, 0xFF gives -1 and NaN for floats, 0x80 gives -0.0f in floats whose other bytes
// are zero only when the other bytes are zero; partial memsets at byte offsets; and
// cudaMemset on a pitched allocation against cudaMemset2D.
#include <stdio.h>

__global__ void show(const int *i, const float *f, const double *d, const unsigned char *c)
{
    printf("dev int %d %d %d %d | float %f %g %g %a | double %g %g | char %u %u\n", i[0], i[1], i[2], i[3], f[0], f[1],
           f[2], f[3], d[0], d[1], c[0], c[1]);
}

int main()
{
    int *di;
    float *df;
    double *dd;
    unsigned char *dc;
    cudaMalloc(&di, 16 * sizeof(int));
    cudaMalloc(&df, 16 * sizeof(float));
    cudaMalloc(&dd, 4 * sizeof(double));
    cudaMalloc(&dc, 16);
    cudaMemset(di, 1, 4 * sizeof(int));
    cudaMemset(di + 1, 0xFF, sizeof(int));
    cudaMemset(di + 2, 0x7F, 3);                       // three bytes of one int
    cudaMemset((char *)(di + 3) + 1, 0x80, 2);          // the middle two bytes
    cudaMemset(df, 0x3F, 4);                            // 0x3F3F3F3F
    cudaMemset(df + 1, 0xFF, 4);                        // a NaN
    cudaMemset(df + 2, 0, 4);
    cudaMemset((char *)(df + 2) + 3, 0x80, 1);          // -0.0f
    cudaMemset(df + 3, 0x01, 4);                        // a tiny normal float
    cudaMemset(dd, 0x40, sizeof(double));
    cudaMemset(dd + 1, 0x7F, sizeof(double));
    cudaMemset(dc, 300, 1);                             // only the low byte: 44
    cudaMemset(dc + 1, -1, 1);
    show<<<1, 1>>>(di, df, dd, dc);
    cudaDeviceSynchronize();
    int hi[4];
    float hf[4];
    double hd[2];
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
    printf("host int %d %d %d %d | float %f %g %g %a | double %g %g\n", hi[0], hi[1], hi[2], hi[3], hf[0], hf[1], hf[2],
           hf[3], hd[0], hd[1]);

    // pitched rows: cudaMemset over the whole pitch, then cudaMemset2D of a 5 x 3 window
    size_t pitch;
    unsigned char *p;
    const int w = 10, h = 4;
    cudaMallocPitch(&p, &pitch, w, h);
    cudaMemset(p, '.', pitch * h);
    cudaMemset2D(p + pitch + 2, pitch, '#', 5, 3);
    cudaMemset2D(p, pitch, 'o', 0, 2);                  // zero width: nothing
    unsigned char rows[h][w + 1];
    cudaMemcpy2D(rows, w + 1, p, pitch, w, h, cudaMemcpyDeviceToHost);
    for (int r = 0; r < h; r++) {
        rows[r][w] = 0;
        printf("row %d: %s\n", r, (char *)rows[r]);
    }
    printf("pitch is a multiple of 512: %s\n", pitch % 512 == 0 ? "yes" : "no");
    cudaError_t e = cudaMemset2D(p, pitch, 0, pitch + 1, 1);
    printf("width past the pitch: %s\n", cudaGetErrorName(e));
    e = cudaMemset(di, 0, 1 << 30);
    printf("past the allocation: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
