import { api, cudaErrorInvalidMemcpyDirection, cudaErrorInvalidValue, cudaErrorMemoryAllocation, cudaSuccess, num, ptrType, sync } from './api-common.js';
import type { HostBuiltin } from './context.js';
import type { DeviceState } from './device-state.js';

/*
 * The CUDA runtime's allocation built-ins: device, pinned and mapped host memory, and the
 * copies to and from __device__/__constant__ symbols.
 */

/** A symbol copy must stay inside the variable: CUDA checks offset + count against its size. */
function symbolRangeOk(dev: DeviceState, symbol: number, offset: number, count: number): boolean {
  const s = dev.symbolAt(symbol);
  return s !== null && offset >= 0 && offset + count <= s.size - (symbol - s.base);
}

/** The allocation and symbol built-ins, given the device-side state they act on. */
export function memoryApi(dev: DeviceState): Readonly<Record<string, HostBuiltin>> {
  return {
    cudaMalloc: (ctx, args) =>
      api(ctx, () => {
        const size = num(args, 1);
        const p = size === 0 ? 0 : ctx.memory.allocGlobal(size);
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
    cudaMemcpyToSymbol: (ctx, args) =>
      api(ctx, () => {
        const fault = sync(ctx);
        if (fault !== 0) return fault;
        if (!symbolRangeOk(dev, num(args, 0), num(args, 3), num(args, 2))) return cudaErrorInvalidValue;
        const dst = num(args, 0) + num(args, 3);
        if (num(args, 4) !== 1 && num(args, 4) !== 4 && num(args, 4) !== 3) return cudaErrorInvalidMemcpyDirection;
        ctx.memory.copy(dst, num(args, 1), num(args, 2));
        return cudaSuccess;
      }),
    cudaMemcpyFromSymbol: (ctx, args) =>
      api(ctx, () => {
        const fault = sync(ctx);
        if (fault !== 0) return fault;
        if (num(args, 4) !== 2 && num(args, 4) !== 4 && num(args, 4) !== 3) return cudaErrorInvalidMemcpyDirection;
        if (!symbolRangeOk(dev, num(args, 1), num(args, 3), num(args, 2))) return cudaErrorInvalidValue;
        ctx.memory.copy(num(args, 0), num(args, 1) + num(args, 3), num(args, 2));
        return cudaSuccess;
      }),
    cudaGetSymbolAddress: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), ptrType, num(args, 1));
        return cudaSuccess;
      }),
    cudaMallocHost: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), ptrType, ctx.memory.allocHost(Math.max(1, num(args, 1)), 4096));
        return cudaSuccess;
      }),
    cudaHostAlloc: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), ptrType, ctx.memory.allocHost(Math.max(1, num(args, 1)), 4096));
        return cudaSuccess;
      }),
    cudaFreeHost: (ctx, args) => api(ctx, () => (ctx.memory.freeHost(num(args, 0)) ? cudaSuccess : cudaErrorInvalidValue)),  };
}
