import type { CType, FieldInfo, StructInfo } from './types.js';
import {
  charType, doubleType, floatType, intType, scharType, shortType, sizeType, ucharType, uintType, ullongType, ushortType, llongType,
} from './types.js';
import { layoutStruct } from './layout.js';
import { cgFunctorTypeNames, cgTypeNames } from './cg-types.js';
import { iostreamTypeNames } from './iostream-names.js';
import { cudaDevicePropLayout, cudaDevicePropSize } from '../runtime/props.js';
import { cudaErrors } from '../runtime/errors.js';
import { cudaMemConstants, cudaMemTypedefs } from './builtins-cuda-mem.js';

/*
 * The types and constants CUDA's headers (cuda_runtime.h, vector_types.h, stdio.h,
 * stdint.h) would declare. Warpscope has no real headers, so the checker predeclares
 * them; the parser asks builtinTypeNames which identifiers are types.
 */

/** A struct type for a builtin struct. */
function st(info: StructInfo): CType {
  return { kind: 'struct', info };
}

/** A vector type (int2, float4...): fields x,y,z,w of `elem`, with CUDA's __align__ (size of the whole vector for 2 and 4 components). */
function vector(name: string, elem: CType, n: number): CType {
  const names = ['x', 'y', 'z', 'w'].slice(0, n);
  const base = layoutStruct(name, false, names.map((f) => ({ name: f, type: elem })), name);
  // vector_types.h aligns 2- and 4-component vectors to their full size (int2: 8, float4: 16), 3-component ones naturally.
  const align = n === 3 ? base.align : Math.min(16, base.size);
  return st({ ...base, align, size: Math.ceil(base.size / align) * align });
}

const uint3Info = layoutStruct('uint3', false, ['x', 'y', 'z'].map((n) => ({ name: n, type: uintType })), 'uint3');
/** uint3: the type of threadIdx/blockIdx. */
export const uint3Type: CType = st(uint3Info);
/** dim3: like uint3, but constructible with defaults of 1. */
export const dim3Type: CType = st(layoutStruct('dim3', false, ['x', 'y', 'z'].map((n) => ({ name: n, type: uintType })), 'dim3'));

/** Opaque struct used behind handle pointers (cudaStream_t, cudaEvent_t, FILE *). */
function opaque(name: string): CType {
  return st({ name, isUnion: false, fields: [], size: 1, align: 1, builtin: name });
}

export const fileType: CType = opaque('FILE');
export const streamType: CType = { kind: 'pointer', to: opaque('CUstream_st') };
export const eventType: CType = { kind: 'pointer', to: opaque('CUevent_st') };
/** Enumerations: 32-bit signed ints carrying the enum's name (C++ unscoped enums whose values fit in int). */
export const cudaErrorType: CType = { kind: 'int', bits: 32, signed: true, name: 'cudaError_t' };
export const memcpyKindType: CType = { kind: 'int', bits: 32, signed: true, name: 'cudaMemcpyKind' };
export const devAttrType: CType = { kind: 'int', bits: 32, signed: true, name: 'cudaDeviceAttr' };
/** enum cudaFuncAttribute (cudaFuncSetAttribute's attribute). */
export const funcAttrEnumType: CType = { kind: 'int', bits: 32, signed: true, name: 'cudaFuncAttribute' };
/** enum cudaLimit (cudaDeviceGetLimit/SetLimit) and enum cudaFuncCache (cache preferences). */
export const limitType: CType = { kind: 'int', bits: 32, signed: true, name: 'cudaLimit' };
export const funcCacheType: CType = { kind: 'int', bits: 32, signed: true, name: 'cudaFuncCache' };

/** cudaDeviceProp, laid out exactly as src/engine/runtime/props.ts records CUDA 13's struct. */
function devicePropType(): CType {
  const uuid = st(layoutStruct('cudaUUID_t', false, [{ name: 'bytes', type: { kind: 'array', of: charType, length: 16 } }], 'cudaUUID_t'));
  const elem: Record<string, CType> = { char: charType, cudaUUID_t: uuid, int: intType, 'unsigned int': uintType, size_t: sizeType };
  const fields: FieldInfo[] = cudaDevicePropLayout.map((f) => {
    const e = elem[f.ctype]!;
    const type: CType = f.count > 1 || f.ctype === 'char' ? { kind: 'array', of: e, length: f.count } : e;
    return { name: f.field, type, offset: f.offset };
  });
  return st({ name: 'cudaDeviceProp', isUnion: false, fields, size: cudaDevicePropSize, align: 8, builtin: 'cudaDeviceProp' });
}
export const devicePropType_: CType = devicePropType();

