import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Batch, SinkOpen } from './batch.js';
import { TraceSink } from './sink.js';

/*
 * How a TraceWriter reaches its TraceSink: in a worker thread, so compressing, checkpointing
 * and SQLite run beside the program instead of in its way, or in the writer's own thread when
 * no worker script is at hand (the sources run under a test runner). Both keep the batches'
 * order and report a storage failure at the writer's next call.
 */

/** Where batches go. */
export interface SinkChannel {
  /** Whether a sent batch's buffers leave this thread (the writer needs fresh ones). */
  readonly transfers: boolean;
  /** Hands over a batch; throws when storing an earlier one failed. */
  send(b: Batch): void;
  /** Returns once every batch sent is stored (committed); throws when one failed. */
  drain(): void;
  /** Column buffers of a stored batch, handed back for reuse (null: none yet; allocate). */
  recycled(): Recycled | null;
}

/** The buffers of a batch the sink is done with. */
export interface Recycled {
  readonly steps: ArrayBuffer;
  readonly effects: ArrayBuffer;
  readonly barriers: ArrayBuffer;
}

/** Batches a writer may get ahead of the store by: bounds the memory they hold. */
const MAX_IN_FLIGHT = 4;

/** Without progress for this long, the worker is taken to be gone. */
const STALL_MS = 120_000;

/** Stores batches in this thread. */
class InThread implements SinkChannel {
  readonly transfers = false;
  constructor(private readonly sink: TraceSink) {}
  send(b: Batch): void {
    this.sink.handle(b);
  }
  drain(): void {}
  recycled(): null {
    return null;
  }
}

/** A sink worker thread and the ends of its channels: `ctl[0]` counts the batches it stored, `ctl[1]` is set when one failed. */
interface SinkThread {
  readonly script: string;
  readonly worker: Worker;
  readonly ctl: Int32Array;
  readonly errors: MessagePort;
  readonly spare: MessagePort;
}

/**
 * The thread of the last recording that finished cleanly, waiting for the next one: a fresh
 * thread per recording would run its storing code cold (interpreted, then optimized again
 * beside the program) in every recording of a debugging session or server.
 */
let idle: SinkThread | null = null;

/** Stores batches in a worker thread. */
class InWorker implements SinkChannel {
  readonly transfers = true;
  private sent = 0;
  private failure: string | null = null;
  private ended = false;

  constructor(private readonly t: SinkThread) {}

  recycled(): Recycled | null {
    return (receiveMessageOnPort(this.t.spare)?.message as Recycled | undefined) ?? null;
  }

  send(b: Batch): void {
    this.check();
    this.t.worker.postMessage(b, [b.steps, b.effects, b.barriers]);
    this.sent++;
    this.ended = b.last;
    this.waitFor(this.sent - MAX_IN_FLIGHT);
  }

  drain(): void {
    this.waitFor(this.sent);
    // Every batch of a finished recording is stored and its file closed: the thread may serve the next one.
    if (this.ended && this.failure === null && idle !== this.t) {
      if (idle !== null) void idle.worker.terminate();
      idle = this.t;
    }
  }

  /** Blocks until at least `n` batches are stored. */
  private waitFor(n: number): void {
    let since = Date.now();
    const ctl = this.t.ctl;
    for (let done = Atomics.load(ctl, 0); done < n; done = Atomics.load(ctl, 0)) {
      this.check();
      if (Atomics.wait(ctl, 0, done, 1000) === 'timed-out' && Date.now() - since > STALL_MS) throw new Error('the trace writer thread stopped responding');
      if (Atomics.load(ctl, 0) !== done) since = Date.now();
    }
    this.check();
  }

  private check(): void {
    if (this.failure === null && Atomics.load(this.t.ctl, 1) !== 0) this.failure = String(receiveMessageOnPort(this.t.errors)?.message ?? 'the trace writer thread failed');
    if (this.failure !== null) throw new Error(this.failure);
  }
}

/** The worker script beside this module once built (dist/trace-sink.js), or null when running from the sources. */
function builtWorker(): URL | null {
  const url = new URL('./trace-sink.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : null;
}

/** A channel to a sink storing into the trace at `path`: in a worker when `worker` (default: the built script, if any) names one. */
export function openSink(path: string, checkpointEvents: number, worker: URL | string | null = builtWorker()): SinkChannel {
  if (worker === null) return new InThread(new TraceSink(path, checkpointEvents));
  const script = String(worker);
  let t = idle;
  idle = null;
  if (t === null || t.script !== script) {
    if (t !== null) void t.worker.terminate();
    t = startThread(worker, script);
  }
  // The thread finished the recording before, so nothing else counts now.
  Atomics.store(t.ctl, 0, 0);
  Atomics.store(t.ctl, 1, 0);
  const open: SinkOpen = { open: path, checkpointEvents };
  t.worker.postMessage(open);
  return new InWorker(t);
}

function startThread(worker: URL | string, script: string): SinkThread {
  const ctl = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const spare = new MessageChannel();
  const w = new Worker(worker, { workerData: { ctl, errors: port2, spare: spare.port2 }, transferList: [port2, spare.port2] });
  // The writer blocks on ctl while it waits; the worker's own events are never needed here.
  w.on('error', () => {});
  // A finished recording has drained it, and an idle one keeps no process alive; an abandoned one loses only what was not committed, as a killed run does.
  w.unref();
  return { script, worker: w, ctl, errors: port1, spare: spare.port1 };
}
