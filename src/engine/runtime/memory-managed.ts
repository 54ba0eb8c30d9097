import { api, cudaErrorInvalidDevice, cudaErrorInvalidValue, cudaSuccess, intType, num, ptrType } from './api-common.js';
import type { HostBuiltin, RuntimeContext } from './context.js';
import type { Scalar } from '../exec/env.js';

/*
 * What the runtime says about a pointer (cudaPointerGetAttributes) and the hints a program
 * gives about managed memory (cudaMemPrefetchAsync, cudaMemAdvise with CUDA 13's
 * cudaMemLocation). Warpscope keeps one copy of managed memory that both sides read, so the
 * hints change nothing but are checked as CUDA checks them.
 */

/** cudaMemoryType. */
const UNREGISTERED = 0, HOST = 1, DEVICE = 2, MANAGED = 3;
/** cudaPointerAttributes.device of memory no device knows (cudaInvalidDeviceId). */
const NO_DEVICE = -2;
/** cudaMemLocationType. */
const LOC_DEVICE = 1, LOC_HOST = 2, LOC_HOST_NUMA_CURRENT = 4;
const ADVISE_SET_READ_MOSTLY = 1, ADVISE_UNSET_ACCESSED_BY = 6;

/** Whether [p, p + count) lies inside one managed allocation. */
function managedRange(ctx: RuntimeContext, p: number, count: number): boolean {
  const a = ctx.memory.allocation(p);
  return a !== null && a.space === 'managed' && p + count <= a.base + a.size;
}

/** Checks a cudaMemLocation passed by value (the struct's address arrives): 0 when it names this device or the host. */
function locationError(ctx: RuntimeContext, loc: Scalar | undefined): number {
  const addr = Number(loc ?? 0);
  const [type, id] = [Number(ctx.memory.load(addr, intType)), Number(ctx.memory.load(addr + 4, intType))];
  if (type === LOC_DEVICE) return id === 0 ? cudaSuccess : cudaErrorInvalidDevice;
  return type >= LOC_HOST && type <= LOC_HOST_NUMA_CURRENT ? cudaSuccess : cudaErrorInvalidValue;
}

/** The pointer-query and managed-memory built-ins. */
export function managedApi(): Readonly<Record<string, HostBuiltin>> {
  return {
    cudaPointerGetAttributes: (ctx, args) =>
      api(ctx, () => {
        const [out, p] = [num(args, 0), num(args, 1)];
        const a = ctx.memory.allocation(p);
        let [type, device, devPtr, hostPtr] = [UNREGISTERED, NO_DEVICE, 0, p];
        if (a?.space === 'managed') [type, device, devPtr, hostPtr] = [MANAGED, 0, p, p];
        else if (a?.space === 'pinned') [type, device, devPtr, hostPtr] = [HOST, 0, p, p];
        else if (ctx.memory.isDevice(p)) [type, device, devPtr, hostPtr] = [DEVICE, 0, p, 0];
        ctx.memory.store(out, intType, type);
        ctx.memory.store(out + 4, intType, device);
        ctx.memory.store(out + 8, ptrType, devPtr);
        ctx.memory.store(out + 16, ptrType, hostPtr);
        return cudaSuccess;
      }),
    cudaMemPrefetchAsync: (ctx, args) =>
      api(ctx, () => {
        if (!managedRange(ctx, num(args, 0), num(args, 1))) return cudaErrorInvalidValue;
        return locationError(ctx, args[2]);
      }),
    cudaMemAdvise: (ctx, args) =>
      api(ctx, () => {
        const advice = num(args, 2);
        if (advice < ADVISE_SET_READ_MOSTLY || advice > ADVISE_UNSET_ACCESSED_BY) return cudaErrorInvalidValue;
        if (!managedRange(ctx, num(args, 0), num(args, 1))) return cudaErrorInvalidValue;
        // Read-mostly advice ignores the location.
        return advice <= 2 ? cudaSuccess : locationError(ctx, args[3]);
      }),
  };
}
