// The H100's cudaDeviceProp (CUDA 13) and the C layout of that struct, so the simulator can
// answer cudaGetDeviceProperties and write the struct byte for byte into simulated memory.
// Values and offsets were printed by a real H100 80GB HBM3 (CUDA 13.0, driver 580.159.04);
// see test/engine/runtime/h100-props.golden.txt. The uuid is that one card's and is kept as is.

/** cudaDeviceProp of CUDA 13: size_t fields are bigint, char arrays other than name are byte lists. */
export interface DeviceProps {
  name: string;
  uuid: readonly number[];
  luid: readonly number[];
  luidDeviceNodeMask: number;
  totalGlobalMem: bigint;
  sharedMemPerBlock: bigint;
  regsPerBlock: number;
  warpSize: number;
  memPitch: bigint;
  maxThreadsPerBlock: number;
  maxThreadsDim: readonly number[];
  maxGridSize: readonly number[];
  totalConstMem: bigint;
  major: number;
  minor: number;
  textureAlignment: bigint;
  texturePitchAlignment: bigint;
  multiProcessorCount: number;
  integrated: number;
  canMapHostMemory: number;
  maxTexture1D: number;
  maxTexture1DMipmap: number;
  maxTexture2D: readonly number[];
  maxTexture2DMipmap: readonly number[];
  maxTexture2DLinear: readonly number[];
  maxTexture2DGather: readonly number[];
  maxTexture3D: readonly number[];
  maxTexture3DAlt: readonly number[];
  maxTextureCubemap: number;
  maxTexture1DLayered: readonly number[];
  maxTexture2DLayered: readonly number[];
  maxTextureCubemapLayered: readonly number[];
  maxSurface1D: number;
  maxSurface2D: readonly number[];
  maxSurface3D: readonly number[];
  maxSurface1DLayered: readonly number[];
  maxSurface2DLayered: readonly number[];
  maxSurfaceCubemap: number;
  maxSurfaceCubemapLayered: readonly number[];
  surfaceAlignment: bigint;
  concurrentKernels: number;
  ECCEnabled: number;
  pciBusID: number;
  pciDeviceID: number;
  pciDomainID: number;
  tccDriver: number;
  asyncEngineCount: number;
  unifiedAddressing: number;
  memoryBusWidth: number;
  l2CacheSize: number;
  persistingL2CacheMaxSize: number;
  maxThreadsPerMultiProcessor: number;
  streamPrioritiesSupported: number;
  globalL1CacheSupported: number;
  localL1CacheSupported: number;
  sharedMemPerMultiprocessor: bigint;
  regsPerMultiprocessor: number;
  managedMemory: number;
  isMultiGpuBoard: number;
  multiGpuBoardGroupID: number;
  hostNativeAtomicSupported: number;
  pageableMemoryAccess: number;
  concurrentManagedAccess: number;
  computePreemptionSupported: number;
  canUseHostPointerForRegisteredMem: number;
  cooperativeLaunch: number;
  sharedMemPerBlockOptin: bigint;
  pageableMemoryAccessUsesHostPageTables: number;
  directManagedMemAccessFromHost: number;
  maxBlocksPerMultiProcessor: number;
  accessPolicyMaxWindowSize: number;
  reservedSharedMemPerBlock: bigint;
  hostRegisterSupported: number;
  sparseCudaArraySupported: number;
  hostRegisterReadOnlySupported: number;
  timelineSemaphoreInteropSupported: number;
  memoryPoolsSupported: number;
  gpuDirectRDMASupported: number;
  gpuDirectRDMAFlushWritesOptions: number;
  gpuDirectRDMAWritesOrdering: number;
  memoryPoolSupportedHandleTypes: number;
  deferredMappingCudaArraySupported: number;
  ipcEventSupported: number;
  clusterLaunch: number;
  unifiedFunctionPointers: number;
  deviceNumaConfig: number;
  deviceNumaId: number;
  mpsEnabled: number;
  hostNumaId: number;
  gpuPciDeviceID: number;
  gpuPciSubsystemID: number;
  hostNumaMultinodeIpcSupported: number;
  reserved: readonly number[];
}

