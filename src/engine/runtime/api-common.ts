import { num, type RuntimeContext } from './context.js';
import type { CType } from '../check/types.js';
import type { Resumable } from '../exec/env.js';

/*
 * What every group of CUDA runtime API built-ins shares: the error codes they return,
 * the types they store through, and the wrappers that give each call CUDA's bookkeeping
 * (sticky errors after a kernel fault, the last error, implicit synchronisation).
 */

export { num };
export const ptrType: CType = { kind: 'pointer', to: { kind: 'void' } };
export const intType: CType = { kind: 'int', bits: 32, signed: true, name: 'int' };
export const floatType: CType = { kind: 'float', bits: 32 };

export const cudaSuccess = 0;
export const cudaErrorInvalidValue = 1;
export const cudaErrorMemoryAllocation = 2;
export const cudaErrorInvalidDevice = 101;
export const cudaErrorInvalidMemcpyDirection = 21;
export const cudaErrorInvalidResourceHandle = 400;
export const cudaErrorNotReady = 600;
export const uintType: CType = { kind: 'int', bits: 32, signed: false, name: 'unsigned int' };

/** What a blocking call does first: wait for the device, print its printf output, surface a kernel fault. */
export function sync(ctx: RuntimeContext): number {
  ctx.flushDevicePrintf();
  return ctx.errors.synchronize();
}

/** Wraps an API call: a corrupted context fails every call with its sticky error. */
export function api(ctx: RuntimeContext, body: () => number): number {
  const sticky = ctx.errors.stickyError;
  if (sticky !== 0) return sticky;
  return ctx.errors.record(body());
}

/** api() for calls that may run queued device work. cudaErrorNotReady is an answer, not a failure: it does not become the last error. */
export function* apiGen(ctx: RuntimeContext, body: () => Resumable<number>): Resumable<number> {
  const sticky = ctx.errors.stickyError;
  if (sticky !== 0) return sticky;
  const code = yield* body();
  return code === cudaErrorNotReady ? code : ctx.errors.record(code);
}
