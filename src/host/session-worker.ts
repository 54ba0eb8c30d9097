import { parentPort, workerData } from 'node:worker_threads';
import type { SessionEvent } from '../protocol/messages.js';
import { parseCommand } from '../protocol/validate.js';
import { SessionService } from './session-service.js';
import { nodeServiceEnv } from './node-env.js';
import { SESSION_DATA_VAR, type SessionData } from './node-process.js';

/*
 * The session service away from its host (built as dist/session-worker.js and
 * out/main/session-worker.js): in a worker thread for `warpscope serve`, so a kernel that runs
 * for seconds keeps this thread busy, not the server's; in a child process of the system Node
 * for Electron (src/host/node-process.ts), whose own Node cannot load better-sqlite3's addon.
 * Interrupts still land either way, since a running command yields between slices.
 */

/** Serves commands arriving through `on` with a session whose events go to `post`; returns the service. */
function serve(data: SessionData | null, post: (e: SessionEvent) => void, on: (listener: (raw: unknown) => void) => void): SessionService {
  const service = new SessionService(post, nodeServiceEnv(data?.options, data?.traceDir));
  on((raw) => {
    // The host validated it already; a second look costs nothing and keeps this side safe alone.
    const p = parseCommand(raw);
    if (p.ok) service.handle(p.command);
    else post({ kind: 'error', message: p.error });
  });
  return service;
}

const port = parentPort;
if (port) {
  const service = serve(workerData as SessionData | null, (e) => port.postMessage(e), (l) => void port.on('message', l));
  port.on('close', () => service.close());
} else if (process.send) {
  const send = process.send.bind(process);
  const raw = process.env[SESSION_DATA_VAR];
  // A write can fail before 'disconnect' arrives (the parent just died): that too means leave, not crash.
  const post = (e: SessionEvent): void => void (process.connected && send(e, undefined, {}, (err: Error | null) => err && leave()));
  const service = serve(raw ? (JSON.parse(raw) as SessionData) : null, post, (l) => void process.on('message', l));
  // The parent closed the channel, exited or died: nobody is left to serve, so nothing may outlive it.
  const leave = (): void => {
    service.close();
    process.exit(0);
  };
  process.on('disconnect', leave);
}