/** Properties of the simulated device: exactly what a real H100 SXM reports. */
export const h100Props: DeviceProps = {
  name: "NVIDIA H100 80GB HBM3",
  uuid: [115, 177, 191, 49, 15, 165, 120, 143, 49, 139, 15, 230, 5, 157, 1, 24],
  luid: [0, 0, 0, 0, 0, 0, 0, 0],
  luidDeviceNodeMask: 0,
  totalGlobalMem: 85017493504n,
  sharedMemPerBlock: 49152n,
  regsPerBlock: 65536,
  warpSize: 32,
  memPitch: 2147483647n,
  maxThreadsPerBlock: 1024,
  maxThreadsDim: [1024, 1024, 64],
  maxGridSize: [2147483647, 65535, 65535],
  totalConstMem: 65536n,
  major: 9,
  minor: 0,
  textureAlignment: 512n,
  texturePitchAlignment: 32n,
  multiProcessorCount: 132,
  integrated: 0,
  canMapHostMemory: 1,
  maxTexture1D: 131072,
  maxTexture1DMipmap: 32768,
  maxTexture2D: [131072, 65536],
  maxTexture2DMipmap: [32768, 32768],
  maxTexture2DLinear: [131072, 65000, 2097120],
  maxTexture2DGather: [32768, 32768],
  maxTexture3D: [16384, 16384, 16384],
  maxTexture3DAlt: [8192, 8192, 32768],
  maxTextureCubemap: 32768,
  maxTexture1DLayered: [32768, 2048],
  maxTexture2DLayered: [32768, 32768, 2048],
  maxTextureCubemapLayered: [32768, 2046],
  maxSurface1D: 32768,
  maxSurface2D: [131072, 65536],
  maxSurface3D: [16384, 16384, 16384],
  maxSurface1DLayered: [32768, 2048],
  maxSurface2DLayered: [32768, 32768, 2048],
  maxSurfaceCubemap: 32768,
  maxSurfaceCubemapLayered: [32768, 2046],
  surfaceAlignment: 512n,
  concurrentKernels: 1,
  ECCEnabled: 1,
  pciBusID: 0,
  pciDeviceID: 6,
  pciDomainID: 0,
  tccDriver: 0,
  asyncEngineCount: 3,
  unifiedAddressing: 1,
  memoryBusWidth: 5120,
  l2CacheSize: 52428800,
  persistingL2CacheMaxSize: 32768000,
  maxThreadsPerMultiProcessor: 2048,
  streamPrioritiesSupported: 1,
  globalL1CacheSupported: 1,
  localL1CacheSupported: 1,
  sharedMemPerMultiprocessor: 233472n,
  regsPerMultiprocessor: 65536,
  managedMemory: 1,
  isMultiGpuBoard: 0,
  multiGpuBoardGroupID: 0,
  hostNativeAtomicSupported: 0,
  pageableMemoryAccess: 0,
  concurrentManagedAccess: 1,
  computePreemptionSupported: 1,
  canUseHostPointerForRegisteredMem: 1,
  cooperativeLaunch: 1,
  sharedMemPerBlockOptin: 232448n,
  pageableMemoryAccessUsesHostPageTables: 0,
  directManagedMemAccessFromHost: 0,
  maxBlocksPerMultiProcessor: 32,
  accessPolicyMaxWindowSize: 134217728,
  reservedSharedMemPerBlock: 1024n,
  hostRegisterSupported: 1,
  sparseCudaArraySupported: 1,
  hostRegisterReadOnlySupported: 1,
  timelineSemaphoreInteropSupported: 1,
  memoryPoolsSupported: 1,
  gpuDirectRDMASupported: 1,
  gpuDirectRDMAFlushWritesOptions: 1,
  gpuDirectRDMAWritesOrdering: 100,
  memoryPoolSupportedHandleTypes: 9,
  deferredMappingCudaArraySupported: 1,
  ipcEventSupported: 1,
  clusterLaunch: 1,
  unifiedFunctionPointers: 1,
  deviceNumaConfig: 0,
  deviceNumaId: -1,
  mpsEnabled: 0,
  hostNumaId: 0,
  gpuPciDeviceID: 590352606,
  gpuPciSubsystemID: 381751518,
  hostNumaMultinodeIpcSupported: 0,
  reserved: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
};

/** C element type of a cudaDeviceProp field. */
export type PropCType = 'char' | 'cudaUUID_t' | 'int' | 'unsigned int' | 'size_t';

