import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunOptions } from '../engine/api.js';
import type { SessionCommand, SessionEvent } from '../protocol/messages.js';
import { SessionMirror } from '../protocol/mirror.js';
import { SessionService } from './session-service.js';
import { nodeServiceEnv } from './node-env.js';

/*
 * One session shared by every front end of a host (browser tabs of `warpscope serve`, the
 * Electron window): commands from any of them go to the session; its events go to all, and a
 * front end that connects later asks for `sync` and is sent the state so far.
 */

/** Where a session service runs: a worker thread, a child process, or this thread. */
export interface SessionBackend {
  send(cmd: SessionCommand): void;
  onEvent(listener: (e: SessionEvent) => void): void;
  close(): Promise<void>;
  /** Why the session is gone, once it is (null while it serves): a front end that connects later is told too. */
  failure?(): string | null;
}

/** A front end's link to the host. */
export interface HostConnection {
  send(cmd: SessionCommand): void;
  close(): void;
}

/** The session service in a worker thread started from `script`; live recordings go to `traceDir` (default: traces/ as `warpscope debug`'s). */
export function workerBackend(script: URL | string, options?: RunOptions, traceDir?: string): SessionBackend {
  const worker = new Worker(script, { workerData: { options, traceDir } });
  const listeners: ((e: SessionEvent) => void)[] = [];
  const tell = (e: SessionEvent): void => listeners.forEach((l) => l(e));
  worker.on('message', (e: SessionEvent) => tell(e));
  worker.on('error', (err) => tell({ kind: 'error', message: `the session stopped: ${err.message}` }));
  return {
    send: (cmd) => worker.postMessage(cmd),
    onEvent: (l) => void listeners.push(l),
    close: async () => void (await worker.terminate()),
  };
}

/** The session service in this thread (tests running from the sources, where no worker script is built). */
export function inThreadBackend(options?: RunOptions, traceDir?: string): SessionBackend {
  const listeners: ((e: SessionEvent) => void)[] = [];
  const service = new SessionService((e) => listeners.forEach((l) => l(e)), nodeServiceEnv(options, traceDir));
  return {
    send: (cmd) => service.handle(cmd),
    onEvent: (l) => void listeners.push(l),
    close: async () => service.close(),
  };
}

/** A worker backend when `script` (a built session-worker.js) exists, else one in this thread. */
export function defaultBackend(script: URL, options?: RunOptions): SessionBackend {
  return script.protocol === 'file:' && existsSync(fileURLToPath(script)) ? workerBackend(script, options) : inThreadBackend(options);
}

/** A session with any number of front ends. */
export class SessionHost {
  private readonly mirror = new SessionMirror();
  private readonly clients = new Set<(e: SessionEvent) => void>();

  constructor(private readonly backend: SessionBackend) {
    backend.onEvent((e) => {
      this.mirror.apply(e);
      for (const c of this.clients) c(e);
    });
  }

  /** Connects a front end: it hears every event from now on, and the state so far when it sends `sync`. */
  connect(listener: (e: SessionEvent) => void): HostConnection {
    this.clients.add(listener);
    return {
      send: (cmd) => {
        if (cmd.kind !== 'sync') return this.backend.send(cmd);
        for (const e of this.mirror.replay()) listener(e);
        const failure = this.backend.failure?.() ?? null;
        if (failure !== null) listener({ kind: 'error', message: failure });
      },
      close: () => void this.clients.delete(listener),
    };
  }

  /** A command from the host itself (the program it was started with, a menu's File > Open). */
  send(cmd: SessionCommand): void {
    this.backend.send(cmd);
  }

  /** Stops the session. */
  async close(): Promise<void> {
    this.clients.clear();
    await this.backend.close();
  }
}
