import type { ResumableBuiltin } from './context.js';
import type { Streams } from './streams.js';
import { apiGen, cudaErrorInvalidResourceHandle, cudaErrorInvalidValue, cudaSuccess, num } from './api-common.js';
import { mallocDevice } from './memory-api.js';

/*
 * Stream-ordered allocation from the device's default memory pool. cudaMallocAsync hands out
 * the memory at the call: work queued after it in the stream may use it, as on the GPU (using
 * it elsewhere first is the program's race). cudaFreeAsync queues the free as an operation of
 * the stream, so work queued before it still sees the memory. Any device allocation may be
 * freed this way, cudaMalloc's too; anything else is cudaErrorInvalidValue at the call, as the
 * H100 answers.
 */

/** cudaMallocAsync and cudaFreeAsync, in the streams whose order they follow. */
export function poolApi(streams: Streams): Readonly<Record<string, ResumableBuiltin>> {
  return {
    cudaMallocAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        if (!streams.get(num(args, 2))) return cudaErrorInvalidResourceHandle;
        // A zero-byte request succeeds with a null pointer, as cudaMalloc's does.
        return mallocDevice(ctx, num(args, 0), num(args, 1));
      }),
    cudaFreeAsync: (ctx, args) =>
      apiGen(ctx, function* () {
        const s = streams.get(num(args, 1));
        if (!s) return cudaErrorInvalidResourceHandle;
        const p = num(args, 0);
        if (p === 0) return cudaSuccess;
        const a = ctx.memory.allocation(p);
        if (a?.space !== 'global' || a.base !== p) return cudaErrorInvalidValue;
        yield* streams.submit(s, { kind: 'free', bytes: a.size }, 'cudaFreeAsync', function* () {
          ctx.memory.freeGlobal(p, true);
          return 0;
        });
        return cudaSuccess;
      }),
  };
}
