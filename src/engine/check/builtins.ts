import type { CType } from './types.js';
import {
  boolType, charType, scharType, ucharType, shortType, ushortType, doubleType, floatType, intType, llongType, longType, pointerTo, sizeType, uintType, ullongType, ulongType, voidType,
} from './types.js';
import { CONVERSIONS, conversionSignature } from '../lib/cvt.js';
import { memLocationType, memoryAdviseType, pointerAttributesType } from './builtins-cuda-mem.js';
import {
  cudaErrorType, devAttrType, devicePropType_, eventType, fileType, funcAttrEnumType, funcAttrType, funcCacheType, limitType, memcpyKindType, streamType,
  builtinTypedefs,
} from './builtins-types.js';

/*
 * The library and CUDA functions a program may call without declaring them.
 *
 * Key scheme (the IR `intrinsic` node's `name`, which the runtime dispatches on):
 *  - a name with one signature keeps its C name: 'sqrtf', 'cudaMalloc', '__syncthreads';
 *  - overloaded names add ':' and the operand type: 'atomicAdd:i32', 'atomicAdd:f32', 'min:u64',
 *    '__shfl_down_sync:f64', 'isnan:f32'. Codes: i32/u32 (32-bit), i64/u64 (long and long long
 *    share an implementation), f32, f64;
 *  - C++ <cmath> overloads of a C function use the C function's key: sqrt(float) -> 'sqrtf',
 *    abs(float) -> 'fabsf', pow(float, float) -> 'powf'; integer arguments pick the double one.
 * The base name (before ':') is the C name the runtime implements.
 */

/** A parameter: a C type, or a special argument form. 'ptrptr': any T** (cudaMalloc's template overload); 'symbol': a variable passed by reference (its address); 'kernel': a __global__ function name (IR const holding the IFunction id); 'hostfn': a host function name, the same way (cudaLaunchHostFunc's callback). */
export type ParamSpec = CType | 'ptrptr' | 'symbol' | 'kernel' | 'hostfn';

/** Where a built-in can be called from. */
export type BuiltinSpace = 'host' | 'device' | 'both';

/** One signature of a built-in. `defaults` fill trailing parameters (values of the parameter types). */
export interface BuiltinSig {
  readonly name: string;
  readonly key: string;
  readonly space: BuiltinSpace;
  readonly ret: CType;
  readonly params: readonly ParamSpec[];
  readonly defaults: readonly (number | bigint)[];
  readonly variadic: boolean;
  /** Overloads resolved by the usual arithmetic conversions of the arguments (CUDA's min/max define every mixed pair). */
  readonly uac?: boolean;
  /** CUDA's headers declare it only when __CUDA_ARCH__ is at least this (e.g. 800 for __reduce_add_sync). */
  readonly minArch?: number;
  /** A pre-CUDA-9 warp function: the `_sync` function that replaced it (deprecated and unassemblable from compute_70 on). */
  readonly legacyOf?: string;
}

const table = new Map<string, BuiltinSig[]>();

/** Registers one signature. */
function def(space: BuiltinSpace, name: string, ret: CType, params: ParamSpec[], opts: { key?: string; defaults?: (number | bigint)[]; variadic?: boolean; uac?: boolean; minArch?: number; legacyOf?: string } = {}): void {
  const list = table.get(name) ?? [];
  list.push({ name, key: opts.key ?? name, space, ret, params, defaults: opts.defaults ?? [], variadic: opts.variadic ?? false, uac: opts.uac, minArch: opts.minArch, legacyOf: opts.legacyOf });
  table.set(name, list);
}

const cchar = pointerTo({ ...charType, isConst: true });
const charp = pointerTo(charType);
const vp = pointerTo(voidType);
const cvp = pointerTo({ ...voidType, isConst: true });
const filep = pointerTo(fileType);
const sizep = pointerTo(sizeType);
const timeT = builtinTypedefs.get('time_t')!;
const clockT = builtinTypedefs.get('clock_t')!;
const code = (t: CType): string => (t.kind === 'float' ? (t.bits === 32 ? 'f32' : 'f64') : t.kind === 'int' ? `${t.signed ? 'i' : 'u'}${t.bits}` : 'x');
const F = floatType;
const D = doubleType;

// Math: every C function, and the C++ overload of the double name taking floats.
const unary = ['sqrt', 'cbrt', 'exp', 'exp2', 'exp10', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh',
  'asinh', 'acosh', 'atanh', 'fabs', 'floor', 'ceil', 'round', 'trunc', 'rint', 'nearbyint', 'erf', 'erfc', 'tgamma', 'lgamma'];
