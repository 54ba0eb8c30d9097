import type { CType } from '../check/types.js';

/*
 * The simulated address map. Addresses are JS numbers (all below 2^53). Bases are chosen to
 * look like a real Linux x86-64 process with a CUDA context, so printed pointers feel familiar
 * (host data near 0x5555..., the host stack near 0x7ffd..., device memory near 0x7f4c...).
 */

/** String literals: readable by host and device code (nvcc puts device copies in constant memory; one copy serves both here). */
export const RODATA_BASE = 0x555555556000;
/** Host globals and static locals. */
export const HDATA_BASE = 0x555556556000;
/** Host heap (malloc/new/cudaMallocHost). */
export const HEAP_BASE = 0x5555665a0000;
/** The address range the host heap's allocator may place blocks in. */
export const HEAP_RANGE = 2 ** 40;
/** Host stack frames (grow upward here; the direction is invisible to programs without UB). */
export const STACK_BASE = 0x7ffd5a000000;
/** Device global memory (cudaMalloc, __device__ and __managed__ variables). */
export const GLOBAL_BASE = 0x7f4c3a000000;
/** The virtual range reserved for device allocations (the budget limits what is mapped). */
export const GLOBAL_RANGE = 2 ** 38;
/** The constant bank (64 KiB of __constant__ variables) followed by the kernel parameter area. */
export const CONST_BASE = 0x7f4c38000000;
export const CONST_BANK_BYTES = 65536;
/** Kernel parameters (struct arguments are copied here at launch). */
export const PARAM_BASE = CONST_BASE + CONST_BANK_BYTES;
export const PARAM_BYTES = 32768;
/** The generic-address window of the executing block's shared memory. */
export const SHARED_BASE = 0x7f4c36000000;
export const SHARED_MAX = 232448; // 227 KiB opt-in maximum on an H100
/** The generic-address window of per-thread local memory (each lane has its own bytes here). */
export const LOCAL_BASE = 0x7f4c34000000;
/** The most local memory (stack) one thread may have: a deeper call faults. */
export const MAX_LOCAL_STRIDE = 512 * 1024;
/** The memory spaces a generic address can fall in, in the order traces number them (instrumented code passes that number: Observer.accessValues). */
export const SPACE_NAMES = ['host', 'global', 'shared', 'local', 'constant'] as const;
/** The memory spaces a generic address can fall in (traces and the debugger name memory by them). */
export type AddressSpaceName = (typeof SPACE_NAMES)[number];

/** The space a generic address falls in by the address map alone (the host stack lies above device memory). */
export function spaceOfAddress(a: number): AddressSpaceName {
  return a >= STACK_BASE ? 'host' : a >= GLOBAL_BASE ? 'global' : a >= CONST_BASE ? 'constant' : a >= SHARED_BASE ? 'shared' : a >= LOCAL_BASE ? 'local' : 'host';
}

/** Mapping granularity of device memory: accesses inside a mapped 2 MiB chunk never fault. */
export const CHUNK_BYTES = 2 * 1024 * 1024;
/** Bytes a program may cudaMalloc: the H100's totalGlobalMem less what a CUDA context keeps. */
export const GLOBAL_BUDGET = 85017493504 - 536870912;

/** Scalar access kinds: how many bytes and how to interpret them. */
export const U8 = 0, I8 = 1, U16 = 2, I16 = 3, U32 = 4, I32 = 5, F32 = 6, F64 = 7, U64 = 8, I64 = 9, PTR = 10, BOOL = 11;
/** Byte size per access kind. */
export const CODE_SIZE: readonly number[] = [1, 1, 2, 2, 4, 4, 4, 8, 8, 8, 8, 1];

/** The access kind for a scalar C type (enums are ints, pointers are PTR). */
export function typeCode(t: CType): number {
  switch (t.kind) {
    case 'bool':
      return BOOL;
    case 'int':
      if (t.bits === 8) return t.signed ? I8 : U8;
      if (t.bits === 16) return t.signed ? I16 : U16;
      if (t.bits === 32) return t.signed ? I32 : U32;
      return t.signed ? I64 : U64;
    case 'float':
      return t.bits === 32 ? F32 : F64;
    case 'pointer':
    case 'nullptr':
    case 'array':
    case 'function':
      return PTR;
    default:
      throw new Error(`no scalar access for type kind ${t.kind}`);
  }
}
