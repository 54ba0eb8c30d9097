import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Batch } from './batch.js';
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
  /** Whether the store is behind by enough batches that the writer should compress the next one itself. */
  behind(): boolean;
}

/** The buffers of a batch the sink is done with. */
export interface Recycled {
  readonly steps: ArrayBuffer;
  readonly effects: ArrayBuffer;
  readonly barriers: ArrayBuffer;
}

/**
 * Batches a writer may get ahead of the store by: bounds the memory they hold (about 8 MB each).
 * The store keeps up on average but falls behind while it takes a large launch's checkpoints;
 * with 4 the writer waited there for a twentieth of a recording, with 8 hardly ever.
 */
const MAX_IN_FLIGHT = 8;

/**
 * Batches behind at which the writer compresses a batch's chunks itself. The store falls behind
 * in a large launch's checkpoints, and a writer that waits for it leaves a core idle (and a
 * backlog to drain alone at the end); compressing is a quarter of the store's work that needs
 * nothing but the batch.
 */
const ENCODE_BEHIND = 3;

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
  behind(): boolean {
    return false;
  }
}

/** What a recording's worker hears: a new recording to store, or the next batch of the current one. */
export type WorkerMessage = { readonly open: { readonly path: string; readonly ctl: Int32Array; readonly errors: MessagePort; readonly spare: MessagePort } } | Batch;

/**
 * An idle worker per script, kept for the process's next recording: a new one costs a thread,
 * loading the store's code and SQLite, and compiling that code again while it records (about a
 * tenth of a recording's CPU time). A debugger running its program again, the window's host and
 * a benchmark record more than once.
 */
const idle = new Map<string, Worker>();

/** Stores batches in a worker thread; `ctl[0]` counts the batches it stored, `ctl[1]` is set when one failed. */
class InWorker implements SinkChannel {
  readonly transfers = true;
  private sent = 0;
  private failure: string | null = null;
  private ended = false;

  constructor(private readonly worker: Worker, private readonly key: string, private readonly ctl: Int32Array, private readonly errors: MessagePort, private readonly spare: MessagePort, private readonly encodeBehind: number) {}

  behind(): boolean {
    return this.sent - Atomics.load(this.ctl, 0) >= this.encodeBehind;
  }

  recycled(): Recycled | null {
    return (receiveMessageOnPort(this.spare)?.message as Recycled | undefined) ?? null;
  }

  send(b: Batch): void {
    this.check();
    const chunks = b.encoded ? [b.encoded.steps, b.encoded.effects].flatMap((c) => (c ? [c.buffer as ArrayBuffer] : [])) : [];
    this.worker.postMessage(b, [b.steps, b.effects, b.barriers, ...chunks]);
    this.sent++;
    if (b.last) this.ended = true;
    this.waitFor(this.sent - MAX_IN_FLIGHT);
  }

  drain(): void {
    this.waitFor(this.sent);
    if (!this.ended) return;
    // Column buffers handed back after the last send wait on the spare port, which keeps them as long as it is open (8 MB a batch).
    this.closePorts();
    // Every batch of the recording is stored and its file closed: the worker may serve the next one.
    if (!idle.has(this.key)) idle.set(this.key, this.worker);
    else void this.worker.terminate();
  }

  /** Blocks until at least `n` batches are stored. */
  private waitFor(n: number): void {
    let since = Date.now();
    for (let done = Atomics.load(this.ctl, 0); done < n; done = Atomics.load(this.ctl, 0)) {
      this.check();
      if (Atomics.wait(this.ctl, 0, done, 1000) === 'timed-out' && Date.now() - since > STALL_MS) throw new Error('the trace writer thread stopped responding');
      if (Atomics.load(this.ctl, 0) !== done) since = Date.now();
    }
    this.check();
  }

  private check(): void {
    if (this.failure === null && Atomics.load(this.ctl, 1) !== 0) {
      this.failure = String(receiveMessageOnPort(this.errors)?.message ?? 'the trace writer thread failed');
      // A worker whose store failed drops the recording's later batches and serves no other recording.
      void this.worker.terminate();
      this.closePorts();
    }
    if (this.failure !== null) throw new Error(this.failure);
  }

  /** Closes this side of the recording's ports: an open port keeps whatever reaches it. */
  private closePorts(): void {
    this.spare.close();
    this.errors.close();
  }
}

/** The worker script beside this module once built (dist/trace-sink.js), or null when running from the sources. */
function builtWorker(): URL | null {
  const url = new URL('./trace-sink.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : null;
}

/** A worker for the script `worker`: the idle one, or a new one. */
function takeWorker(worker: URL | string): { readonly w: Worker; readonly key: string } {
  const key = String(worker);
  const kept = idle.get(key);
  if (kept) {
    idle.delete(key);
    return { w: kept, key };
  }
  const w = new Worker(worker);
  // The writer blocks on ctl while it waits; a worker that died is never handed out again.
  w.on('error', () => undefined);
  w.on('exit', () => {
    if (idle.get(key) === w) idle.delete(key);
  });
  // An idle worker does not keep the process alive; a finished recording has drained it, and an abandoned one loses only what was not committed, as a killed run does.
  w.unref();
  return { w, key };
}

/**
 * A channel to a sink storing into the trace at `path`: in a worker when `worker` (default: the
 * built script, if any) names one. `encodeBehind`: the batches behind at which the writer
 * compresses chunks itself (tests pass 0: always).
 */
export function openSink(path: string, worker: URL | string | null = builtWorker(), encodeBehind = ENCODE_BEHIND): SinkChannel {
  if (worker === null) return new InThread(new TraceSink(path));
  const ctl = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const spare = new MessageChannel();
  const { w, key } = takeWorker(worker);
  const open: WorkerMessage = { open: { path, ctl, errors: port2, spare: spare.port2 } };
  w.postMessage(open, [port2, spare.port2]);
  return new InWorker(w, key, ctl, port1, spare.port1, encodeBehind);
}
