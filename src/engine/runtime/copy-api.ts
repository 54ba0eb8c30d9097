import type { Resumable, Scalar } from '../exec/env.js';
import type { HostBuiltin, ResumableBuiltin, RuntimeContext } from './context.js';
import type { Stream, Streams } from './streams.js';
import { copyNs, memsetNs, stagingNs, type CopyDirection } from './timing.js';
import {
  apiGen, cudaErrorInvalidMemcpyDirection, cudaErrorInvalidResourceHandle, cudaErrorInvalidValue, cudaSuccess, num, ptrType, sync,
} from './api-common.js';

/*
 * cudaMemcpy, cudaMemset and their Async forms as stream operations, with CUDA's rules for
 * pageable host memory: an async host-to-device copy from pageable memory returns once the
 * source is staged (later changes to it do not reach the device); an async device-to-host
 * copy to pageable memory returns once the data is there. Pinned memory is truly async.
 */

/** Page-locked host ranges (cudaMallocHost, cudaHostAlloc): copies from them are DMA, asynchronous and faster. */
export class PinnedRanges {
  private readonly ranges = new Map<number, number>();

  add(base: number, size: number): void {
    this.ranges.set(base, size);
  }

  remove(base: number): void {
    this.ranges.delete(base);
  }

  /** Whether `addr` lies in a pinned allocation. */
  has(addr: number): boolean {
    for (const [base, size] of this.ranges) if (addr >= base && addr < base + size) return true;
    return false;
  }
}

/**
 * Wraps the allocation built-ins of pinned memory (memory-api.ts) so the copies know which
 * host ranges are page-locked: a successful cudaMallocHost/cudaHostAlloc adds its block,
 * cudaFreeHost removes it.
 */
export function trackPinned(table: Readonly<Record<string, HostBuiltin>>, pinned: PinnedRanges): Record<string, HostBuiltin> {
  const out: Record<string, HostBuiltin> = { ...table };
  for (const name of ['cudaMallocHost', 'cudaHostAlloc']) {
    const alloc = table[name];
    if (!alloc) continue;
    out[name] = (ctx, args, types, loc) => {
      const r = alloc(ctx, args, types, loc);
      if (r === 0) pinned.add(Number(ctx.memory.load(num(args, 0), ptrType)), Math.max(1, num(args, 1)));
      return r;
    };
  }
  const free = table['cudaFreeHost'];
  if (free)
    out['cudaFreeHost'] = (ctx, args, types, loc) => {
      const r = free(ctx, args, types, loc);
      if (r === 0) pinned.remove(num(args, 0));
      return r;
    };
  return out;
}

/** Checks a memcpy's direction against where its pointers live (UVA lets the runtime tell); returns the direction or an error code. */
function direction(ctx: RuntimeContext, dst: number, src: number, kind: number): CopyDirection | number {
  const m = ctx.memory;
  const dstDev = m.isDevice(dst);
  const srcDev = m.isDevice(src);
  if (!(dstDev || m.isHost(dst)) || !(srcDev || m.isHost(src))) return cudaErrorInvalidValue;
  const actual: CopyDirection = srcDev ? (dstDev ? 'DtoD' : 'DtoH') : dstDev ? 'HtoD' : 'HtoH';
  switch (kind) {
    case 0:
    case 4:
      return actual;
    case 1:
      return actual === 'HtoD' ? actual : cudaErrorInvalidValue;
    case 2:
      return actual === 'DtoH' ? actual : cudaErrorInvalidValue;
    case 3:
      return actual === 'DtoD' ? actual : cudaErrorInvalidValue;
    default:
      return cudaErrorInvalidMemcpyDirection;
  }
}