/** One field of struct cudaDeviceProp: element C type, element count, byte offset and element size. */
export interface PropField {
  readonly field: keyof DeviceProps;
  readonly ctype: PropCType;
  readonly count: number;
  readonly offset: number;
  readonly elemSize: number;
}

/** sizeof(cudaDeviceProp) in CUDA 13 on x86-64. */
export const cudaDevicePropSize = 1008;

/** Every field of cudaDeviceProp in declaration order with its offsetof (printed by nvcc 13). */
export const cudaDevicePropLayout: ReadonlyArray<PropField> = (
  [
    ["name", 'char', 256, 0, 1],
    ["uuid", 'cudaUUID_t', 1, 256, 1],
    ["luid", 'char', 8, 272, 1],
    ["luidDeviceNodeMask", 'unsigned int', 1, 280, 4],
    ["totalGlobalMem", 'size_t', 1, 288, 8],
    ["sharedMemPerBlock", 'size_t', 1, 296, 8],
    ["regsPerBlock", 'int', 1, 304, 4],
    ["warpSize", 'int', 1, 308, 4],
    ["memPitch", 'size_t', 1, 312, 8],
    ["maxThreadsPerBlock", 'int', 1, 320, 4],
    ["maxThreadsDim", 'int', 3, 324, 4],
    ["maxGridSize", 'int', 3, 336, 4],
    ["totalConstMem", 'size_t', 1, 352, 8],
    ["major", 'int', 1, 360, 4],
    ["minor", 'int', 1, 364, 4],
    ["textureAlignment", 'size_t', 1, 368, 8],
    ["texturePitchAlignment", 'size_t', 1, 376, 8],
    ["multiProcessorCount", 'int', 1, 384, 4],
    ["integrated", 'int', 1, 388, 4],
    ["canMapHostMemory", 'int', 1, 392, 4],
    ["maxTexture1D", 'int', 1, 396, 4],
    ["maxTexture1DMipmap", 'int', 1, 400, 4],
    ["maxTexture2D", 'int', 2, 404, 4],
    ["maxTexture2DMipmap", 'int', 2, 412, 4],
    ["maxTexture2DLinear", 'int', 3, 420, 4],
    ["maxTexture2DGather", 'int', 2, 432, 4],
    ["maxTexture3D", 'int', 3, 440, 4],
    ["maxTexture3DAlt", 'int', 3, 452, 4],
    ["maxTextureCubemap", 'int', 1, 464, 4],
    ["maxTexture1DLayered", 'int', 2, 468, 4],
    ["maxTexture2DLayered", 'int', 3, 476, 4],
    ["maxTextureCubemapLayered", 'int', 2, 488, 4],
    ["maxSurface1D", 'int', 1, 496, 4],
    ["maxSurface2D", 'int', 2, 500, 4],
    ["maxSurface3D", 'int', 3, 508, 4],
    ["maxSurface1DLayered", 'int', 2, 520, 4],
    ["maxSurface2DLayered", 'int', 3, 528, 4],
    ["maxSurfaceCubemap", 'int', 1, 540, 4],
    ["maxSurfaceCubemapLayered", 'int', 2, 544, 4],
    ["surfaceAlignment", 'size_t', 1, 552, 8],
    ["concurrentKernels", 'int', 1, 560, 4],
    ["ECCEnabled", 'int', 1, 564, 4],
    ["pciBusID", 'int', 1, 568, 4],
    ["pciDeviceID", 'int', 1, 572, 4],
    ["pciDomainID", 'int', 1, 576, 4],
    ["tccDriver", 'int', 1, 580, 4],
    ["asyncEngineCount", 'int', 1, 584, 4],
    ["unifiedAddressing", 'int', 1, 588, 4],
    ["memoryBusWidth", 'int', 1, 592, 4],
    ["l2CacheSize", 'int', 1, 596, 4],
    ["persistingL2CacheMaxSize", 'int', 1, 600, 4],
    ["maxThreadsPerMultiProcessor", 'int', 1, 604, 4],
    ["streamPrioritiesSupported", 'int', 1, 608, 4],
    ["globalL1CacheSupported", 'int', 1, 612, 4],
    ["localL1CacheSupported", 'int', 1, 616, 4],
    ["sharedMemPerMultiprocessor", 'size_t', 1, 624, 8],
    ["regsPerMultiprocessor", 'int', 1, 632, 4],
    ["managedMemory", 'int', 1, 636, 4],
    ["isMultiGpuBoard", 'int', 1, 640, 4],
    ["multiGpuBoardGroupID", 'int', 1, 644, 4],
    ["hostNativeAtomicSupported", 'int', 1, 648, 4],
    ["pageableMemoryAccess", 'int', 1, 652, 4],
    ["concurrentManagedAccess", 'int', 1, 656, 4],
    ["computePreemptionSupported", 'int', 1, 660, 4],
    ["canUseHostPointerForRegisteredMem", 'int', 1, 664, 4],
    ["cooperativeLaunch", 'int', 1, 668, 4],
    ["sharedMemPerBlockOptin", 'size_t', 1, 672, 8],
    ["pageableMemoryAccessUsesHostPageTables", 'int', 1, 680, 4],
    ["directManagedMemAccessFromHost", 'int', 1, 684, 4],
    ["maxBlocksPerMultiProcessor", 'int', 1, 688, 4],
    ["accessPolicyMaxWindowSize", 'int', 1, 692, 4],
    ["reservedSharedMemPerBlock", 'size_t', 1, 696, 8],
    ["hostRegisterSupported", 'int', 1, 704, 4],
    ["sparseCudaArraySupported", 'int', 1, 708, 4],
    ["hostRegisterReadOnlySupported", 'int', 1, 712, 4],
    ["timelineSemaphoreInteropSupported", 'int', 1, 716, 4],
    ["memoryPoolsSupported", 'int', 1, 720, 4],
    ["gpuDirectRDMASupported", 'int', 1, 724, 4],
    ["gpuDirectRDMAFlushWritesOptions", 'unsigned int', 1, 728, 4],
    ["gpuDirectRDMAWritesOrdering", 'int', 1, 732, 4],
    ["memoryPoolSupportedHandleTypes", 'unsigned int', 1, 736, 4],
    ["deferredMappingCudaArraySupported", 'int', 1, 740, 4],
    ["ipcEventSupported", 'int', 1, 744, 4],
    ["clusterLaunch", 'int', 1, 748, 4],
    ["unifiedFunctionPointers", 'int', 1, 752, 4],
    ["deviceNumaConfig", 'int', 1, 756, 4],
    ["deviceNumaId", 'int', 1, 760, 4],
    ["mpsEnabled", 'int', 1, 764, 4],
    ["hostNumaId", 'int', 1, 768, 4],
    ["gpuPciDeviceID", 'unsigned int', 1, 772, 4],
    ["gpuPciSubsystemID", 'unsigned int', 1, 776, 4],
    ["hostNumaMultinodeIpcSupported", 'int', 1, 780, 4],
    ["reserved", 'int', 56, 784, 4],
  ] as const
).map(([field, ctype, count, offset, elemSize]) => ({ field, ctype, count, offset, elemSize }));

/** Serialises props as the little-endian C struct cudaDeviceProp (padding bytes are zero). */
export function encodeDeviceProps(props: DeviceProps): Uint8Array {
  const bytes = new Uint8Array(cudaDevicePropSize);
  const view = new DataView(bytes.buffer);
  for (const f of cudaDevicePropLayout) {
    const v = props[f.field];
    if (typeof v === 'string') {
      // name is a NUL-terminated char[256]; the simulator only uses ASCII names.
      for (let i = 0; i < Math.min(v.length, f.count - 1); i++) bytes[f.offset + i] = v.charCodeAt(i) & 0xff;
    } else if (typeof v === 'bigint') {
      view.setBigUint64(f.offset, BigInt.asUintN(64, v), true);
    } else if (typeof v === 'number') {
      if (f.ctype === 'int') view.setInt32(f.offset, v, true);
      else view.setUint32(f.offset, v >>> 0, true);
    } else {
      for (let i = 0; i < f.count; i++) {
        const x = v[i] ?? 0;
        if (f.elemSize === 1) bytes[f.offset + i] = x & 0xff;
        else view.setInt32(f.offset + 4 * i, x | 0, true);
      }
    }
  }
  return bytes;
}
