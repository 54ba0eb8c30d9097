import { api, cudaErrorInvalidValue, cudaErrorMemoryAllocation, cudaSuccess, num, ptrType, sync } from './api-common.js';
import type { HostBuiltin, RuntimeContext } from './context.js';
import type { DeviceState } from './device-state.js';
import { pitchedApi } from './memory-pitch.js';
import { symbolCopyError } from './copy-rules.js';
import { managedApi } from './memory-managed.js';
import type { CType } from '../check/types.js';

/*
 * The CUDA runtime's allocation built-ins: device, pinned (page-locked) and mapped host memory,
 * managed memory, and the copies to and from __device__/__constant__ symbols. Pitched memory
 * lives in memory-pitch.ts, pointer queries and managed-memory hints in memory-managed.ts.
 */

const uintType: CType = { kind: 'int', bits: 32, signed: false, name: 'unsigned int' };
const sizeT: CType = { kind: 'int', bits: 64, signed: false, name: 'size_t' };

/** cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined: every flag cudaHostAlloc knows. */
const HOST_ALLOC_FLAGS = 1 | 2 | 4;
const HOST_ALLOC_MAPPED = 2;
const HOST_ALLOC_WRITE_COMBINED = 4;
const MEM_ATTACH_GLOBAL = 1;
const MEM_ATTACH_HOST = 2;

/** A symbol copy must stay inside the variable: CUDA checks offset + count against its size. */
export function symbolRangeOk(dev: DeviceState, symbol: number, offset: number, count: number): boolean {
  const s = dev.symbolAt(symbol);
  return s !== null && offset >= 0 && offset + count <= s.size - (symbol - s.base);
}

/** The start of the pinned allocation holding `p`, or null for any other pointer. */
function pinnedBase(ctx: RuntimeContext, p: number): number | null {
  const a = ctx.memory.allocation(p);
  return a?.space === 'pinned' ? a.base : null;
}

/** cudaMalloc's work, shared with cudaMallocAsync: stores the new allocation's address at `out` (null for zero bytes). */
export function mallocDevice(ctx: RuntimeContext, out: number, size: number): number {
  // A null devPtr is refused before anything is allocated (measured on an H200: cudaMalloc(NULL, 16) is 1).
  if (out === 0) return cudaErrorInvalidValue;
  const p = size === 0 ? 0 : ctx.memory.allocGlobal(size);
  if (p === null) return cudaErrorMemoryAllocation;
  ctx.memory.store(out, ptrType, p);
  return cudaSuccess;
}

/** The allocation and symbol built-ins, given the device-side state they act on. */
export function memoryApi(dev: DeviceState): Readonly<Record<string, HostBuiltin>> {
  // cudaHostGetFlags per pinned allocation. Under UVA every page-locked allocation is mapped,
  // so the H100 reports cudaHostAllocMapped for all of them (plus write-combined where asked).
  const hostFlags = new Map<number, number>();
  const allocPinned = (ctx: RuntimeContext, out: number, size: number, flags: number): number => {
    const p = ctx.memory.tryAllocHost(Math.max(1, size), 4096, true);
    if (p === null) return cudaErrorMemoryAllocation;
    hostFlags.set(p, HOST_ALLOC_MAPPED | (flags & HOST_ALLOC_WRITE_COMBINED));
    ctx.memory.store(out, ptrType, p);
    return cudaSuccess;
  };
  return {
    ...pitchedApi(dev),
    ...managedApi(),
    cudaMalloc: (ctx, args) => api(ctx, () => mallocDevice(ctx, num(args, 0), num(args, 1))),
    cudaMallocManaged: (ctx, args) =>
      api(ctx, () => {
        const [size, flags] = [num(args, 1), num(args, 2)];
        if (size === 0 || (flags !== MEM_ATTACH_GLOBAL && flags !== MEM_ATTACH_HOST)) return cudaErrorInvalidValue;
        const p = ctx.memory.allocGlobal(size, true);
        if (p === null) return cudaErrorMemoryAllocation;
        ctx.memory.store(num(args, 0), ptrType, p);
        return cudaSuccess;
      }),
    cudaFree: (ctx, args) =>
      api(ctx, () => {
        const p = num(args, 0);
        if (p === 0) return cudaSuccess;
        sync(ctx);
        return ctx.memory.freeGlobal(p) ? cudaSuccess : cudaErrorInvalidValue;
      }),
    cudaMemGetInfo: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), sizeT, ctx.memory.globalFreeBytes);
        ctx.memory.store(num(args, 1), sizeT, dev.preset.props.totalGlobalMem);
        return cudaSuccess;
      }),
    cudaMallocHost: (ctx, args) => api(ctx, () => allocPinned(ctx, num(args, 0), num(args, 1), 0)),
    cudaHostAlloc: (ctx, args) =>
      api(ctx, () => {
        const flags = num(args, 2);
        if ((flags & ~HOST_ALLOC_FLAGS) !== 0) return cudaErrorInvalidValue;
        return allocPinned(ctx, num(args, 0), num(args, 1), flags);
      }),
    cudaFreeHost: (ctx, args) =>
      api(ctx, () => {
        const p = num(args, 0);
        if (p === 0) return cudaSuccess;
        sync(ctx);
        if (!hostFlags.delete(p)) return cudaErrorInvalidValue;
        ctx.memory.freeHost(p);
        return cudaSuccess;
      }),
    cudaHostGetFlags: (ctx, args) =>
      api(ctx, () => {
        const base = pinnedBase(ctx, num(args, 1));
        if (base === null) return cudaErrorInvalidValue;
        ctx.memory.store(num(args, 0), uintType, hostFlags.get(base) ?? HOST_ALLOC_MAPPED);
        return cudaSuccess;
      }),
    cudaHostGetDevicePointer: (ctx, args) =>
      api(ctx, () => {
        // Unified addressing: the device sees pinned memory at its host address.
        if (num(args, 2) !== 0 || pinnedBase(ctx, num(args, 1)) === null) return cudaErrorInvalidValue;
        ctx.memory.store(num(args, 0), ptrType, num(args, 1));
        return cudaSuccess;
      }),
    cudaMemcpyToSymbol: (ctx, args) =>
      api(ctx, () => {
        const fault = sync(ctx);
        if (fault !== 0) return fault;
        const refused = symbolCopyError(symbolRangeOk(dev, num(args, 0), num(args, 3), num(args, 2)), num(args, 4), true);
        if (refused !== cudaSuccess) return refused;
        ctx.memory.copy(num(args, 0) + num(args, 3), num(args, 1), num(args, 2));
        return cudaSuccess;
      }),
    cudaMemcpyFromSymbol: (ctx, args) =>
      api(ctx, () => {
        const fault = sync(ctx);
        if (fault !== 0) return fault;
        const refused = symbolCopyError(symbolRangeOk(dev, num(args, 1), num(args, 3), num(args, 2)), num(args, 4), false);
        if (refused !== cudaSuccess) return refused;
        ctx.memory.copy(num(args, 0), num(args, 1) + num(args, 3), num(args, 2));
        return cudaSuccess;
      }),
    cudaGetSymbolAddress: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), ptrType, num(args, 1));
        return cudaSuccess;
      }),
  };
}
