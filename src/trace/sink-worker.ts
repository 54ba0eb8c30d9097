import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { Batch, SinkOpen } from './batch.js';
import { TraceSink } from './sink.js';

/*
 * The worker thread of recordings (built as dist/trace-sink.js): stores the batches its writer
 * posts into the trace the last SinkOpen named, counting each in the shared control array the
 * writer waits on. A failure is reported once through the error port and the control array;
 * later batches of that recording are dropped. Stored batches' column buffers go back through
 * the spare port for the writer to reuse. After a recording's last batch the thread waits for
 * the next recording, its code already optimized.
 */

const { ctl, errors, spare } = workerData as { ctl: Int32Array; errors: MessagePort; spare: MessagePort };
let target: SinkOpen | null = null;
let sink: TraceSink | null = null;
let failed = false;

parentPort!.on('message', (m: Batch | SinkOpen) => {
  if ('open' in m) {
    target = m;
    sink = null;
    failed = false;
    return;
  }
  if (!failed) {
    try {
      sink ??= new TraceSink(target!.open, target!.checkpointEvents);
      sink.handle(m);
      // The writer reuses the columns: fresh ones of this size cost it a zeroed allocation and garbage.
      if (!m.last) spare.postMessage({ steps: m.steps, effects: m.effects, barriers: m.barriers }, [m.steps, m.effects, m.barriers]);
    } catch (e) {
      failed = true;
      errors.postMessage(e instanceof Error ? e.message : String(e));
      Atomics.store(ctl, 1, 1);
    }
  }
  // The last batch closed the file (TraceSink.handle): the next recording opens its own.
  if (m.last) sink = null;
  Atomics.add(ctl, 0, 1);
  Atomics.notify(ctl, 0);
});
