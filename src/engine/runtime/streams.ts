import type { Dim3, Resumable } from '../exec/env.js';
import type { TimingConstants } from './timing.js';

/*
 * CUDA streams as a queue of operations with modelled times. Enqueueing an operation runs
 * the operations it waits for (its stream's previous one, the legacy default stream's implicit
 * synchronisation, cudaStreamWaitEvent); the operation itself runs when the host next waits
 * for it or enqueues work after it. So work in a stream the host does not wait on stays
 * queued while the host goes on: a kernel in the default stream does not see what a
 * still-queued kernel of a non-blocking stream will write, as on the GPU where that kernel is
 * still running. docs/timing.md explains the choice.
 */

/** Where an operation came from, with what the timeline shows of it. */
export type OpDetail =
  | { readonly kind: 'kernel'; readonly grid: Dim3; readonly block: Dim3 }
  | { readonly kind: 'memcpy'; readonly direction: 'HtoD' | 'DtoH' | 'DtoD' | 'HtoH'; readonly bytes: number; readonly pinned: boolean }
  | { readonly kind: 'memset'; readonly bytes: number }
  | { readonly kind: 'free'; readonly bytes: number }
  | { readonly kind: 'event record'; readonly event: number }
  | { readonly kind: 'wait'; readonly event: number }
  | { readonly kind: 'host func' };

/** One finished operation on the stream timeline (times in ns from the start of the program). */
export type TimelineOp = OpDetail & {
  readonly id: number;
  /** 0: the legacy default stream; n: the n-th stream the program created (the per-thread stream counts when first used). */
  readonly stream: number;
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** Ids of the operations it waited for. */
  readonly dependencies: readonly number[];
};

/** The engine a copy runs on: copies of one direction from different streams take turns. */
export type Engine = 'HtoD' | 'DtoH';

/** A queued or finished operation. */
export interface Op {
  readonly id: number;
  readonly stream: Stream;
  readonly detail: OpDetail;
  readonly name: string;
  readonly deps: readonly Op[];
  /** Host time at the call that enqueued it. */
  readonly enqueued: number;
  /** Performs the operation's effect and returns its modelled duration. */
  readonly run: () => Resumable<number>;
  /** A copy's start on its copy engine, booked when it was submitted. */
  booked: number | null;
  state: 'queued' | 'running' | 'done';
  start: number;
  end: number;
}

/** A stream: its flags and the last operation enqueued into it. */
export interface Stream {
  readonly handle: number;
  readonly index: number;
  /** cudaStreamNonBlocking (1) or 0. */
  readonly flags: number;
  /**
   * cudaStreamCreateWithPriority's priority, clamped to PRIORITY_RANGE. Reported back, but it
   * does not reorder the simulator's work: the results of a correct program do not depend on it.
   */
  readonly priority: number;
  last: Op | null;
}

/** The stream priorities cudaDeviceGetStreamPriorityRange reports, as the H100 does: least 0, greatest -5. */
export const PRIORITY_RANGE = { least: 0, greatest: -5 } as const;

/** Stream handles are in a range no allocation uses, like event handles. */
const STREAM_BASE = 0x5800_0000;
/** cudaStreamLegacy and cudaStreamPerThread as cuda_runtime_api.h defines them. */
export const STREAM_LEGACY = 1;
export const STREAM_PER_THREAD = 2;

/** Busy intervals of one copy engine: a copy takes the first gap after it is ready. */
class EngineSchedule {
  private busy: { start: number; end: number }[] = [];

  /** Books `duration` at or after `ready`; returns the start. */
  book(ready: number, duration: number): number {
    let start = ready;
    for (const b of this.busy) if (b.end > start && b.start < start + duration) start = b.end;
    this.busy.push({ start, end: start + duration });
    this.busy.sort((a, b) => a.start - b.start);
    return start;
  }
}

/** The streams of one device, their queued operations, and the host and device clocks. */
export class Streams {
  /** Host time in ns: advanced by each runtime call and by waiting for the device. */
  hostNs = 0;
  readonly legacy: Stream = { handle: 0, index: 0, flags: 0, priority: 0, last: null };
  private readonly streams = new Map<number, Stream>();
  /** Destroyed blocking streams whose last operation may still be queued: the legacy stream still waits for it. */
  private retired: Stream[] = [];
  private readonly queued = new Set<Op>();
  private readonly engines: Record<Engine, EngineSchedule> = { HtoD: new EngineSchedule(), DtoH: new EngineSchedule() };
  private nextOp = 1;
  private nextHandle = STREAM_BASE;
  private created = 0;

  constructor(
    readonly timing: TimingConstants,
    private readonly report: (op: TimelineOp) => void,
  ) {}

  /** Creates a stream; returns its handle. */
  create(flags: number, priority = 0): number {
    const handle = (this.nextHandle += 0x10);
    const p = Math.min(PRIORITY_RANGE.least, Math.max(PRIORITY_RANGE.greatest, priority));
    this.streams.set(handle, { handle, index: ++this.created, flags, priority: p, last: null });
    return handle;
  }

