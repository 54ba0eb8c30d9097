// Error-handling idioms: a CHECK macro printing cudaGetErrorString with file and line, a launch
// with too many threads per block seen by cudaPeekAtLastError (not cleared) then
// cudaGetLastError (cleared), cudaDeviceSynchronize after a bad launch, a kernel launch
// error-checking macro, cudaMemcpy errors (bad direction, freed pointer), double cudaFree,
// and cudaGetErrorName/String of several codes.
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                                  \
    do {                                                                             \
        cudaError_t err_ = (call);                                                   \
        if (err_ != cudaSuccess)                                                     \
            printf("CHECK failed at line %d: %s (%s, code %d)\n", __LINE__,          \
                   cudaGetErrorString(err_), cudaGetErrorName(err_), (int)err_);     \
        else                                                                         \
            printf("line %d ok\n", __LINE__);                                        \
    } while (0)

#define CHECK_LAUNCH() CHECK(cudaGetLastError())

__global__ void fill(int *a, int v) { a[blockIdx.x * blockDim.x + threadIdx.x] = v; }

int main()
{
    int *d;
    CHECK(cudaMalloc(&d, 4096 * sizeof(int)));
    fill<<<2, 1024>>>(d, 1);
    CHECK_LAUNCH();
    fill<<<1, 1025>>>(d, 2);
    CHECK(cudaPeekAtLastError());
    CHECK(cudaPeekAtLastError());
    CHECK(cudaGetLastError());
    CHECK(cudaGetLastError());
    fill<<<1, 4096>>>(d, 3);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaGetLastError());
    dim3 big(32, 32, 2);
    fill<<<1, big>>>(d, 4);
    CHECK_LAUNCH();
    dim3 grid(1, 1, 70000);
    fill<<<grid, 1>>>(d, 5);
    CHECK_LAUNCH();
    fill<<<4, 0>>>(d, 6);
    CHECK_LAUNCH();
    int h[4] = {0, 0, 0, 0};
    CHECK(cudaMemcpy(h, d + 2040, sizeof(h), cudaMemcpyDeviceToHost));
    printf("h = %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    CHECK(cudaMemcpy(h, d, sizeof(h), (cudaMemcpyKind)7));
    CHECK(cudaGetLastError());
    CHECK(cudaFree(d));
    CHECK(cudaFree(d));
    CHECK(cudaGetLastError());
    CHECK(cudaFree(NULL));
    CHECK(cudaMemset(NULL, 0, 0));
    int *neg;
    CHECK(cudaMalloc(&neg, (size_t)-1));
    CHECK(cudaGetLastError());
    int codes[] = {0, 1, 2, 9, 98, 200, 700, 710, 719};
    for (int i = 0; i < 9; i++)
        printf("%3d %-32s %s\n", codes[i], cudaGetErrorName((cudaError_t)codes[i]), cudaGetErrorString((cudaError_t)codes[i]));
    int count = -1;
    CHECK(cudaGetDeviceCount(&count));
    printf("devices >= 1: %d\n", count >= 1);
    CHECK(cudaSetDevice(count));
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    return 0;
}
