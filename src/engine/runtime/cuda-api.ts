import { errorName, errorString } from './errors.js';
import { num, type HostBuiltin, type RuntimeContext } from './context.js';
import type { Scalar } from '../exec/env.js';
import type { CType } from '../check/types.js';
import type { DeviceState } from './device-state.js';
import { deviceAttribute } from './device-attributes.js';
import { h100Props } from './props.js';

/*
 * The CUDA runtime API calls of a host program. Each returns a cudaError_t and keeps
 * CUDA's bookkeeping: the last error, sticky errors after a kernel fault, implicit
 * synchronisation of blocking calls (which is also when device printf output appears).
 */

const ptrType: CType = { kind: 'pointer', to: { kind: 'void' } };
const intType: CType = { kind: 'int', bits: 32, signed: true, name: 'int' };
const floatType: CType = { kind: 'float', bits: 32 };

const cudaSuccess = 0;
const cudaErrorInvalidValue = 1;
const cudaErrorMemoryAllocation = 2;
const cudaErrorInvalidDevice = 101;
const cudaErrorInvalidMemcpyDirection = 21;
const cudaErrorInvalidResourceHandle = 400;
const FUNC_ATTR_MAX_DYNAMIC_SHARED = 8;
const FUNC_ATTR_CARVEOUT = 9;

/** A symbol copy must stay inside the variable: CUDA checks offset + count against its size. */
function symbolRangeOk(dev: DeviceState, symbol: number, offset: number, count: number): boolean {
  const s = dev.symbolAt(symbol);
  return s !== null && offset >= 0 && offset + count <= s.size - (symbol - s.base);
}

/** What a blocking call does first: wait for the device, print its printf output, surface a kernel fault. */
function sync(ctx: RuntimeContext): number {
  ctx.flushDevicePrintf();
  return ctx.errors.synchronize();
}

/** Wraps an API call: a corrupted context fails every call with its sticky error. */
function api(ctx: RuntimeContext, body: () => number): number {
  const sticky = ctx.errors.stickyError;
  if (sticky !== 0) return sticky;
  return ctx.errors.record(body());
}

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
    cudaMemcpy: (ctx, args) => memcpy(ctx, args, true),
    cudaMemcpyAsync: (ctx, args) => memcpy(ctx, args, false),
    cudaMemset: (ctx, args) => memset(ctx, args, true),
    cudaMemsetAsync: (ctx, args) => memset(ctx, args, false),
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
    cudaGetDeviceCount: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), intType, 1);
        return cudaSuccess;
      }),
    cudaGetDevice: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), intType, 0);
        return cudaSuccess;
      }),
    cudaSetDevice: (ctx, args) => api(ctx, () => (num(args, 0) === 0 ? cudaSuccess : cudaErrorInvalidDevice)),
    cudaGetDeviceProperties: (ctx, args) =>
      api(ctx, () => {
        if (num(args, 1) !== 0) return cudaErrorInvalidDevice;
        dev.writeDeviceProps(ctx, num(args, 0));
        return cudaSuccess;
      }),
    cudaDeviceGetAttribute: (ctx, args) =>
      api(ctx, () => {
        if (num(args, 2) !== 0) return cudaErrorInvalidDevice;
        const v = deviceAttribute(num(args, 1));
        if (v === null) return cudaErrorInvalidValue;
        ctx.memory.store(num(args, 0), intType, v);
        return cudaSuccess;
      }),
    cudaFuncSetAttribute: (ctx, args) =>
      api(ctx, () => {
        const [kernel, attr, value] = [num(args, 0), num(args, 1), num(args, 2)];
        if (attr === FUNC_ATTR_MAX_DYNAMIC_SHARED) {
          if (value < 0 || value > Number(h100Props.sharedMemPerBlockOptin)) return cudaErrorInvalidValue;
          dev.maxDynamicShared.set(kernel, value);
          return cudaSuccess;
        }
        // The carveout is a hint to the hardware; a value in 0..100 (or -1, the default) is accepted.
        if (attr === FUNC_ATTR_CARVEOUT) return value >= -1 && value <= 100 ? cudaSuccess : cudaErrorInvalidValue;
        return cudaErrorInvalidValue;
      }),
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
    cudaFreeHost: (ctx, args) => api(ctx, () => (ctx.memory.freeHost(num(args, 0)) ? cudaSuccess : cudaErrorInvalidValue)),
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