  /** The stream a handle names (0 and cudaStreamLegacy: the legacy default stream), or null. */
  get(handle: number): Stream | null {
    if (handle === 0 || handle === STREAM_LEGACY) return this.legacy;
    if (handle === STREAM_PER_THREAD && !this.streams.has(handle)) this.streams.set(handle, { handle, index: ++this.created, flags: 0, priority: 0, last: null });
    return this.streams.get(handle) ?? null;
  }

  /** cudaStreamDestroy: the handle dies at once; its queued work still runs (CUDA releases the stream when it is done). */
  destroy(handle: number): boolean {
    const s = this.streams.get(handle);
    if (!s || handle === STREAM_PER_THREAD) return false;
    this.streams.delete(handle);
    if (s.flags === 0 && s.last && s.last.state !== 'done') this.retired.push(s);
    return true;
  }

  /** What an operation enqueued now into `s` waits for: its stream's last operation and the legacy stream's implicit synchronisation. */
  private implicitDeps(s: Stream): Op[] {
    const deps: Op[] = [];
    if (s.last) deps.push(s.last);
    if (s === this.legacy) {
      // The legacy default stream waits for every blocking stream...
      this.retired = this.retired.filter((o) => o.last?.state !== 'done');
      for (const o of [...this.streams.values(), ...this.retired]) if (o.flags === 0 && o.last) deps.push(o.last);
    } else if (s.flags === 0 && this.legacy.last) {
      // ...and blocking streams wait for it.
      deps.push(this.legacy.last);
    }
    return deps;
  }

  /**
   * Queues an operation in `s` and runs what it waits for (its stream's previous operation, the
   * legacy stream's implicit synchronisation, `extra`), so queues stay one deep per stream. A
   * copy (`engine` with its known `duration`) books its copy engine now, in the order the host
   * issued the copies.
   */
  *submit(s: Stream, detail: OpDetail, name: string, run: () => Resumable<number>, extra: Op | null = null, copy: { engine: Engine; duration: number } | null = null): Resumable<Op> {
    const deps = this.implicitDeps(s);
    if (extra && !deps.includes(extra)) deps.push(extra);
    const op: Op = { id: this.nextOp++, stream: s, detail, name, deps, enqueued: this.hostNs, run, booked: null, state: 'queued', start: 0, end: 0 };
    s.last = op;
    this.queued.add(op);
    for (const d of deps) yield* this.run(d);
    if (copy) op.booked = this.engines[copy.engine].book(this.readyTime(op), copy.duration);
    return op;
  }

  /** When the GPU can start `op`: after its submission reaches the GPU and what it waits for has ended. */
  private readyTime(op: Op): number {
    return Math.max(op.enqueued + this.timing.submitLatencyNs, ...op.deps.map((d) => d.end));
  }

  /** Runs `op` after what it waits for, giving it modelled start and end times. */
  *run(op: Op): Resumable<void> {
    if (op.state !== 'queued') return;
    op.state = 'running';
    for (const d of op.deps) yield* this.run(d);
    const duration = yield* op.run();
    op.start = op.booked ?? this.readyTime(op);
    op.end = op.start + duration;
    op.state = 'done';
    this.queued.delete(op);
    this.report({ ...op.detail, id: op.id, stream: op.stream.index, name: op.name, start: op.start, end: op.end, dependencies: op.deps.map((d) => d.id) });
  }

  /** Runs every queued operation, oldest first (cudaDeviceSynchronize, program exit). */
  *runAll(): Resumable<void> {
    for (const op of [...this.queued].sort((a, b) => a.id - b.id)) yield* this.run(op);
  }

  /** The host waits for `op`: runs it and moves host time to its end. */
  *wait(op: Op | null): Resumable<void> {
    if (!op) return;
    yield* this.run(op);
    this.hostNs = Math.max(this.hostNs, op.end);
  }

  /** The host waits for what an operation enqueued now into `s` would wait for (a blocking call in the legacy stream). */
  *waitFor(s: Stream): Resumable<void> {
    for (const d of this.implicitDeps(s)) yield* this.wait(d);
  }

  /** The host waits for every operation (cudaDeviceSynchronize). */
  *waitAll(): Resumable<void> {
    const ops = [...this.queued];
    yield* this.runAll();
    for (const op of ops) this.hostNs = Math.max(this.hostNs, op.end);
    for (const s of [this.legacy, ...this.streams.values()]) if (s.last) this.hostNs = Math.max(this.hostNs, s.last.end);
  }

  /** Whether `op` has finished by the current host time; runs it first to learn when it ends. */
  *finished(op: Op | null): Resumable<boolean> {
    if (!op) return true;
    yield* this.run(op);
    return op.end <= this.hostNs;
  }

  /** Whether queued work could run beside what runs now on a GPU (work that does not wait for a running kernel); what the simulator only runs later. */
  busyBeside(): boolean {
    for (const op of this.queued) if (op.state === 'queued' && !op.deps.some((d) => d.state === 'running')) return true;
    return false;
  }

  /** cudaDeviceReset: streams die; the caller has waited for their work. */
  reset(): void {
    this.streams.clear();
    this.retired = [];
    this.legacy.last = null;
  }
}