for (const n of unary) {
  def('both', n + 'f', F, [F]);
  def('both', n, D, [D]);
  def('both', n, F, [F], { key: n + 'f' });
}
// lround/llround round half away from zero, lrint/llrint half to even (the default rounding mode); each also takes a float.
for (const n of ['lround', 'llround', 'lrint', 'llrint']) {
  const ret = n.startsWith('ll') ? llongType : longType;
  def('both', n + 'f', ret, [F]);
  def('both', n, ret, [D]);
  def('both', n, ret, [F], { key: n + 'f' });
}
for (const n of ['rsqrt']) {
  def('device', n + 'f', F, [F]);
  def('device', n, D, [D]);
  def('device', n, F, [F], { key: n + 'f' });
}
for (const n of ['pow', 'atan2', 'fmin', 'fmax', 'fmod', 'hypot', 'copysign', 'remainder', 'fdim']) {
  def('both', n + 'f', F, [F, F]);
  def('both', n, D, [D, D]);
  def('both', n, F, [F, F], { key: n + 'f' });
}
def('both', 'fmaf', F, [F, F, F]);
def('both', 'fma', D, [D, D, D]);
def('both', 'fma', F, [F, F, F], { key: 'fmaf' });
for (const n of ['isnan', 'isinf', 'isfinite', 'signbit']) {
  def('both', n, boolType, [F], { key: n + ':f32' });
  def('both', n, boolType, [D], { key: n + ':f64' });
}
for (const n of ['__expf', '__logf', '__sinf', '__cosf', '__tanf', '__saturatef', '__frcp_rn', '__fsqrt_rn', '__log2f', '__log10f', '__exp10f']) def('device', n, F, [F]);
for (const n of ['__fdividef', '__powf', '__fadd_rn', '__fmul_rn', '__fdiv_rn', '__fsub_rn']) def('device', n, F, [F, F]);
def('device', '__int_as_float', F, [intType]);
def('device', '__float_as_int', intType, [F]);
def('device', '__uint_as_float', F, [uintType]);
def('device', '__float_as_uint', uintType, [F]);
def('device', '__double_as_longlong', llongType, [D]);
def('device', '__longlong_as_double', D, [llongType]);
// Conversions with a rounding mode (__float2int_rn, __ll2float_rz, __double2float_ru...): lib/cvt.ts.
const CVT_TYPES: Readonly<Record<string, CType>> = { float: F, double: D, int: intType, uint: uintType, ll: llongType, ull: ullongType };
for (const n of Object.keys(CONVERSIONS)) {
  const sig = conversionSignature(n);
  if (sig) def('device', n, CVT_TYPES[sig.to]!, [CVT_TYPES[sig.from]!]);
}
// Read-only data cache loads: a plain load here (no cache is modelled), for every scalar type.
for (const t of [charType, scharType, ucharType, shortType, ushortType, intType, uintType, longType, ulongType, llongType, ullongType, F, D]) {
  def('device', '__ldg', t, [pointerTo({ ...t, isConst: true })], { key: `__ldg:${code(t)}` });
}

// min/max/abs as CUDA's headers (and std::) define them.
for (const n of ['min', 'max']) for (const t of [intType, uintType, longType, ulongType, llongType, ullongType, F, D]) def('both', n, t, [t, t], { key: `${n}:${code(t)}`, uac: true });
def('both', 'abs', intType, [intType], { key: 'abs:i32' });
def('both', 'abs', longType, [longType], { key: 'abs:i64' });
def('both', 'abs', llongType, [llongType], { key: 'abs:i64' });
def('both', 'abs', F, [F], { key: 'fabsf' });
def('both', 'abs', D, [D], { key: 'fabs' });
def('both', 'labs', longType, [longType]);
def('both', 'llabs', llongType, [llongType]);

// Synchronisation, timing.
def('device', '__syncthreads', voidType, []);
for (const n of ['__syncthreads_count', '__syncthreads_and', '__syncthreads_or']) def('device', n, intType, [intType]);
def('device', '__syncwarp', voidType, [uintType], { defaults: [0xffffffff] });
for (const n of ['__threadfence', '__threadfence_block', '__threadfence_system']) def('device', n, voidType, []);
def('device', 'clock64', llongType, []);
def('device', '__nanosleep', voidType, [uintType], { minArch: 700 });