/** cudaFuncAttributes in CUDA 12/13 field order (the runtime fills what it knows). */
export const funcAttrType: CType = st(
  layoutStruct(
    'cudaFuncAttributes',
    false,
    [
      ...['sharedSizeBytes', 'constSizeBytes', 'localSizeBytes'].map((name) => ({ name, type: sizeType })),
      ...['maxThreadsPerBlock', 'numRegs', 'ptxVersion', 'binaryVersion', 'cacheModeCA', 'maxDynamicSharedSizeBytes', 'preferredShmemCarveout',
        'clusterDimMustBeSet', 'requiredClusterWidth', 'requiredClusterHeight', 'requiredClusterDepth', 'clusterSchedulingPolicyPreference',
        'nonPortableClusterSizeAllowed'].map((name) => ({ name, type: intType })),
      { name: 'reserved', type: { kind: 'array', of: intType, length: 16 } },
    ],
    'cudaFuncAttributes',
  ),
);

const named = (bits: 8 | 16 | 32 | 64, signed: boolean, name: string): CType => ({ kind: 'int', bits, signed, name });

/** Typedef-like names the headers declare, with the types they denote. 8-bit ones keep the char type names (types.ts compares char types by name). */
export const builtinTypedefs: ReadonlyMap<string, CType> = new Map<string, CType>([
  ['size_t', sizeType],
  ['std::size_t', sizeType],
  ['ssize_t', named(64, true, 'ssize_t')],
  ['ptrdiff_t', named(64, true, 'ptrdiff_t')],
  ['intptr_t', named(64, true, 'intptr_t')],
  ['uintptr_t', named(64, false, 'uintptr_t')],
  ['time_t', named(64, true, 'time_t')],
  ['clock_t', named(64, true, 'clock_t')],
  ['int8_t', scharType],
  ['uint8_t', ucharType],
  ['int16_t', shortType],
  ['uint16_t', ushortType],
  ['int32_t', intType],
  ['uint32_t', uintType],
  ['int64_t', named(64, true, 'int64_t')],
  ['uint64_t', named(64, false, 'uint64_t')],
  ['intmax_t', named(64, true, 'intmax_t')],
  ['uintmax_t', named(64, false, 'uintmax_t')],
  ['dim3', dim3Type],
  ['uint3', uint3Type],
  ['int2', vector('int2', intType, 2)],
  ['int3', vector('int3', intType, 3)],
  ['int4', vector('int4', intType, 4)],
  ['uint2', vector('uint2', uintType, 2)],
  ['uint4', vector('uint4', uintType, 4)],
  ['float2', vector('float2', floatType, 2)],
  ['float3', vector('float3', floatType, 3)],
  ['float4', vector('float4', floatType, 4)],
  ['double2', vector('double2', doubleType, 2)],
  ['char4', vector('char4', scharType, 4)],
  ['uchar4', vector('uchar4', ucharType, 4)],
  ['longlong2', vector('longlong2', llongType, 2)],
  ['ulonglong2', vector('ulonglong2', ullongType, 2)],
  ['cudaError_t', cudaErrorType],
  ['cudaError', cudaErrorType],
  ['cudaMemcpyKind', memcpyKindType],
  ['cudaDeviceAttr', devAttrType],
  ['cudaFuncAttribute', funcAttrEnumType],
  ['cudaLimit', limitType],
  ['cudaFuncCache', funcCacheType],
  ['cudaStream_t', streamType],
  ['cudaEvent_t', eventType],
  ['cudaDeviceProp', devicePropType_],
  ['cudaFuncAttributes', funcAttrType],
  ['FILE', fileType],
  ...cudaMemTypedefs,
]);

/** Names the parser must treat as type names (cooperative groups' types are in cg-types.ts). */
export const builtinTypeNames: ReadonlySet<string> = new Set([...builtinTypedefs.keys(), ...cgTypeNames, ...cgFunctorTypeNames, ...iostreamTypeNames]);

/** Built-in type names a using-directive leaves qualified (ParseOptions.qualifiedOnlyTypeNames): `less`, `plus`... stay ordinary identifiers. */
export const qualifiedOnlyTypeNames: ReadonlySet<string> = new Set(cgFunctorTypeNames);

