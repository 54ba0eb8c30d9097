import type { Resumable, Scalar } from '../exec/env.js';
import type { ResumableBuiltin, RuntimeContext } from './context.js';
import { cudaEventDisableTiming, type CudaEvent, type EventTable } from './events.js';
import { PRIORITY_RANGE, type Op, type Stream, type Streams } from './streams.js';
import {
  apiGen, cudaErrorInvalidResourceHandle, cudaErrorInvalidValue, cudaErrorNotReady, cudaSuccess, floatType, intType, num, ptrType, sync, uintType,
} from './api-common.js';

/*
 * The CUDA runtime's stream and event calls, and the calls that wait for the device. Each is a
 * generator: waiting runs the queued operations it waits for (kernels included), and a debugger
 * driving the host can pause inside them.
 */

/** What the stream and event calls act on. */
export interface StreamRuntime {
  readonly streams: Streams;
  readonly events: EventTable;
  /** Runs a host function (a stream callback) on the host thread. */
  callHost(fnId: number, args: readonly Scalar[]): Resumable<void>;
  /** cudaDeviceReset's part outside the streams: function attributes, other device state. */
  resetDevice(): void;
}

const cudaStreamNonBlocking = 1;

/** The host has waited for the device: print device printf output, surface a kernel fault. */
function synced(ctx: RuntimeContext): number {
  // The default memory pool releases what cudaFreeAsync gave it at a synchronization.
  ctx.memory.releasePool();
  return sync(ctx);
}

/** Whether an event is complete by now (an unrecorded one is). */
function* eventDone(rt: StreamRuntime, e: CudaEvent): Resumable<boolean> {
  return yield* rt.streams.finished(e.op);
}

