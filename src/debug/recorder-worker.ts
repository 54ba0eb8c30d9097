import { parentPort, type MessagePort } from 'node:worker_threads';
import { LiveRecording } from './live.js';
import type { RecorderReply, RecorderRequest, RecorderSetup } from './recorder.js';
import { failureReason } from './recorder-failure.js';

/*
 * The thread a live debugging session's program runs on (built as dist/recorder.js; recorder.ts
 * starts it with a stack that holds MAX_CALL_DEPTH simulated calls). It carries out one request
 * at a time and answers each on the session's port, then counts the answer in ctl[0] so the
 * session, waiting on it, wakes.
 */

const port = parentPort;
if (port) {
  let ctl: Int32Array | null = null;
  let replies: MessagePort | null = null;
  let live: LiveRecording | null = null;

  const answer = (r: RecorderReply): void => {
    replies!.postMessage(r);
    Atomics.add(ctl!, 0, 1);
    Atomics.notify(ctl!, 0);
  };

  const handle = (req: RecorderRequest): RecorderReply => {
    switch (req.kind) {
      case 'start': {
        const files = new Map(req.files);
        const started = LiveRecording.start(req.file, req.argv, req.options, { readFile: (p) => files.get(p) ?? null }, req.tracePath, req.tools);
        if (!started.ok) return { kind: 'started', ok: false, status: started.status, text: started.text };
        live = started.live;
        return { kind: 'started', ok: true };
      }
      case 'advance': {
        if (!live) return { kind: 'failed', message: 'no recording to advance' };
        const more = live.advance(req.steps, req.deadline);
        return { kind: 'state', more, status: live.exitStatus, running: live.running };
      }
      case 'abandon':
        live?.abandon();
        return { kind: 'state', more: false, status: live?.exitStatus ?? null, running: false };
    }
  };

  port.on('message', (m: RecorderSetup | RecorderRequest) => {
    if ('ctl' in m) {
      ({ ctl, replies } = m);
      // A thread that ends for any reason says so, so the session never waits on it for nothing.
      process.on('exit', () => {
        Atomics.store(m.ctl, 1, 1);
        Atomics.notify(m.ctl, 0);
      });
      return;
    }
    try {
      answer(handle(m));
    } catch (e) {
      answer({ kind: 'failed', message: failureReason(e) });
    }
  });
}
