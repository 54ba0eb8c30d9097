// An error-checking macro around deliberately bad launches: a table of configurations (too
// many threads per block, block z past 64, a zero-sized grid and block, grid y past 65535,
// dynamic shared memory past 48 KB without and with cudaFuncSetAttribute, past the opt-in
// limit), cudaGetLastError clearing and cudaPeekAtLastError not, a good launch between bad
// ones still working, and the macro exiting the program on the last failure.
#include <stdio.h>
#include <stdlib.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            printf("CUDA error %s (%d) at %s:%d: %s\n", cudaGetErrorName(e_), (int)e_,        \
                   "launch_errors.cu", __LINE__, cudaGetErrorString(e_));                    \
            exit(EXIT_FAILURE);                                                              \
        }                                                                                    \
    } while (0)

__global__ void touch(int *out)
{
    extern __shared__ int dyn[];
    int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    dyn[0] = 0;
    if (blockIdx.x == 0 && blockIdx.y == 0 && t == 0) atomicAdd(out, 1);
}

struct Config {
    const char *what;
    unsigned gx, gy, gz, bx, by, bz;
    size_t shared;
};

int main()
{
    int *d;
    CUDA_CHECK(cudaMalloc(&d, sizeof(int)));
    CUDA_CHECK(cudaMemset(d, 0, sizeof(int)));
    Config configs[] = {
        {"1024 threads", 2, 1, 1, 1024, 1, 1, 4},
        {"1025 threads", 2, 1, 1, 1025, 1, 1, 4},
        {"32x32x2 threads", 1, 1, 1, 32, 32, 2, 4},
        {"block z 64", 1, 1, 1, 1, 1, 64, 4},
        {"block z 65", 1, 1, 1, 1, 1, 65, 4},
        {"grid 0", 0, 1, 1, 32, 1, 1, 4},
        {"block 0", 1, 1, 1, 0, 1, 1, 4},
        {"grid y 65535", 1, 65535, 1, 1, 1, 1, 4},
        {"grid y 65536", 1, 65536, 1, 1, 1, 1, 4},
        {"grid z 65536", 1, 1, 65536, 1, 1, 1, 4},
        {"48 KB shared", 1, 1, 1, 32, 1, 1, 48 * 1024},
        {"48 KB + 4 shared", 1, 1, 1, 32, 1, 1, 48 * 1024 + 4},
    };
    int n = sizeof configs / sizeof configs[0];
    for (int i = 0; i < n; i++) {
        Config &c = configs[i];
        touch<<<dim3(c.gx, c.gy, c.gz), dim3(c.bx, c.by, c.bz), c.shared>>>(d);
        cudaError_t peek = cudaPeekAtLastError();
        cudaError_t again = cudaPeekAtLastError();
        cudaError_t got = cudaGetLastError();
        cudaError_t after = cudaGetLastError();
        cudaError_t sync = cudaDeviceSynchronize();
        printf("%-18s peek %-32s again %-32s get %-32s after %s sync %s\n", c.what, cudaGetErrorName(peek),
               cudaGetErrorName(again), cudaGetErrorName(got), cudaGetErrorName(after), cudaGetErrorName(sync));
    }
    int count;
    CUDA_CHECK(cudaMemcpy(&count, d, sizeof count, cudaMemcpyDeviceToHost));
    printf("good launches counted: %d\n", count);

    CUDA_CHECK(cudaFuncSetAttribute(touch, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
    touch<<<1, 32, 100 * 1024>>>(d);
    printf("100 KB after opt-in: %s\n", cudaGetErrorString(cudaGetLastError()));
    touch<<<1, 32, 100 * 1024 + 4>>>(d);
    printf("100 KB + 4 after opt-in: %s\n", cudaGetErrorString(cudaGetLastError()));
    cudaError_t e = cudaFuncSetAttribute(touch, cudaFuncAttributeMaxDynamicSharedMemorySize, 300 * 1024);
    printf("opt-in of 300 KB: %s\n", cudaGetErrorName(e));
    printf("after it: %s\n", cudaGetErrorName(cudaGetLastError()));
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(&count, d, sizeof count, cudaMemcpyDeviceToHost));
    printf("good launches counted: %d\n", count);

    touch<<<1, 2048>>>(d);
    CUDA_CHECK(cudaGetLastError());
    printf("not reached\n");
    return 0;
}