/** The copy and fill built-ins, given the streams they run in and the pinned ranges. */
export function copyApi(streams: Streams, pinned: PinnedRanges): Readonly<Record<string, ResumableBuiltin>> {
  /** Blocking calls run in the legacy stream: wait for what it waits for, then surface a fault. */
  function* waitLegacy(ctx: RuntimeContext): Resumable<number> {
    yield* streams.waitFor(streams.legacy);
    return sync(ctx);
  }

  /** Queues a copy in `s`; `blocking`: the host waits for it (cudaMemcpy, pageable device-to-host). */
  function* copy(ctx: RuntimeContext, s: Stream, dst: number, src: number, n: number, dir: CopyDirection, blocking: boolean): Resumable<void> {
    const hostSide = dir === 'HtoD' ? src : dir === 'DtoH' ? dst : 0;
    const isPinned = dir === 'DtoD' || pinned.has(hostSide);
    const detail = { kind: 'memcpy', direction: dir, bytes: n, pinned: isPinned } as const;
    const duration = copyNs(streams.timing, n, dir, isPinned);
    const engine = dir === 'HtoD' || dir === 'DtoH' ? dir : null;
    let run = function* (): Resumable<number> {
      ctx.memory.copy(dst, src, n);
      return duration;
    };
    if (!blocking && dir === 'HtoD' && !isPinned) {
      // Pageable source: the runtime copies it to a staging buffer before the call returns.
      const staged = ctx.memory.readBytes(src, n);
      streams.hostNs += stagingNs(streams.timing, n);
      run = function* () {
        ctx.memory.writeBytes(dst, staged);
        return duration;
      };
    }
    const op = yield* streams.submit(s, detail, `cudaMemcpy${blocking ? '' : 'Async'} ${dir}`, run, null, engine ? { engine, duration } : null);
    if (blocking || (!isPinned && dir !== 'HtoD')) yield* streams.wait(op);
  }

  /** Queues a fill of device memory in `s`. */
  function* fill(ctx: RuntimeContext, s: Stream, dst: number, value: number, n: number, blocking: boolean): Resumable<void> {
    const duration = memsetNs(streams.timing, n);
    const op = yield* streams.submit(s, { kind: 'memset', bytes: n }, blocking ? 'cudaMemset' : 'cudaMemsetAsync', function* () {
      ctx.memory.fill(dst, value & 0xff, n);
      return duration;
    });
    if (blocking) yield* streams.wait(op);
  }

  const asyncStream = (args: readonly Scalar[], i: number): Stream | null => streams.get(num(args, i));

  return {
    cudaMemcpy: (ctx, args) =>
      apiGen(ctx, function* () {
        const fault = yield* waitLegacy(ctx);
        if (fault !== 0) return fault;
        const [dst, src, n] = [num(args, 0), num(args, 1), num(args, 2)];
        if (n === 0) return cudaSuccess;
        const dir = direction(ctx, dst, src, num(args, 3));
        if (typeof dir === 'number') return dir;
        yield* copy(ctx, streams.legacy, dst, src, n, dir, true);
        return cudaSuccess;
      }),
    cudaMemcpyAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        const [dst, src, n] = [num(args, 0), num(args, 1), num(args, 2)];
        const s = asyncStream(args, 4);
        if (!s) return cudaErrorInvalidResourceHandle;
        if (n === 0) return cudaSuccess;
        const dir = direction(ctx, dst, src, num(args, 3));
        if (typeof dir === 'number') return dir;
        yield* copy(ctx, s, dst, src, n, dir, false);
        return cudaSuccess;
      }),
    cudaMemset: (ctx, args) =>
      apiGen(ctx, function* () {
        const fault = yield* waitLegacy(ctx);
        if (fault !== 0) return fault;
        const [dst, value, n] = [num(args, 0), num(args, 1), num(args, 2)];
        if (n === 0) return cudaSuccess;
        if (!ctx.memory.isDevice(dst)) return cudaErrorInvalidValue;
        yield* fill(ctx, streams.legacy, dst, value, n, true);
        return cudaSuccess;
      }),
    cudaMemsetAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        const [dst, value, n] = [num(args, 0), num(args, 1), num(args, 2)];
        const s = asyncStream(args, 3);
        if (!s) return cudaErrorInvalidResourceHandle;
        if (n === 0) return cudaSuccess;
        if (!ctx.memory.isDevice(dst)) return cudaErrorInvalidValue;
        yield* fill(ctx, s, dst, value, n, false);
        return cudaSuccess;
      }),
  };
}
