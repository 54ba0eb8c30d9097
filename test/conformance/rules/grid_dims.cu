// Grid-stride loops over sizes that are not a multiple of the grid, 2D launches with dim3 and
// bounds checks on a 37x23 image, a 3D grid of 3D blocks using blockIdx.z/threadIdx.z, the
// ceil-division idiom, and one printf per block from thread (0,0,0), blocks taking turns.
#include <stdio.h>

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}
__global__ void image(int *img, int w, int h)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < w && row < h) img[row * w + col] = row * 1000 + col + blockIdx.x * 10 + blockIdx.y;
}
__global__ void volume(int *v, int nx, int ny, int nz, int *maxBlock)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int blockId = blockIdx.x + blockIdx.y * gridDim.x + gridDim.x * gridDim.y * blockIdx.z;
    int threadId = blockId * (blockDim.x * blockDim.y * blockDim.z) + threadIdx.z * (blockDim.x * blockDim.y)
                 + threadIdx.y * blockDim.x + threadIdx.x;
    if (x < nx && y < ny && z < nz) v[(z * ny + y) * nx + x] = threadId;
    atomicMax(maxBlock, blockId);
}
__global__ void whoami(int turn)
{
    int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    if (b == turn && threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
        printf("block (%d,%d,%d) of (%d,%d,%d), block dims (%d,%d,%d), warpSize %d\n", blockIdx.x, blockIdx.y, blockIdx.z,
               gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z, warpSize);
}

int main()
{
    const int n = 1000;
    float hx[n], hy[n];
    for (int i = 0; i < n; i++) { hx[i] = i * 0.5f; hy[i] = 1.0f; }
    float *dx, *dy;
    cudaMalloc(&dx, sizeof(hx)); cudaMalloc(&dy, sizeof(hy));
    cudaMemcpy(dx, hx, sizeof(hx), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, hy, sizeof(hy), cudaMemcpyHostToDevice);
    saxpy<<<3, 64>>>(n, 2.0f, dx, dy);
    saxpy<<<(n + 255) / 256, 256>>>(n, -1.0f, dx, dy);
    cudaMemcpy(hy, dy, sizeof(hy), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++) s += hy[i];
    printf("saxpy sum %.1f y[999] %.2f\n", s, hy[999]);

    const int w = 37, h = 23;
    int *dimg; cudaMalloc(&dimg, w * h * sizeof(int));
    cudaMemset(dimg, 0xff, w * h * sizeof(int));
    dim3 block(16, 8), grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    image<<<grid, block>>>(dimg, w, h);
    int himg[w * h];
    cudaMemcpy(himg, dimg, sizeof(himg), cudaMemcpyDeviceToHost);
    printf("grid %u x %u: corners %d %d %d %d, centre %d\n", grid.x, grid.y, himg[0], himg[w - 1], himg[(h - 1) * w],
           himg[w * h - 1], himg[(h / 2) * w + w / 2]);

    const int nx = 10, ny = 6, nz = 5;
    int *dv, *dmb; cudaMalloc(&dv, nx * ny * nz * sizeof(int)); cudaMalloc(&dmb, sizeof(int));
    cudaMemset(dmb, 0, sizeof(int));
    dim3 b3(4, 4, 2), g3((nx + 3) / 4, (ny + 3) / 4, (nz + 1) / 2);
    volume<<<g3, b3>>>(dv, nx, ny, nz, dmb);
    int hv[nx * ny * nz], mb;
    cudaMemcpy(hv, dv, sizeof(hv), cudaMemcpyDeviceToHost);
    cudaMemcpy(&mb, dmb, sizeof(int), cudaMemcpyDeviceToHost);
    printf("volume max block %d:", mb);
    for (int i = 0; i < nx * ny * nz; i += 29) printf(" %d", hv[i]);
    printf(" last %d\n", hv[nx * ny * nz - 1]);

    dim3 g4(2, 2, 2), b4(3, 2, 2);
    for (int t = 0; t < 8; t++) { whoami<<<g4, b4>>>(t); cudaDeviceSynchronize(); }
    dim3 dflt;
    printf("default dim3 %u %u %u\n", dflt.x, dflt.y, dflt.z);
    return 0;
}
