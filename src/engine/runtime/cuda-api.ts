import { errorName, errorString } from './errors.js';
import type { HostBuiltin, RuntimeContext } from './context.js';
import type { Scalar } from '../exec/env.js';
import type { DeviceState } from './device-state.js';
import {
  api, cudaErrorInvalidMemcpyDirection, cudaErrorInvalidResourceHandle, cudaErrorInvalidValue, cudaSuccess, floatType, num, ptrType, sync,
} from './api-common.js';

/*
 * The CUDA runtime API calls about execution: synchronisation, errors, events, and the
 * copies and fills that run in stream order. Allocation lives in memory-api.ts, device
 * queries in device-api.ts.
 */

/** Checks a memcpy's direction against where its pointers live (UVA lets the runtime tell). */
function copyAllowed(ctx: RuntimeContext, dst: number, src: number, kind: number): number {
  const m = ctx.memory;
  const dstDev = m.isDevice(dst);
  const srcDev = m.isDevice(src);
  const dstOk = dstDev || m.isHost(dst);
  const srcOk = srcDev || m.isHost(src);
  if (!dstOk || !srcOk) return cudaErrorInvalidValue;
  switch (kind) {
    case 0:
    case 4:
      return cudaSuccess;
    case 1:
      return dstDev && !srcDev ? cudaSuccess : cudaErrorInvalidValue;
    case 2:
      return !dstDev && srcDev ? cudaSuccess : cudaErrorInvalidValue;
    case 3:
      return dstDev && srcDev ? cudaSuccess : cudaErrorInvalidValue;
    default:
      return cudaErrorInvalidMemcpyDirection;
  }
}

/** The CUDA runtime API built-ins, given the device-side state they act on. */
export function cudaApi(dev: DeviceState): Readonly<Record<string, HostBuiltin>> {
  return {
    cudaMemcpy: (ctx, args) => memcpy(ctx, args, true),
    cudaMemcpyAsync: (ctx, args) => memcpy(ctx, args, false),
    cudaMemset: (ctx, args) => memset(ctx, args, true),
    cudaMemsetAsync: (ctx, args) => memset(ctx, args, false),
    cudaDeviceSynchronize: (ctx) => {
      const code = sync(ctx);
      return code !== 0 ? code : ctx.errors.stickyError;
    },
    cudaThreadSynchronize: (ctx) => sync(ctx),
    cudaDeviceReset: (ctx) => {
      ctx.flushDevicePrintf();
      ctx.errors.reset();
      dev.reset();
      return cudaSuccess;
    },
    cudaGetLastError: (ctx) => ctx.errors.takeLast(),
    cudaPeekAtLastError: (ctx) => ctx.errors.peekLast(),
    cudaGetErrorString: (ctx, args) => dev.hostString(ctx, errorString(num(args, 0))),
    cudaGetErrorName: (ctx, args) => dev.hostString(ctx, errorName(num(args, 0))),
    cudaEventCreate: (ctx, args) => api(ctx, () => createEvent(ctx, dev, args)),
    cudaEventCreateWithFlags: (ctx, args) => api(ctx, () => createEvent(ctx, dev, args)),
    cudaEventRecord: (ctx, args) => api(ctx, () => (dev.recordEvent(num(args, 0)) ? cudaSuccess : cudaErrorInvalidResourceHandle)),
    cudaEventSynchronize: (ctx, args) => api(ctx, () => (dev.hasEvent(num(args, 0)) ? sync(ctx) : cudaErrorInvalidResourceHandle)),
    cudaEventQuery: (ctx, args) => api(ctx, () => (dev.hasEvent(num(args, 0)) ? cudaSuccess : cudaErrorInvalidResourceHandle)),
    cudaEventDestroy: (ctx, args) => api(ctx, () => (dev.destroyEvent(num(args, 0)) ? cudaSuccess : cudaErrorInvalidResourceHandle)),
    cudaEventElapsedTime: (ctx, args) =>
      api(ctx, () => {
        const ms = dev.elapsedMs(num(args, 1), num(args, 2));
        if (ms === null) return cudaErrorInvalidResourceHandle;
        ctx.memory.store(num(args, 0), floatType, Math.fround(ms));
        return cudaSuccess;
      }),
  };
}

function createEvent(ctx: RuntimeContext, dev: DeviceState, args: readonly Scalar[]): number {
  ctx.memory.store(num(args, 0), ptrType, dev.createEvent());
  return cudaSuccess;
}

function memcpy(ctx: RuntimeContext, args: readonly Scalar[], blocking: boolean): number {
  return api(ctx, () => {
    if (blocking) {
      const fault = sync(ctx);
      if (fault !== 0) return fault;
    }
    const [dst, src, n, kind] = [num(args, 0), num(args, 1), num(args, 2), num(args, 3)];
    if (n === 0) return cudaSuccess;
    const allowed = copyAllowed(ctx, dst, src, kind);
    if (allowed !== cudaSuccess) return allowed;
    ctx.memory.copy(dst, src, n);
    return cudaSuccess;
  });
}

function memset(ctx: RuntimeContext, args: readonly Scalar[], blocking: boolean): number {
  return api(ctx, () => {
    if (blocking) {
      const fault = sync(ctx);
      if (fault !== 0) return fault;
    }
    const [dst, value, n] = [num(args, 0), num(args, 1), num(args, 2)];
    if (n === 0) return cudaSuccess;
    if (!ctx.memory.isDevice(dst)) return cudaErrorInvalidValue;
    ctx.memory.fill(dst, value & 0xff, n);
    return cudaSuccess;
  });
}
