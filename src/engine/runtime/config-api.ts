import { api, cudaErrorInvalidValue, cudaSuccess, intType, num, uintType } from './api-common.js';
import type { HostBuiltin, RuntimeContext } from './context.js';
import type { Scalar } from '../exec/env.js';
import type { CType } from '../check/types.js';

/*
 * The CUDA runtime's device configuration calls: limits, cache preferences, device flags,
 * versions and the profiler switches. None of them changes what a program computes here; each
 * answers as the H100 with CUDA 13.0 answers (test/conformance/device/config.cu), so a program
 * that prints or checks them sees the same values.
 */

const sizeT: CType = { kind: 'int', bits: 64, signed: false, name: 'size_t' };
const cudaErrorUnsupportedLimit = 215;
/** cudaLimitDevRuntimeSyncDepth: only for dynamic parallelism, which sm_90 has no limit for. */
const LIMIT_SYNC_DEPTH = 3;
/** cudaDeviceMapHost: always set, as every device maps host memory. */
const MAP_HOST = 8;
/** The CUDA version both cudaDriverGetVersion and cudaRuntimeGetVersion report (13.0). */
export const CUDA_VERSION = 13000;

/** cudaLimit values by enumerator, as the H100 reports them before any change. */
const DEFAULT_LIMITS: readonly number[] = [1024, 8650752, 8388608, 0, 2048, 64, 9830400];

/** Rounds a requested limit the way the driver stores it: the printf FIFO to 128 bytes, the malloc heap to 64 KiB. */
function granted(limit: number, value: number): number {
  const up = (n: number): number => Math.ceil(value / n) * n;
  return limit === 1 ? up(128) : limit === 2 ? up(65536) : value;
}

/** Stores a call's answer through its first argument, a pointer that must not be NULL. */
function answer(ctx: RuntimeContext, args: readonly Scalar[], type: CType, value: number): number {
  if (num(args, 0) === 0) return cudaErrorInvalidValue;
  ctx.memory.store(num(args, 0), type, value);
  return cudaSuccess;
}

/** Device configuration state (reset by cudaDeviceReset) and the calls that read and set it. */
export class DeviceConfig {
  private limits = [...DEFAULT_LIMITS];
  private cache = 0;
  private flags = MAP_HOST;

  /** cudaDeviceReset: back to the defaults. */
  reset(): void {
    this.limits = [...DEFAULT_LIMITS];
    this.cache = 0;
    this.flags = MAP_HOST;
  }

  /** The built-ins, bound to this state. */
  builtins(): Readonly<Record<string, HostBuiltin>> {
    const validLimit = (l: number): boolean => l >= 0 && l < DEFAULT_LIMITS.length && l !== LIMIT_SYNC_DEPTH;
    return {
      cudaDeviceGetLimit: (ctx, args) =>
        api(ctx, () => {
          const l = num(args, 1);
          if (!validLimit(l)) return cudaErrorUnsupportedLimit;
          if (num(args, 0) === 0) return cudaErrorInvalidValue;
          ctx.memory.store(num(args, 0), sizeT, BigInt(this.limits[l]!));
          return cudaSuccess;
        }),
      cudaDeviceSetLimit: (ctx, args) =>
        api(ctx, () => {
          const l = num(args, 0);
          if (!validLimit(l)) return cudaErrorUnsupportedLimit;
          this.limits[l] = granted(l, num(args, 1));
          return cudaSuccess;
        }),
      cudaDeviceGetCacheConfig: (ctx, args) => api(ctx, () => answer(ctx, args, intType, this.cache)),
      cudaDeviceSetCacheConfig: (ctx, args) =>
        api(ctx, () => {
          const c = num(args, 0);
          if (c < 0 || c > 3) return cudaErrorInvalidValue;
          this.cache = c;
          return cudaSuccess;
        }),
      // The L1/shared split is the hardware's choice on sm_90: a preference is accepted and changes nothing.
      cudaFuncSetCacheConfig: (ctx, args) => api(ctx, () => (num(args, 1) < 0 || num(args, 1) > 3 ? cudaErrorInvalidValue : cudaSuccess)),
      cudaGetDeviceFlags: (ctx, args) => api(ctx, () => answer(ctx, args, uintType, this.flags)),
      cudaSetDeviceFlags: (ctx, args) =>
        api(ctx, () => {
          this.flags = (num(args, 0) >>> 0) | MAP_HOST;
          return cudaSuccess;
        }),
      cudaDriverGetVersion: (ctx, args) => api(ctx, () => answer(ctx, args, intType, CUDA_VERSION)),
      cudaRuntimeGetVersion: (ctx, args) => api(ctx, () => answer(ctx, args, intType, CUDA_VERSION)),
      // One device: whatever the properties ask for, device 0 is the closest.
      cudaChooseDevice: (ctx, args) => api(ctx, () => answer(ctx, args, intType, 0)),
      // Profiling ranges matter to Nsight; `warpscope stats` always measures the whole run.
      cudaProfilerStart: (ctx) => api(ctx, () => cudaSuccess),
      cudaProfilerStop: (ctx) => api(ctx, () => cudaSuccess),
    };
  }
}
