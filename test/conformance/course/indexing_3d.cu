// 2D and 3D thread indexing with sizes that are not multiples of the block: a 3D grid of 3D
// blocks over a 37 x 19 x 5 volume with bounds checks, a 2D grid-stride loop with a grid too
// small for the data, a 7-point stencil on the volume, and counts showing each element was
// handled exactly once.
#include <stdio.h>

#define NX 37
#define NY 19
#define NZ 5

__global__ void label(int *vol, int *hits, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < nx && y < ny && z < nz) {
        int idx = (z * ny + y) * nx + x;
        vol[idx] = x + 100 * y + 10000 * z;
        atomicAdd(&hits[idx], 1);
    } else {
        atomicAdd(&hits[nx * ny * nz], 1);  // threads outside the volume
    }
}

__global__ void stencil(const int *in, float *out, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x <= 0 || y <= 0 || z <= 0 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
    int s = nx * ny;
    int i = z * s + y * nx + x;
    out[i] = (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - s] + in[i + s] - 6 * in[i]) * 0.5f + in[i] / 7.0f;
}

__global__ void stride2d(int *m, int rows, int cols)
{
    for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < rows; r += blockDim.y * gridDim.y)
        for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < cols; c += blockDim.x * gridDim.x)
            m[r * cols + c] += r * cols + c + 1 + 1000000 * (blockIdx.y * gridDim.x + blockIdx.x);
}

int main()
{
    const int n = NX * NY * NZ;
    int *dvol, *dhits;
    float *dout;
    cudaMalloc(&dvol, n * sizeof(int));
    cudaMalloc(&dhits, (n + 1) * sizeof(int));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMemset(dhits, 0, (n + 1) * sizeof(int));
    cudaMemset(dout, 0, n * sizeof(float));
    dim3 block(8, 4, 2);
    dim3 grid((NX + block.x - 1) / block.x, (NY + block.y - 1) / block.y, (NZ + block.z - 1) / block.z);
    printf("grid %u x %u x %u, block %u x %u x %u, %u threads for %d elements\n", grid.x, grid.y, grid.z, block.x,
           block.y, block.z, grid.x * grid.y * grid.z * block.x * block.y * block.z, n);
    label<<<grid, block>>>(dvol, dhits, NX, NY, NZ);
    stencil<<<grid, block>>>(dvol, dout, NX, NY, NZ);
    static int vol[n], hits[n + 1];
    static float out[n];
    cudaMemcpy(vol, dvol, sizeof vol, cudaMemcpyDeviceToHost);
    cudaMemcpy(hits, dhits, sizeof hits, cudaMemcpyDeviceToHost);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int once = 0;
    for (int i = 0; i < n; i++) once += hits[i] == 1;
    printf("elements hit once: %d, outside threads: %d\n", once, hits[n]);
    int probes[6][3] = {{0, 0, 0}, {36, 18, 4}, {8, 4, 2}, {17, 9, 1}, {35, 1, 3}, {1, 17, 2}};
    for (int p = 0; p < 6; p++) {
        int i = (probes[p][2] * NY + probes[p][1]) * NX + probes[p][0];
        printf("(%d,%d,%d) vol %d out %.5f\n", probes[p][0], probes[p][1], probes[p][2], vol[i], out[i]);
    }
    double total = 0;
    for (int i = 0; i < n; i++) total += out[i];
    printf("stencil total %.3f\n", total);

    const int rows = 45, cols = 70;
    int *dm;
    cudaMalloc(&dm, rows * cols * sizeof(int));
    cudaMemset(dm, 0, rows * cols * sizeof(int));
    stride2d<<<dim3(3, 2), dim3(16, 8)>>>(dm, rows, cols);
    static int m[rows * cols];
    cudaMemcpy(m, dm, sizeof m, cudaMemcpyDeviceToHost);
    long long msum = 0;
    int bad = 0;
    for (int i = 0; i < rows * cols; i++) {
        msum += m[i] % 1000000;
        if (m[i] % 1000000 != i + 1) bad++;
    }
    printf("stride2d sum %lld bad %d m[0] %d m[16] %d m[48*0+69] %d m[8*70] %d m[44*70+69] %d\n", msum, bad, m[0], m[16],
           m[69], m[8 * 70], m[44 * 70 + 69]);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