// Atomics.
const atom = (n: string, types: CType[]): void => {
  // atomicAdd on double needs sm_60; 64-bit atomicMin/Max sm_35 (every preset has that).
  for (const t of types) def('device', n, t, [pointerTo(t), t], { key: types.length > 1 ? `${n}:${code(t)}` : n, minArch: n === 'atomicAdd' && t === D ? 600 : undefined });
};
atom('atomicAdd', [intType, uintType, ullongType, F, D]);
atom('atomicSub', [intType, uintType]);
atom('atomicExch', [intType, uintType, ullongType, F]);
atom('atomicMin', [intType, uintType, llongType, ullongType]);
atom('atomicMax', [intType, uintType, llongType, ullongType]);
atom('atomicInc', [uintType]);
atom('atomicDec', [uintType]);
for (const n of ['atomicAnd', 'atomicOr', 'atomicXor']) atom(n, [intType, uintType, ullongType]);
for (const t of [intType, uintType, ullongType]) def('device', 'atomicCAS', t, [pointerTo(t), t, t], { key: `atomicCAS:${code(t)}` });

// Warp-level primitives.
def('device', '__ballot_sync', uintType, [uintType, intType]);
def('device', '__all_sync', intType, [uintType, intType]);
def('device', '__any_sync', intType, [uintType, intType]);
def('device', '__activemask', uintType, []);
// The pre-CUDA-9 votes: for sm_70 and above nvcc still declares them but warns (#1444-D), then ptxas
// rejects each call ("Instruction 'vote' without '.sync' is not supported on .target sm_70 and higher").
for (const [n, ret] of [['__all', intType], ['__any', intType], ['__ballot', uintType]] as const) def('device', n, ret, [intType], { legacyOf: `${n}_sync` });
for (const t of [intType, uintType, longType, ulongType, llongType, ullongType, F, D]) {
  def('device', '__shfl_sync', t, [uintType, t, intType, intType], { key: `__shfl_sync:${code(t)}`, defaults: [32] });
  def('device', '__shfl_up_sync', t, [uintType, t, uintType, intType], { key: `__shfl_up_sync:${code(t)}`, defaults: [32] });
  def('device', '__shfl_down_sync', t, [uintType, t, uintType, intType], { key: `__shfl_down_sync:${code(t)}`, defaults: [32] });
  def('device', '__shfl_xor_sync', t, [uintType, t, intType, intType], { key: `__shfl_xor_sync:${code(t)}`, defaults: [32] });
}
// sm_70_rt.h: match on every 32- and 64-bit integer and floating type.
for (const t of [intType, uintType, longType, ulongType, llongType, ullongType, F, D]) {
  def('device', '__match_any_sync', uintType, [uintType, t], { key: `__match_any_sync:${code(t)}`, minArch: 700 });
  def('device', '__match_all_sync', uintType, [uintType, t, pointerTo(intType)], { key: `__match_all_sync:${code(t)}`, minArch: 700 });
}
for (const n of ['__reduce_add_sync', '__reduce_min_sync', '__reduce_max_sync']) for (const t of [intType, uintType]) def('device', n, t, [uintType, t], { key: `${n}:${code(t)}`, minArch: 800 });
for (const n of ['__reduce_and_sync', '__reduce_or_sync', '__reduce_xor_sync']) def('device', n, uintType, [uintType, uintType], { minArch: 800 });
def('device', '__popc', intType, [uintType]);
def('device', '__popcll', intType, [ullongType]);
def('device', '__clz', intType, [intType]);
def('device', '__clzll', intType, [llongType]);
def('device', '__ffs', intType, [intType]);
def('device', '__ffsll', intType, [llongType]);
def('device', '__brev', uintType, [uintType]);
def('device', '__mul24', intType, [intType, intType]);
def('device', '__umul24', uintType, [uintType, uintType]);
def('device', '__mulhi', intType, [intType, intType]);
def('device', '__umulhi', uintType, [uintType, uintType]);
def('device', '__mul64hi', llongType, [llongType, llongType]);
def('device', '__umul64hi', ullongType, [ullongType, ullongType]);
def('device', '__brevll', ullongType, [ullongType]);
def('device', '__byte_perm', uintType, [uintType, uintType, uintType]);
for (const n of ['__funnelshift_l', '__funnelshift_lc', '__funnelshift_r', '__funnelshift_rc']) def('device', n, uintType, [uintType, uintType, uintType]);
def('device', '__hadd', intType, [intType, intType]);
def('device', '__rhadd', intType, [intType, intType]);
def('device', '__uhadd', uintType, [uintType, uintType]);
def('device', '__urhadd', uintType, [uintType, uintType]);
def('device', '__sad', uintType, [intType, intType, uintType]);
def('device', '__usad', uintType, [uintType, uintType, uintType]);

