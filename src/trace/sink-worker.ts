import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { Batch } from './batch.js';
import { TraceSink } from './sink.js';

/*
 * The worker thread of a recording (built as dist/trace-sink.js): stores the batches its
 * writer posts, counting each in the shared control array the writer waits on. A failure is
 * reported once through the error port and the control array; later batches are dropped.
 * Stored batches' column buffers go back through the spare port for the writer to reuse.
 */

const { path, checkpointEvents, ctl, errors, spare } = workerData as { path: string; checkpointEvents: number; ctl: Int32Array; errors: MessagePort; spare: MessagePort };
let sink: TraceSink | null = null;
let failed = false;

parentPort!.on('message', (b: Batch) => {
  if (!failed) {
    try {
      sink ??= new TraceSink(path, checkpointEvents);
      sink.handle(b);
      // The writer reuses the columns: fresh ones of this size cost it a zeroed allocation and garbage.
      if (!b.last) spare.postMessage({ steps: b.steps, effects: b.effects, barriers: b.barriers }, [b.steps, b.effects, b.barriers]);
    } catch (e) {
      failed = true;
      errors.postMessage(e instanceof Error ? e.message : String(e));
      Atomics.store(ctl, 1, 1);
    }
  }
  Atomics.add(ctl, 0, 1);
  Atomics.notify(ctl, 0);
  if (b.last) {
    parentPort!.close();
    spare.close();
  }
});
