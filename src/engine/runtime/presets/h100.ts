import { h100Props } from '../props.js';
import { h100Timing } from '../timing.js';
import type { DevicePreset } from './types.js';

/*
 * The H100 80GB HBM3 (SXM5, sm_90) the conformance goldens were recorded on. Props and
 * attributes are that card's (test/conformance/device/attributes.stdout); the per-SM limits
 * are the CUDA Occupancy Calculator's for compute capability 9.0, checked against
 * test/conformance/device/func_attributes.stdout.
 */

/** The default device. */
export const h100Preset: DevicePreset = {
  id: 'h100',
  props: h100Props,
  // As cuda-gdb 13 lists the card (`info cuda devices` on an H100 80GB HBM3).
  chip: 'GH100GL-A',
  clockKhz: 1980000,
  memoryClockKhz: 2619000,
  extraAttributes: {
    44: 1, // cudaDevAttrReserved44 (tex2D gather, CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER)
    69: 268435456, // cudaDevAttrMaxTexture1DLinearWidth
    87: 2, // cudaDevAttrSingleToDoublePrecisionPerfRatio
    96: 1, // cudaDevAttrCooperativeMultiDeviceLaunch
    102: 1, // cudaDevAttrVirtualMemoryManagementSupported
    103: 1, // cudaDevAttrHandleTypePosixFileDescriptorSupported
    107: 1, // generic compression
    110: 1, // cudaDevAttrGPUDirectRDMAWithCudaVMMSupported
    122: 1, // 64-bit stream memory operations
    123: 1, // cuStreamWaitValue NOR
    124: 1, // dma-buf
    126: 4, // cudaDevAttrMemSyncDomainCount
    127: 1, // tensor map (TMA) access
    128: 1, // fabric handles
  },
  sm: {
    maxWarps: 64,
    maxBlocks: 32,
    registers: 65536,
    regAllocUnit: 256,
    maxRegsPerThread: 255,
    subPartitions: 4,
    sharedMem: 233472,
    sharedAllocUnit: 128,
    reservedSharedPerBlock: 1024,
    carveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164, 196, 228],
  },
  pitchAlignment: 512,
  // A CUDA 13 context on the H100 keeps about 512 MiB of the 79.2 GiB for itself.
  allocatableBytes: 85017493504 - 536870912,
  timing: h100Timing,
};
