import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { Batch } from './batch.js';
import { TraceSink } from './sink.js';
import type { WorkerMessage } from './sink-channel.js';

/*
 * The worker thread of recordings (built as dist/trace-sink.js): stores the batches a writer
 * posts, counting each in the shared control array the writer waits on. It serves one recording
 * after another (sink-channel.ts keeps an idle one), each announced by an 'open' message with its
 * own control array and ports. A failure is reported once through the error port and the control
 * array; the recording's later batches are dropped. Stored batches' column buffers go back
 * through the spare port for the writer to reuse. It runs at a lower priority than the recording.
 */

interface Recording {
  readonly path: string;
  readonly ctl: Int32Array;
  readonly errors: MessagePort;
  readonly spare: MessagePort;
  sink: TraceSink | null;
  failed: boolean;
}

let rec: Recording | null = null;

/**
 * Lowers this thread's scheduling priority below the recording's (nice 10 more). On Linux a
 * thread is a task of its own (/proc/thread-self names it) with its own nice value. The recording
 * thread runs the program, and V8 compiles its code on helper threads; on a 2-core machine all
 * three compete, and at one priority the store slowed the program and delayed its optimized
 * code: recordings of reduce_1m took 4-14% longer (medians of 18-24 alternating recordings). The
 * store catches up whenever the recording waits for it. Elsewhere nothing changes.
 */
function yieldToRecording(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(tid, Math.min(19, getPriority(tid) + 10));
  } catch {
    // Not Linux, or not permitted: nothing changes.
  }
}

yieldToRecording();

function store(r: Recording, b: Batch): void {
  if (!r.failed) {
    try {
      r.sink ??= new TraceSink(r.path);
      r.sink.handle(b);
      // The writer reuses the columns: fresh ones of this size cost it a zeroed allocation and garbage.
      if (!b.last) r.spare.postMessage({ steps: b.steps, effects: b.effects, barriers: b.barriers }, [b.steps, b.effects, b.barriers]);
    } catch (e) {
      r.failed = true;
      r.errors.postMessage(e instanceof Error ? e.message : String(e));
      Atomics.store(r.ctl, 1, 1);
    }
  }
  if (b.last) {
    r.errors.close();
    r.spare.close();
    rec = null;
  }
  Atomics.add(r.ctl, 0, 1);
  Atomics.notify(r.ctl, 0);
}

parentPort!.on('message', (m: WorkerMessage) => {
  if ('open' in m) rec = { ...m.open, sink: null, failed: false };
  else if (rec) store(rec, m);
});
