import { h100Props } from '../props.js';
import { h100Timing, type TimingConstants } from '../timing.js';
import type { DevicePreset } from './types.js';

/*
 * One GK210 of a Tesla K80 board (compute capability 3.7): the GPU of the lecture notes'
 * transpose bandwidth table (13 SMX, 8 blocks of 256 threads each). Sources:
 *  - deviceQuery on a K80, CUDA 10.2 (Stanford CME 213 lecture 7, 2020, and many cloud setup
 *    guides): name, 11996954624 bytes, 13 MPs, 824 MHz, memory 2505 MHz, 384-bit, L2 1572864,
 *    texture 1D 65536 / 2D 65536x65536 / 3D 4096^3, layered 1D 16384x2048, 2D 16384x16384x2048,
 *    2 copy engines, ECC on, PCI 0/0/4, no cooperative launch;
 *  - CUDA C Programming Guide, "Compute Capabilities" tables for 3.7: 112 KiB shared memory and
 *    128 K registers per SM, 16 blocks and 64 warps per SM, 48 KiB per block, the 3.x texture
 *    and surface limits used below;
 *  - CUDA Occupancy Calculator (3.7): shared memory allocation unit 256, register unit 256;
 *  - PCI ID database: 10de:102d (subsystem 10de:106c) for the K80's GK210.
 * Features introduced after Kepler (clusters, memory pools, RDMA ordering...) report 0. The uuid
 * is all zeros: no particular card.
 */

/**
 * The K80's timing: PCIe Gen3 x16 to the host. bandwidthTest on a K80 (Stanford CME 213, 2020,
 * lecture 7) measured 7.9 GB/s pinned host-to-device, 10.7 GB/s device-to-host and 157 GB/s
 * device-to-device (bandwidthTest counts each byte read and written: 78.5 bytes copied per ns);
 * one GK210 has 240 GB/s of GDDR5 (the lecture notes' peak table) and runs at 824 MHz with 4
 * warp schedulers per SMX. Kepler launches cost more host time than Hopper's (about 5 us).
 * Kernel memory constants (docs/timing.md): a load waits 750 cycles and a shared wavefront takes
 * 4, calibrated on the notes' transpose1 and transpose3 (Kepler replays uncoalesced and
 * bank-conflicting instructions; the notes say Maxwell's conflicts cost 2-5x less). Other
 * constants are the H100's.
 */
export const k80Timing: TimingConstants = {
  ...h100Timing,
  device: 'Tesla K80',
  launchCallNs: 5000,
  submitLatencyNs: 5000,
  kernelFixedNs: 3000,
  smClockGHz: 0.824,
  smCount: 13,
  memLatencyCycles: 750,
  dramBytesPerNs: 240,
  sharedCyclesPerWavefront: 4,
  pinnedHtoDBytesPerNs: 7.9,
  pinnedDtoHBytesPerNs: 10.7,
  pageableBytesPerNs: 5,
  stagingBytesPerNs: 6,
  copyFixedNs: 2500,
  deviceCopyBytesPerNs: 78.5,
  memsetBytesPerNs: 180,
};

/** Tesla K80 (one of its two GPUs). */
export const k80Preset: DevicePreset = {
  id: 'k80',
  props: {
    ...h100Props,
    name: 'Tesla K80',
    uuid: new Array<number>(16).fill(0),
    totalGlobalMem: 11996954624n,
    major: 3,
    minor: 7,
    multiProcessorCount: 13,
    maxTexture1D: 65536,
    maxTexture1DMipmap: 16384,
    maxTexture2D: [65536, 65536],
    maxTexture2DMipmap: [16384, 16384],
    maxTexture2DLinear: [65000, 65000, 1048544],
    maxTexture2DGather: [16384, 16384],
    maxTexture3D: [4096, 4096, 4096],
    maxTexture3DAlt: [2048, 2048, 16384],
    maxTextureCubemap: 16384,
    maxTexture1DLayered: [16384, 2048],
    maxTexture2DLayered: [16384, 16384, 2048],
    maxTextureCubemapLayered: [16384, 2046],
    maxSurface1D: 65536,
    maxSurface2D: [65536, 32768],
    maxSurface3D: [65536, 32768, 2048],
    maxSurface1DLayered: [65536, 2048],
    maxSurface2DLayered: [65536, 32768, 2048],
    maxSurfaceCubemap: 32768,
    maxSurfaceCubemapLayered: [32768, 2046],
    pciBusID: 0,
    pciDeviceID: 4,
    asyncEngineCount: 2,
    memoryBusWidth: 384,
    l2CacheSize: 1572864,
    persistingL2CacheMaxSize: 0,
    sharedMemPerMultiprocessor: 114688n,
    regsPerMultiprocessor: 131072,
    isMultiGpuBoard: 1,
    concurrentManagedAccess: 0,
    computePreemptionSupported: 0,
    canUseHostPointerForRegisteredMem: 0,
    cooperativeLaunch: 0,
    sharedMemPerBlockOptin: 49152n,
    maxBlocksPerMultiProcessor: 16,
    accessPolicyMaxWindowSize: 0,
    reservedSharedMemPerBlock: 0n,
    sparseCudaArraySupported: 0,
    hostRegisterReadOnlySupported: 0,
    timelineSemaphoreInteropSupported: 0,
    memoryPoolsSupported: 0,
    gpuDirectRDMASupported: 0,
    gpuDirectRDMAFlushWritesOptions: 0,
    gpuDirectRDMAWritesOrdering: 0,
    memoryPoolSupportedHandleTypes: 0,
    deferredMappingCudaArraySupported: 0,
    clusterLaunch: 0,
    unifiedFunctionPointers: 0,
    gpuPciDeviceID: 0x102d10de,
    gpuPciSubsystemID: 0x106c10de,
  },
  clockKhz: 824000,
  memoryClockKhz: 2505000,
  extraAttributes: {
    44: 1,
    69: 134217728, // 2^27 texels: the 1D linear texture limit of compute capability 3.x
    87: 3, // GK210 runs double precision at a third of single
  },
  sm: {
    maxWarps: 64,
    maxBlocks: 16,
    registers: 131072,
    regAllocUnit: 256,
    maxRegsPerThread: 255,
    subPartitions: 4,
    sharedMem: 114688,
    sharedAllocUnit: 256,
    reservedSharedPerBlock: 0,
    carveoutsKiB: null,
  },
  pitchAlignment: 512,
  // An estimate: Kepler contexts kept about 256 MiB.
  allocatableBytes: 11996954624 - 268435456,
  timing: k80Timing,
};