/** Enumerators and constants from the CUDA/C headers: name -> (value, type). */
export const builtinConstants: ReadonlyMap<string, { value: number | bigint; type: CType }> = (() => {
  const m = new Map<string, { value: number | bigint; type: CType }>();
  for (const e of cudaErrors) m.set(e.name, { value: e.code, type: cudaErrorType });
  const kinds = ['cudaMemcpyHostToHost', 'cudaMemcpyHostToDevice', 'cudaMemcpyDeviceToHost', 'cudaMemcpyDeviceToDevice', 'cudaMemcpyDefault'];
  kinds.forEach((k, i) => m.set(k, { value: i, type: memcpyKindType }));
  const uints: [string, number][] = [
    ['cudaStreamDefault', 0], ['cudaStreamNonBlocking', 1], ['cudaEventDefault', 0], ['cudaEventBlockingSync', 1], ['cudaEventDisableTiming', 2],
    ['cudaEventInterprocess', 4], ['cudaHostAllocDefault', 0], ['cudaHostAllocPortable', 1], ['cudaHostAllocMapped', 2], ['cudaHostAllocWriteCombined', 4],
    ['cudaMemAttachGlobal', 1], ['cudaMemAttachHost', 2], ['cudaMemAttachSingle', 4],
  ];
  // These are #defines of unsigned literals in cuda_runtime_api.h (e.g. `#define cudaStreamNonBlocking 0x01`): typed int as the literal is.
  for (const [n, v] of uints) m.set(n, { value: v, type: intType });
  const attrs: [string, number][] = [
    ['MaxThreadsPerBlock', 1], ['MaxBlockDimX', 2], ['MaxBlockDimY', 3], ['MaxBlockDimZ', 4], ['MaxGridDimX', 5], ['MaxGridDimY', 6], ['MaxGridDimZ', 7],
    ['MaxSharedMemoryPerBlock', 8], ['TotalConstantMemory', 9], ['WarpSize', 10], ['MaxPitch', 11], ['MaxRegistersPerBlock', 12], ['ClockRate', 13],
    ['TextureAlignment', 14], ['GpuOverlap', 15], ['MultiProcessorCount', 16], ['KernelExecTimeout', 17], ['Integrated', 18], ['CanMapHostMemory', 19],
    ['ComputeMode', 20], ['ConcurrentKernels', 31], ['EccEnabled', 32], ['PciBusId', 33], ['PciDeviceId', 34], ['TccDriver', 35], ['MemoryClockRate', 36],
    ['GlobalMemoryBusWidth', 37], ['L2CacheSize', 38], ['MaxThreadsPerMultiProcessor', 39], ['AsyncEngineCount', 40], ['UnifiedAddressing', 41],
    ['PciDomainId', 50], ['ComputeCapabilityMajor', 75], ['ComputeCapabilityMinor', 76], ['MaxSharedMemoryPerMultiprocessor', 81],
    ['MaxRegistersPerMultiprocessor', 82], ['ManagedMemory', 83], ['IsMultiGpuBoard', 84], ['ConcurrentManagedAccess', 89], ['CooperativeLaunch', 95],
    ['MaxSharedMemoryPerBlockOptin', 97], ['MaxBlocksPerMultiprocessor', 106],
  ];
  for (const [n, v] of attrs) m.set('cudaDevAttr' + n, { value: v, type: devAttrType });
  // driver_types.h (CUDA 12/13): the settable function attributes start at 8.
  const funcAttrs: [string, number][] = [
    ['MaxDynamicSharedMemorySize', 8], ['PreferredSharedMemoryCarveout', 9], ['ClusterDimMustBeSet', 10], ['RequiredClusterWidth', 11],
    ['RequiredClusterHeight', 12], ['RequiredClusterDepth', 13], ['NonPortableClusterSizeAllowed', 14], ['ClusterSchedulingPolicyPreference', 15],
  ];
  for (const [n, v] of funcAttrs) m.set('cudaFuncAttribute' + n, { value: v, type: funcAttrEnumType });
  m.set('cudaSharedmemCarveoutDefault', { value: -1, type: intType });
  m.set('cudaSharedmemCarveoutMaxShared', { value: 100, type: intType });
  m.set('cudaSharedmemCarveoutMaxL1', { value: 0, type: intType });
  for (const [n, v, type] of cudaMemConstants) m.set(n, { value: v, type });
  const limits = ['StackSize', 'PrintfFifoSize', 'MallocHeapSize', 'DevRuntimeSyncDepth', 'DevRuntimePendingLaunchCount', 'MaxL2FetchGranularity', 'PersistingL2CacheSize'];
  limits.forEach((n, i) => m.set('cudaLimit' + n, { value: i, type: limitType }));
  ['PreferNone', 'PreferShared', 'PreferL1', 'PreferEqual'].forEach((n, i) => m.set('cudaFuncCache' + n, { value: i, type: funcCacheType }));
  const deviceFlags: [string, number][] = [
    ['cudaDeviceScheduleAuto', 0], ['cudaDeviceScheduleSpin', 1], ['cudaDeviceScheduleYield', 2], ['cudaDeviceScheduleBlockingSync', 4],
    ['cudaDeviceBlockingSync', 4], ['cudaDeviceMapHost', 8], ['cudaDeviceLmemResizeToMax', 16], ['cudaEventRecordDefault', 0], ['cudaEventRecordExternal', 1],
  ];
  for (const [n, v] of deviceFlags) m.set(n, { value: v, type: intType });
  m.set('cudaCpuDeviceId', { value: -1, type: intType });
  m.set('cudaInvalidDeviceId', { value: -2, type: intType });
  return m;
})();

