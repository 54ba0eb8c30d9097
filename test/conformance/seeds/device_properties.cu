// Querying device properties (seed 002, "Querying Device Properties", and seed 002's
// "dev_prop.totalConstMem"): cudaGetDeviceCount, then cudaGetDeviceProperties for each device,
// printing the fields the notes name and more. dev_prop.clockRate, which the notes name, was
// removed from cudaDeviceProp in CUDA 13: it is read with cudaDeviceGetAttribute instead.
#include <stdio.h>

int main()
{
    int dev_count;
    cudaGetDeviceCount( &dev_count);
    printf("dev_count = %d\n", dev_count);
    cudaDeviceProp dev_prop;
    int i;
    for (i=0; i<dev_count; i++) {
        cudaGetDeviceProperties( &dev_prop, i);
        // decide if device has sufficient resources and capabilities
        printf("device %d\n", i);
        printf("name = %s\n", dev_prop.name);
        printf("major.minor = %d.%d\n", dev_prop.major, dev_prop.minor);
        printf("totalGlobalMem = %zu\n", dev_prop.totalGlobalMem);
        printf("sharedMemPerBlock = %zu\n", dev_prop.sharedMemPerBlock);
        printf("sharedMemPerBlockOptin = %zu\n", dev_prop.sharedMemPerBlockOptin);
        printf("sharedMemPerMultiprocessor = %zu\n", dev_prop.sharedMemPerMultiprocessor);
        printf("reservedSharedMemPerBlock = %zu\n", dev_prop.reservedSharedMemPerBlock);
        printf("regsPerBlock = %d\n", dev_prop.regsPerBlock);
        printf("regsPerMultiprocessor = %d\n", dev_prop.regsPerMultiprocessor);
        printf("warpSize = %d\n", dev_prop.warpSize);
        printf("memPitch = %zu\n", dev_prop.memPitch);
        printf("maxThreadsPerBlock = %d\n", dev_prop.maxThreadsPerBlock);
        printf("maxThreadsDim = %d %d %d\n", dev_prop.maxThreadsDim[0], dev_prop.maxThreadsDim[1], dev_prop.maxThreadsDim[2]);
        printf("maxGridSize = %d %d %d\n", dev_prop.maxGridSize[0], dev_prop.maxGridSize[1], dev_prop.maxGridSize[2]);
        printf("totalConstMem = %zu\n", dev_prop.totalConstMem);
        printf("textureAlignment = %zu\n", dev_prop.textureAlignment);
        printf("multiProcessorCount = %d\n", dev_prop.multiProcessorCount);
        printf("maxThreadsPerMultiProcessor = %d\n", dev_prop.maxThreadsPerMultiProcessor);
        printf("maxBlocksPerMultiProcessor = %d\n", dev_prop.maxBlocksPerMultiProcessor);
        printf("l2CacheSize = %d\n", dev_prop.l2CacheSize);
        printf("persistingL2CacheMaxSize = %d\n", dev_prop.persistingL2CacheMaxSize);
        printf("memoryBusWidth = %d\n", dev_prop.memoryBusWidth);
        printf("integrated = %d\n", dev_prop.integrated);
        printf("canMapHostMemory = %d\n", dev_prop.canMapHostMemory);
        printf("concurrentKernels = %d\n", dev_prop.concurrentKernels);
        printf("asyncEngineCount = %d\n", dev_prop.asyncEngineCount);
        printf("unifiedAddressing = %d\n", dev_prop.unifiedAddressing);
        printf("managedMemory = %d\n", dev_prop.managedMemory);
        printf("cooperativeLaunch = %d\n", dev_prop.cooperativeLaunch);
        printf("ECCEnabled = %d\n", dev_prop.ECCEnabled);
        int clockRate = -1, memClock = -1;
        cudaError_t e1 = cudaDeviceGetAttribute(&clockRate, cudaDevAttrClockRate, i);
        cudaError_t e2 = cudaDeviceGetAttribute(&memClock, cudaDevAttrMemoryClockRate, i);
        printf("clockRate (cudaDevAttrClockRate, kHz) = %d (%s)\n", clockRate, cudaGetErrorName(e1));
        printf("memoryClockRate (cudaDevAttrMemoryClockRate, kHz) = %d (%s)\n", memClock, cudaGetErrorName(e2));
        int v = -1;
        cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, i);
        printf("attr maxThreadsPerBlock = %d\n", v);
        cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, i);
        printf("attr multiProcessorCount = %d\n", v);
        cudaDeviceGetAttribute(&v, cudaDevAttrComputeMode, i);
        printf("attr computeMode = %d\n", v);
    }
    printf("cudaGetDeviceProperties(dev_count) -> %s\n",
           cudaGetErrorName(cudaGetDeviceProperties(&dev_prop, dev_count)));
    return 0;
}
