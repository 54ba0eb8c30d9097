import { h100Props, type DeviceProps } from './props.js';

/*
 * cudaDeviceGetAttribute: each cudaDevAttr code read from the device's properties.
 * CUDA 13 removed clockRate and memoryClockRate from cudaDeviceProp; the attribute API
 * still answers them, with the values a real H100 80GB HBM3 reported (kHz).
 */

const H100_CLOCK_KHZ = 1980000;
const H100_MEMORY_CLOCK_KHZ = 2619000;

const read: Record<number, (p: DeviceProps) => number> = {
  1: (p) => p.maxThreadsPerBlock,
  2: (p) => p.maxThreadsDim[0]!,
  3: (p) => p.maxThreadsDim[1]!,
  4: (p) => p.maxThreadsDim[2]!,
  5: (p) => p.maxGridSize[0]!,
  6: (p) => p.maxGridSize[1]!,
  7: (p) => p.maxGridSize[2]!,
  8: (p) => Number(p.sharedMemPerBlock),
  9: (p) => Number(p.totalConstMem),
  10: (p) => p.warpSize,
  11: (p) => Number(p.memPitch),
  12: (p) => p.regsPerBlock,
  13: () => H100_CLOCK_KHZ,
  14: (p) => Number(p.textureAlignment),
  15: (p) => (p.asyncEngineCount > 0 ? 1 : 0),
  16: (p) => p.multiProcessorCount,
  17: () => 0, // no kernel run-time limit on a data-centre GPU (the field left cudaDeviceProp in CUDA 13)
  18: (p) => p.integrated,
  19: (p) => p.canMapHostMemory,
  20: () => 0,
  31: (p) => p.concurrentKernels,
  32: (p) => p.ECCEnabled,
  33: (p) => p.pciBusID,
  34: (p) => p.pciDeviceID,
  35: (p) => p.tccDriver,
  36: () => H100_MEMORY_CLOCK_KHZ,
  37: (p) => p.memoryBusWidth,
  38: (p) => p.l2CacheSize,
  39: (p) => p.maxThreadsPerMultiProcessor,
  40: (p) => p.asyncEngineCount,
  41: (p) => p.unifiedAddressing,
  50: (p) => p.pciDomainID,
  75: (p) => p.major,
  76: (p) => p.minor,
  81: (p) => Number(p.sharedMemPerMultiprocessor),
  82: (p) => p.regsPerMultiprocessor,
  83: (p) => p.managedMemory,
  84: (p) => p.isMultiGpuBoard,
  89: (p) => p.concurrentManagedAccess,
  95: (p) => p.cooperativeLaunch,
  97: (p) => Number(p.sharedMemPerBlockOptin),
  106: (p) => p.maxBlocksPerMultiProcessor,
};

/** The value of a cudaDevAttr for the simulated H100, or null for an attribute Warpscope does not know. */
export function deviceAttribute(code: number): number | null {
  const f = read[code];
  return f ? f(h100Props) : null;
}