// C library. printf, malloc, free, memset and memcpy also exist in device code.
def('both', 'printf', intType, [cchar], { variadic: true });
def('host', 'fprintf', intType, [filep, cchar], { variadic: true });
def('host', 'sprintf', intType, [charp, cchar], { variadic: true });
def('host', 'snprintf', intType, [charp, sizeType, cchar], { variadic: true });
def('host', 'puts', intType, [cchar]);
def('host', 'putchar', intType, [intType]);
def('host', 'fflush', intType, [filep]);
def('both', 'malloc', vp, [sizeType]);
def('host', 'calloc', vp, [sizeType, sizeType]);
def('host', 'realloc', vp, [vp, sizeType]);
def('both', 'free', voidType, [vp]);
def('both', 'memset', vp, [vp, intType, sizeType]);
def('both', 'memcpy', vp, [vp, cvp, sizeType]);
def('host', 'memmove', vp, [vp, cvp, sizeType]);
def('host', 'memcmp', intType, [cvp, cvp, sizeType]);
def('host', 'strlen', sizeType, [cchar]);
def('host', 'strcmp', intType, [cchar, cchar]);
def('host', 'strncmp', intType, [cchar, cchar, sizeType]);
def('host', 'strcpy', charp, [charp, cchar]);
def('host', 'strncpy', charp, [charp, cchar, sizeType]);
def('host', 'strcat', charp, [charp, cchar]);
def('host', 'atoi', intType, [cchar]);
def('host', 'atol', longType, [cchar]);
def('host', 'atoll', llongType, [cchar]);
def('host', 'atof', D, [cchar]);
def('host', 'strtol', longType, [cchar, pointerTo(charp), intType]);
def('host', 'strtoll', llongType, [cchar, pointerTo(charp), intType]);
def('host', 'strtoul', ulongType, [cchar, pointerTo(charp), intType]);
def('host', 'strtof', F, [cchar, pointerTo(charp)]);
def('host', 'strtod', D, [cchar, pointerTo(charp)]);
def('host', 'rand', intType, []);
def('host', 'srand', voidType, [uintType]);
def('host', 'exit', voidType, [intType]);
def('host', 'abort', voidType, []);
def('host', 'time', timeT, [pointerTo(timeT)]);
def('both', 'clock', clockT, []);

