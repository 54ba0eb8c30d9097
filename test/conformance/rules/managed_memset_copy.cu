// Memory API basics: cudaMallocManaged used from host and device, a __managed__ global,
// cudaMemset with non-zero bytes on int and float arrays, cudaMemcpyDeviceToDevice into the
// middle of an allocation, cudaMemcpyDefault, and cudaMemset of a sub-range.
#include <stdio.h>

__managed__ int mcounter = 5;
__managed__ float mtable[4] = {1.5f, 2.5f, 3.5f, 4.5f};

__global__ void touch(int *m, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) m[i] = m[i] * 2 + i;
    if (i == 0) { mcounter += 10; mtable[3] = mtable[0] + mtable[1]; }
}
__global__ void addOne(int *a, int n) { int i = threadIdx.x; if (i < n) a[i] += 1; }

int main()
{
    const int n = 12;
    int *m;
    cudaError_t e = cudaMallocManaged(&m, n * sizeof(int));
    printf("cudaMallocManaged: %s\n", cudaGetErrorString(e));
    for (int i = 0; i < n; i++) m[i] = i * i;
    touch<<<3, 4>>>(m, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) printf("%d ", m[i]);
    printf("\nmcounter %d mtable %.1f %.1f %.1f %.1f\n", mcounter, mtable[0], mtable[1], mtable[2], mtable[3]);
    mcounter = 100;
    touch<<<1, 1>>>(m, 1);
    cudaDeviceSynchronize();
    printf("mcounter %d m[0] %d\n", mcounter, m[0]);

    int *a, *b; float *f;
    cudaMalloc(&a, n * sizeof(int)); cudaMalloc(&b, 2 * n * sizeof(int)); cudaMalloc(&f, n * sizeof(float));
    cudaMemset(a, 0x01, n * sizeof(int));
    cudaMemset(b, 0xff, 2 * n * sizeof(int));
    cudaMemset(f, 0x3f, n * sizeof(float));
    cudaMemset(a + 4, 0, 4 * sizeof(int));
    cudaMemset((char *)a + 1, 0x80, 2);
    addOne<<<1, n>>>(a, n);
    e = cudaMemcpy(b + 6, a, n * sizeof(int), cudaMemcpyDeviceToDevice);
    printf("D2D: %s\n", cudaGetErrorName(e));
    e = cudaMemcpy(b, m, 3 * sizeof(int), cudaMemcpyDefault);
    printf("Default: %s\n", cudaGetErrorName(e));
    int hb[2 * n]; float hf[n]; unsigned char bytes[8];
    cudaMemcpy(hb, b, sizeof(hb), cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, f, sizeof(hf), cudaMemcpyDeviceToHost);
    cudaMemcpy(bytes, a, 8, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 2 * n; i++) printf("%d%c", hb[i], i == 2 * n - 1 ? '\n' : ' ');
    printf("float from 0x3f bytes: %.9g %a\n", hf[0], hf[n - 1]);
    for (int i = 0; i < 8; i++) printf("%02x", bytes[i]);
    printf("\n");
    cudaMemcpy(m, b + 10, 4 * sizeof(int), cudaMemcpyDefault);
    printf("managed after copy: %d %d %d %d\n", m[0], m[1], m[2], m[3]);
    cudaFree(m); cudaFree(a); cudaFree(b); cudaFree(f);
    printf("done: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
