import type { Resumable, Scalar } from '../exec/env.js';
import type { ResumableBuiltin, RuntimeContext } from './context.js';
import type { Stream, Streams } from './streams.js';
import { copyNs, memsetNs, stagingNs, type CopyDirection } from './timing.js';
import { direction, pitchError, symbolCopyError } from './copy-rules.js';
import {
  apiGen, cudaErrorInvalidResourceHandle, cudaErrorInvalidValue, cudaSuccess, num, sync,
} from './api-common.js';

/*
 * cudaMemcpy, cudaMemset, the symbol copies' Async forms and theirs as stream operations, with CUDA's rules for
 * pageable host memory: an async host-to-device copy from pageable memory returns once the
 * source is staged (later changes to it do not reach the device); an async device-to-host
 * copy to pageable memory returns once the data is there. Pinned memory is truly async.
 */

/** The rows a copy moves: `height` rows of `width` bytes, `dpitch`/`spitch` apart at the destination/source. */
interface Rect {
  readonly width: number;
  readonly height: number;
  readonly dpitch: number;
  readonly spitch: number;
}

/** Whether cudaMemset may fill `n` bytes at `dst`: device memory, and not past the end of the allocation holding it (the H100 answers cudaErrorInvalidValue). */
function fillable(ctx: RuntimeContext, dst: number, n: number): boolean {
  if (!ctx.memory.isDevice(dst)) return false;
  const a = ctx.memory.allocation(dst);
  return a === null || dst + n <= a.base + a.size;
}

/** A plain copy of `n` bytes as one row. */
const line = (n: number): Rect => ({ width: n, height: 1, dpitch: n, spitch: n });

/** Whether `count` bytes at `offset` lie inside the __constant__ or __device__ variable at `symbol`. */
export type SymbolRange = (symbol: number, offset: number, count: number) => boolean;

/** The copy and fill built-ins, given the streams they run in, the device's largest pitch and its symbols' extents. */
export function copyApi(streams: Streams, maxPitch: number, symbolRange: SymbolRange): Readonly<Record<string, ResumableBuiltin>> {
  /** Blocking calls run in the legacy stream: wait for what it waits for, then surface a fault. */
  function* waitLegacy(ctx: RuntimeContext): Resumable<number> {
    yield* streams.waitFor(streams.legacy);
    return sync(ctx);
  }

  /** Queues a copy of `rect` (one row for a plain memcpy) in `s`; `blocking`: the host waits for it (cudaMemcpy, pageable device-to-host). */
  function* copy(ctx: RuntimeContext, s: Stream, dst: number, src: number, rect: Rect, dir: CopyDirection, blocking: boolean): Resumable<void> {
    const n = rect.width * rect.height;
    const hostSide = dir === 'HtoD' ? src : dir === 'DtoH' ? dst : 0;
    const isPinned = dir === 'DtoD' || ctx.memory.allocation(hostSide)?.space === 'pinned';
    const detail = { kind: 'memcpy', direction: dir, bytes: n, pinned: isPinned } as const;
    const duration = copyNs(streams.timing, n, dir, isPinned);
    const engine = dir === 'HtoD' || dir === 'DtoH' ? dir : null;
    let run = function* (): Resumable<number> {
      for (let r = 0; r < rect.height; r++) ctx.memory.copy(dst + r * rect.dpitch, src + r * rect.spitch, rect.width);
      return duration;
    };
    if (!blocking && dir === 'HtoD' && !isPinned) {
      // Pageable source: the runtime copies it to a staging buffer before the call returns.
      const staged = Array.from({ length: rect.height }, (_, r) => ctx.memory.readBytes(src + r * rect.spitch, rect.width));
      streams.hostNs += stagingNs(streams.timing, n);
      run = function* () {
        staged.forEach((row, r) => ctx.memory.writeBytes(dst + r * rect.dpitch, row));
        return duration;
      };
    }
    const name = `cudaMemcpy${rect.height > 1 || rect.dpitch !== rect.width ? '2D' : ''}${blocking ? '' : 'Async'} ${dir}`;
    const op = yield* streams.submit(s, detail, name, run, null, engine ? { engine, duration } : null);
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
        yield* copy(ctx, streams.legacy, dst, src, line(n), dir, true);
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
        yield* copy(ctx, s, dst, src, line(n), dir, false);
        return cudaSuccess;
      }),
    cudaMemcpy2DAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        const [dst, dpitch, src, spitch, width, height] = [0, 1, 2, 3, 4, 5].map((i) => num(args, i)) as [number, number, number, number, number, number];
        const s = asyncStream(args, 7);
        if (!s) return cudaErrorInvalidResourceHandle;
        const bad = pitchError(maxPitch, width, dpitch, spitch);
        if (bad !== cudaSuccess) return bad;
        if (width === 0 || height === 0) return cudaSuccess;
        const dir = direction(ctx, dst, src, num(args, 6));
        if (typeof dir === 'number') return dir;
        yield* copy(ctx, s, dst, src, { width, height, dpitch, spitch }, dir, false);
        return cudaSuccess;
      }),
    // The symbol copies check what cudaMemcpyToSymbol/FromSymbol check (symbolCopyError), then run in the stream.
    cudaMemcpyToSymbolAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        const [symbol, src, n, offset, kind] = [0, 1, 2, 3, 4].map((i) => num(args, i)) as [number, number, number, number, number];
        const s = asyncStream(args, 5);
        if (!s) return cudaErrorInvalidResourceHandle;
        const refused = symbolCopyError(symbolRange(symbol, offset, n), kind, true);
        if (refused !== cudaSuccess) return refused;
        if (n === 0) return cudaSuccess;
        const dir = direction(ctx, symbol + offset, src, kind);
        if (typeof dir === 'number') return dir;
        yield* copy(ctx, s, symbol + offset, src, line(n), dir, false);
        return cudaSuccess;
      }),
    cudaMemcpyFromSymbolAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        const [dst, symbol, n, offset, kind] = [0, 1, 2, 3, 4].map((i) => num(args, i)) as [number, number, number, number, number];
        const s = asyncStream(args, 5);
        if (!s) return cudaErrorInvalidResourceHandle;
        const refused = symbolCopyError(symbolRange(symbol, offset, n), kind, false);
        if (refused !== cudaSuccess) return refused;
        if (n === 0) return cudaSuccess;
        const dir = direction(ctx, dst, symbol + offset, kind);
        if (typeof dir === 'number') return dir;
        yield* copy(ctx, s, dst, symbol + offset, line(n), dir, false);
        return cudaSuccess;
      }),
    cudaMemset: (ctx, args) =>
      apiGen(ctx, function* () {
        const fault = yield* waitLegacy(ctx);
        if (fault !== 0) return fault;
        const [dst, value, n] = [num(args, 0), num(args, 1), num(args, 2)];
        if (n === 0) return cudaSuccess;
        if (!fillable(ctx, dst, n)) return cudaErrorInvalidValue;
        yield* fill(ctx, streams.legacy, dst, value, n, true);
        return cudaSuccess;
      }),
    cudaMemsetAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        const [dst, value, n] = [num(args, 0), num(args, 1), num(args, 2)];
        const s = asyncStream(args, 3);
        if (!s) return cudaErrorInvalidResourceHandle;
        if (n === 0) return cudaSuccess;
        if (!fillable(ctx, dst, n)) return cudaErrorInvalidValue;
        yield* fill(ctx, s, dst, value, n, false);
        return cudaSuccess;
      }),
  };
}
