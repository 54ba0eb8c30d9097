import { parentPort, workerData } from 'node:worker_threads';
import type { RunOptions } from '../engine/api.js';
import { parseCommand } from '../protocol/validate.js';
import { SessionService } from './session-service.js';
import { nodeServiceEnv } from './node-env.js';

/*
 * The session service in a worker thread (built as dist/session-worker.js and
 * out/main/session-worker.js): a kernel that runs for seconds keeps this thread busy, not the
 * server's or the window's. Interrupts still land, since a running command yields between slices.
 */

const port = parentPort;
if (port) {
  const data = workerData as { options?: RunOptions; traceDir?: string } | null;
  const service = new SessionService((e) => port.postMessage(e), nodeServiceEnv(data?.options, data?.traceDir));
  port.on('message', (raw: unknown) => {
    // The host validated it already; a second look costs nothing and keeps this thread safe alone.
    const p = parseCommand(raw);
    if (p.ok) service.handle(p.command);
    else port.postMessage({ kind: 'error', message: p.error });
  });
  port.on('close', () => service.close());
}