/** The stream, event and device-synchronisation built-ins. */
export function streamApi(rt: StreamRuntime): Readonly<Record<string, ResumableBuiltin>> {
  const { streams, events } = rt;
  const stream = (args: readonly Scalar[], i: number) => streams.get(num(args, i));
  const event = (args: readonly Scalar[], i: number) => events.get(num(args, i));
  /** cudaStreamCreateWithFlags/WithPriority: a stream with flags args[1] into *args[0]. */
  function* createStream(ctx: RuntimeContext, args: readonly Scalar[], priority: number): Resumable<number> {
    const flags = num(args, 1);
    if ((flags & ~cudaStreamNonBlocking) !== 0) return cudaErrorInvalidValue;
    ctx.memory.store(num(args, 0), ptrType, streams.create(flags, priority));
    return cudaSuccess;
  }
  /** cudaStreamGetFlags/GetPriority: one field of stream args[0] into *args[1]. */
  function* streamField(ctx: RuntimeContext, args: readonly Scalar[], type: typeof intType, field: (s: Stream) => number): Resumable<number> {
    const s = stream(args, 0);
    if (!s) return cudaErrorInvalidResourceHandle;
    if (num(args, 1) === 0) return cudaErrorInvalidValue;
    ctx.memory.store(num(args, 1), type, field(s));
    return cudaSuccess;
  }
  function* record(args: readonly Scalar[], name: string): Resumable<number> {
    const e = event(args, 0);
    const s = stream(args, 1);
    if (!e || !s) return cudaErrorInvalidResourceHandle;
    e.op = yield* streams.submit(s, { kind: 'event record', event: e.handle }, name, function* () {
      return 0;
    });
    return cudaSuccess;
  }
  return {
    *cudaDeviceSynchronize(ctx) {
      yield* streams.waitAll();
      const code = synced(ctx);
      return code !== 0 ? code : ctx.errors.stickyError;
    },
    *cudaThreadSynchronize(ctx) {
      yield* streams.waitAll();
      return synced(ctx);
    },
    *cudaDeviceReset(ctx) {
      yield* streams.waitAll();
      ctx.flushDevicePrintf();
      ctx.errors.reset();
      streams.reset();
      events.reset();
      rt.resetDevice();
      return cudaSuccess;
    },
    cudaStreamCreate: (ctx, args) =>
      apiGen(ctx, function* () {
        ctx.memory.store(num(args, 0), ptrType, streams.create(0));
        return cudaSuccess;
      }),
    cudaStreamCreateWithFlags: (ctx, args) => apiGen(ctx, () => createStream(ctx, args, 0)),
    cudaStreamCreateWithPriority: (ctx, args) => apiGen(ctx, () => createStream(ctx, args, num(args, 2) | 0)),
    cudaStreamGetPriority: (ctx, args) => apiGen(ctx, () => streamField(ctx, args, intType, (s) => s.priority)),
    cudaDeviceGetStreamPriorityRange: (ctx, args) =>
      apiGen(ctx, function* () {
        // Either pointer may be NULL.
        if (num(args, 0) !== 0) ctx.memory.store(num(args, 0), intType, PRIORITY_RANGE.least);
        if (num(args, 1) !== 0) ctx.memory.store(num(args, 1), intType, PRIORITY_RANGE.greatest);
        return cudaSuccess;
      }),
    cudaStreamGetFlags: (ctx, args) => apiGen(ctx, () => streamField(ctx, args, uintType, (s) => s.flags)),
    cudaStreamDestroy: (ctx, args) => apiGen(ctx, function* () {
      return streams.destroy(num(args, 0)) ? cudaSuccess : cudaErrorInvalidResourceHandle;
    }),
    cudaStreamSynchronize: (ctx, args) =>
      apiGen(ctx, function* () {
        const s = stream(args, 0);
        if (!s) return cudaErrorInvalidResourceHandle;
        yield* streams.wait(s.last);
        return synced(ctx);
      }),
    cudaStreamQuery: (ctx, args) =>
      apiGen(ctx, function* () {
        const s = stream(args, 0);
        if (!s) return cudaErrorInvalidResourceHandle;
        return (yield* streams.finished(s.last)) ? cudaSuccess : cudaErrorNotReady;
      }),
    cudaStreamWaitEvent: (ctx, args) =>
      apiGen(ctx, function* () {
        const s = stream(args, 0);
        const e = event(args, 1);
        if (!s || !e) return cudaErrorInvalidResourceHandle;
        // Waiting on a never-recorded event waits for nothing.
        if (!e.op) return cudaSuccess;
        yield* streams.submit(s, { kind: 'wait', event: e.handle }, 'cudaStreamWaitEvent', function* () {
          return 0;
        }, e.op);
        return cudaSuccess;
      }),
    cudaLaunchHostFunc: (ctx, args) =>
      apiGen(ctx, function* () {
        const s = stream(args, 0);
        if (!s) return cudaErrorInvalidResourceHandle;
        const [fn, data] = [num(args, 1), args[2] ?? 0];
        yield* streams.submit(s, { kind: 'host func' }, 'cudaLaunchHostFunc', function* () {
          // The runtime prints device printf output before it runs a stream callback.
          ctx.flushDevicePrintf();
          yield* rt.callHost(fn, [data]);
          return streams.timing.hostFuncLatencyNs;
        });
        return cudaSuccess;
      }),
    cudaEventCreate: (ctx, args) =>
      apiGen(ctx, function* () {
        ctx.memory.store(num(args, 0), ptrType, events.create(0));
        return cudaSuccess;
      }),
    cudaEventCreateWithFlags: (ctx, args) =>
      apiGen(ctx, function* () {
        const flags = num(args, 1);
        if ((flags & ~7) !== 0) return cudaErrorInvalidValue;
        ctx.memory.store(num(args, 0), ptrType, events.create(flags));
        return cudaSuccess;
      }),
    cudaEventRecord: (ctx, args) => apiGen(ctx, () => record(args, 'cudaEventRecord')),
    // cudaEventRecordExternal only matters inside CUDA graphs, which the simulator does not run.
    cudaEventRecordWithFlags: (ctx, args) => apiGen(ctx, () => record(args, 'cudaEventRecordWithFlags')),
    cudaEventSynchronize: (ctx, args) =>
      apiGen(ctx, function* () {
        const e = event(args, 0);
        if (!e) return cudaErrorInvalidResourceHandle;
        yield* streams.wait(e.op);
        return synced(ctx);
      }),
    cudaEventQuery: (ctx, args) =>
      apiGen(ctx, function* () {
        const e = event(args, 0);
        if (!e) return cudaErrorInvalidResourceHandle;
        return (yield* eventDone(rt, e)) ? cudaSuccess : cudaErrorNotReady;
      }),
    cudaEventDestroy: (ctx, args) => apiGen(ctx, function* () {
      return events.destroy(num(args, 0)) ? cudaSuccess : cudaErrorInvalidResourceHandle;
    }),
    cudaEventElapsedTime: (ctx, args) =>
      apiGen(ctx, function* () {
        const a = event(args, 1);
        const b = event(args, 2);
        if (!a || !b || !a.op || !b.op) return cudaErrorInvalidResourceHandle;
        if ((a.flags | b.flags) & cudaEventDisableTiming) return cudaErrorInvalidResourceHandle;
        if (!(yield* eventDone(rt, a)) || !(yield* eventDone(rt, b))) return cudaErrorNotReady;
        if (num(args, 0) === 0) return cudaErrorInvalidValue;
        ctx.memory.store(num(args, 0), floatType, Math.fround(elapsedMs(a.op, b.op)));
        return cudaSuccess;
      }),
  };
}

/** Milliseconds from one record to another, at the 0.5 µs resolution CUDA documents for events. */
function elapsedMs(a: Op, b: Op): number {
  return Math.round((b.end - a.end) / 500) / 2000;
}