// CUDA runtime API (host side).
const E = cudaErrorType;
const h = (n: string, params: ParamSpec[], defaults: (number | bigint)[] = [], ret: CType = E): void => def('host', n, ret, params, { defaults });
h('cudaMalloc', ['ptrptr', sizeType]);
h('cudaMallocHost', ['ptrptr', sizeType]);
h('cudaHostAlloc', ['ptrptr', sizeType, uintType]);
h('cudaMallocManaged', ['ptrptr', sizeType, uintType], [1]);
h('cudaMallocPitch', ['ptrptr', sizep, sizeType, sizeType]);
h('cudaHostGetDevicePointer', ['ptrptr', vp, uintType]);
h('cudaFree', [vp]);
h('cudaMallocAsync', ['ptrptr', sizeType, streamType]);
h('cudaFreeAsync', [vp, streamType]);
h('cudaFreeHost', [vp]);
h('cudaMemcpy', [vp, cvp, sizeType, memcpyKindType]);
h('cudaMemcpyAsync', [vp, cvp, sizeType, memcpyKindType, streamType], [0]);
h('cudaMemcpy2D', [vp, sizeType, cvp, sizeType, sizeType, sizeType, memcpyKindType]);
h('cudaMemcpy2DAsync', [vp, sizeType, cvp, sizeType, sizeType, sizeType, memcpyKindType, streamType], [0]);
h('cudaMemset', [vp, intType, sizeType]);
h('cudaMemsetAsync', [vp, intType, sizeType, streamType], [0]);
h('cudaMemcpyToSymbol', ['symbol', cvp, sizeType, sizeType, memcpyKindType], [0, 1]);
h('cudaMemcpyFromSymbol', [vp, 'symbol', sizeType, sizeType, memcpyKindType], [0, 2]);
h('cudaMemcpyToSymbolAsync', ['symbol', cvp, sizeType, sizeType, memcpyKindType, streamType], [0, 1, 0]);
h('cudaMemcpyFromSymbolAsync', [vp, 'symbol', sizeType, sizeType, memcpyKindType, streamType], [0, 2, 0]);
h('cudaGetSymbolAddress', ['ptrptr', 'symbol']);
h('cudaMemGetInfo', [sizep, sizep]);
h('cudaHostGetFlags', [pointerTo(uintType), vp]);
h('cudaMemset2D', [vp, sizeType, intType, sizeType, sizeType]);
h('cudaPointerGetAttributes', [pointerTo(pointerAttributesType), cvp]);
h('cudaMemPrefetchAsync', [cvp, sizeType, memLocationType, uintType, streamType], [0]);
h('cudaMemAdvise', [cvp, sizeType, memoryAdviseType, memLocationType]);
h('cudaOccupancyMaxActiveBlocksPerMultiprocessor', [pointerTo(intType), 'kernel', intType, sizeType]);
h('cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags', [pointerTo(intType), 'kernel', intType, sizeType, uintType]);
h('cudaOccupancyMaxPotentialBlockSize', [pointerTo(intType), pointerTo(intType), 'kernel', sizeType, intType], [0, 0]);
for (const n of ['cudaDeviceSynchronize', 'cudaThreadSynchronize', 'cudaDeviceReset', 'cudaGetLastError', 'cudaPeekAtLastError']) h(n, []);
h('cudaGetErrorString', [E], [], cchar);
h('cudaGetErrorName', [E], [], cchar);
h('cudaGetDeviceCount', [pointerTo(intType)]);
h('cudaGetDeviceProperties', [pointerTo(devicePropType_), intType]);
h('cudaDeviceGetLimit', [pointerTo(sizeType), limitType]);
h('cudaDeviceSetLimit', [limitType, sizeType]);
h('cudaDeviceGetCacheConfig', [pointerTo(funcCacheType)]);
h('cudaDeviceSetCacheConfig', [funcCacheType]);
h('cudaFuncSetCacheConfig', ['kernel', funcCacheType]);
h('cudaGetDeviceFlags', [pointerTo(uintType)]);
h('cudaSetDeviceFlags', [uintType]);
h('cudaDriverGetVersion', [pointerTo(intType)]);
h('cudaRuntimeGetVersion', [pointerTo(intType)]);
h('cudaChooseDevice', [pointerTo(intType), pointerTo({ ...devicePropType_, isConst: true } as CType)]);
h('cudaProfilerStart', []);
h('cudaProfilerStop', []);
h('cudaSetDevice', [intType]);
h('cudaGetDevice', [pointerTo(intType)]);
h('cudaDeviceGetAttribute', [pointerTo(intType), devAttrType, intType]);
h('cudaFuncGetAttributes', [pointerTo(funcAttrType), 'kernel']);
h('cudaFuncSetAttribute', ['kernel', funcAttrEnumType, intType]);
h('cudaEventCreate', [pointerTo(eventType)]);
h('cudaEventCreateWithFlags', [pointerTo(eventType), uintType]);
h('cudaEventRecord', [eventType, streamType], [0]);
h('cudaEventRecordWithFlags', [eventType, streamType, uintType], [0, 0]);
h('cudaEventSynchronize', [eventType]);
h('cudaEventElapsedTime', [pointerTo(F), eventType, eventType]);
h('cudaEventDestroy', [eventType]);
h('cudaEventQuery', [eventType]);
h('cudaStreamCreate', [pointerTo(streamType)]);
h('cudaStreamCreateWithFlags', [pointerTo(streamType), uintType]);
h('cudaStreamDestroy', [streamType]);
h('cudaStreamSynchronize', [streamType]);
h('cudaStreamQuery', [streamType]);
h('cudaStreamWaitEvent', [streamType, eventType, uintType], [0]);
h('cudaStreamGetFlags', [streamType, pointerTo(uintType)]);
h('cudaStreamCreateWithPriority', [pointerTo(streamType), uintType, intType]);
h('cudaStreamGetPriority', [streamType, pointerTo(intType)]);
h('cudaDeviceGetStreamPriorityRange', [pointerTo(intType), pointerTo(intType)]);
h('cudaLaunchHostFunc', [streamType, 'hostfn', vp]);

/** The pre-CUDA-9 shuffles, which CUDA's headers declare only below compute_70, with the call that replaces each. */
export const removedBuiltins: ReadonlyMap<string, string> = new Map([
  ['__shfl', '__shfl_sync(mask, var, srcLane)'],
  ['__shfl_up', '__shfl_up_sync(mask, var, delta)'],
  ['__shfl_down', '__shfl_down_sync(mask, var, delta)'],
  ['__shfl_xor', '__shfl_xor_sync(mask, var, laneMask)'],
]);

/** Every built-in function by source name, each with its overloads. */
export const builtinFunctions: ReadonlyMap<string, readonly BuiltinSig[]> = table;
