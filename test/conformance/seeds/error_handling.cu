// Handling errors (seed 004, section 6.1, Listing 10). The notes' listing does not compile
// ("char* err_str[1024]; err_str = cudaGetLastError(status);", std::cerr without <iostream>);
// this program does what it describes: check the cudaError_t of a runtime call, read the sticky
// /last error with cudaGetLastError (which resets it to cudaSuccess), and turn codes into text
// with cudaGetErrorString and cudaGetErrorName. Cases:
//   1. a launch with too many threads per block (1025 > 1024): CUDA 13 says cudaErrorInvalidValue
//   2. cudaGetLastError again: reset to cudaSuccess
//   3. a launch with a 0-sized grid
//   4. cudaMalloc of an impossible size (1 << 62 bytes): cudaErrorMemoryAllocation
//   5. cudaMemcpy with a wrong direction for host pointers, and a null device pointer
//   6. the names/strings of a few codes, and of an out-of-range code
// The program ends with exit code = the error code of case 4 (as Listing 10 returns (int)status).
#include <stdio.h>

__global__ void kernel(int *p) { if (p) p[threadIdx.x] = threadIdx.x; }

static void show(const char *what, cudaError_t e)
{
    printf("%-40s -> %d %s: %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
}

int main()
{
    int *d = NULL;
    show("cudaMalloc 1024 ints", cudaMalloc((void **)&d, 1024 * sizeof(int)));

    kernel<<<1, 1025>>>(d);
    show("launch <<<1, 1025>>>: cudaGetLastError", cudaGetLastError());
    show("cudaGetLastError again", cudaGetLastError());
    kernel<<<1, 1024>>>(d);
    show("launch <<<1, 1024>>>: cudaGetLastError", cudaGetLastError());
    show("cudaDeviceSynchronize", cudaDeviceSynchronize());

    kernel<<<0, 32>>>(d);
    show("launch <<<0, 32>>>: cudaPeekAtLastError", cudaPeekAtLastError());
    show("cudaGetLastError", cudaGetLastError());

    kernel<<<dim3(1, 1, 65536), 32>>>(d);
    show("launch grid.z = 65536", cudaGetLastError());
    kernel<<<1, dim3(1, 1, 65)>>>(d);
    show("launch block.z = 65", cudaGetLastError());

    cudaError_t status;
    int *d_ptr = NULL;
    size_t size = (size_t)1 << 60;
    status = cudaMalloc((void**)&d_ptr, size*sizeof(float));
    if(status != cudaSuccess){
        show("cudaMalloc((1<<60)*sizeof(float))", status);
        printf("Error occured\n");
        printf("d_ptr is %s\n", d_ptr == NULL ? "NULL" : "not NULL");
        show("cudaGetLastError after failed malloc", cudaGetLastError());
        show("cudaGetLastError again", cudaGetLastError());
    }

    int h[4] = {1, 2, 3, 4};
    show("cudaMemcpy to NULL device pointer", cudaMemcpy(NULL, h, sizeof(h), cudaMemcpyHostToDevice));
    show("cudaGetLastError", cudaGetLastError());
    show("cudaFree(NULL)", cudaFree(NULL));
    show("cudaSetDevice(99)", cudaSetDevice(99));
    show("cudaGetLastError", cudaGetLastError());

    int codes[] = {0, 1, 2, 9, 11, 200, 700, 719, 999, 12345};
    for (unsigned k = 0; k < sizeof(codes) / sizeof(codes[0]); k++) {
        char label[32];
        snprintf(label, sizeof label, "code %d", codes[k]);
        show(label, (cudaError_t)codes[k]);
    }
    show("final cudaDeviceSynchronize", cudaDeviceSynchronize());
    cudaFree(d);
    return (int)status;
}
