import { fork, type ChildProcess } from 'node:child_process';
import type { RunOptions } from '../engine/api.js';
import type { SessionCommand, SessionEvent } from '../protocol/messages.js';
import type { SessionBackend } from './session-host.js';

/*
 * The session service in a child process of a Node.js executable: Electron's main process runs
 * it there because better-sqlite3's native addon is built once, by `npm install`, for the
 * system Node's ABI, and would not load inside Electron. The child is the same built
 * session-worker.js that `warpscope serve` runs in a worker thread.
 */

/** The environment variable that carries what a worker thread gets as workerData ({ options, traceDir }, as JSON). */
export const SESSION_DATA_VAR = 'WARPSCOPE_SESSION_DATA';

/** What the child is started with. */
export interface SessionData {
  readonly options?: RunOptions;
  readonly traceDir?: string;
}

/** A session backend in a child process, with the child's pid (undefined when it could not start). */
export interface NodeProcessBackend extends SessionBackend {
  readonly pid: number | undefined;
}

/** The end of the child's stderr kept for the report of its death. */
const STDERR_TAIL = 2000;

/** How long close() lets the child close its session (and its trace) before killing it. */
const CLOSE_GRACE_MS = 2000;

/** Why a child ended, in words. */
function endedBecause(code: number | null, signal: NodeJS.Signals | null): string {
  return signal !== null ? `it was killed by ${signal}` : `it exited with status ${code ?? 'unknown'}`;
}

/** Resolves once `child` has exited (at once when it already has, or never started). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
}

/** The session service of `script` (a built session-worker.js) in a child process of `node`; live recordings go to `traceDir`. */
export function nodeProcessBackend(script: string, node: string, options?: RunOptions, traceDir?: string): NodeProcessBackend {
  const data: SessionData = { options, traceDir };
  const child = fork(script, [], {
    execPath: node,
    // The parent's flags are Electron's or a test runner's, not meant for this Node.
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    env: { ...process.env, [SESSION_DATA_VAR]: JSON.stringify(data) },
  });
  const listeners: ((e: SessionEvent) => void)[] = [];
  const tell = (e: SessionEvent): void => listeners.forEach((l) => l(e));
  let stderr = '';
  let failure: string | null = null;
  let closing = false;
  const fail = (why: string): void => {
    if (failure !== null || closing) return;
    const tail = stderr.trim();
    failure = `the session stopped: ${why}${tail ? `\n${tail}` : ''}`;
    tell({ kind: 'error', message: failure });
  };
  // Whatever way this process ends, the child must not outlive it (a crash or kill of this
  // process closes the IPC channel instead, which the child takes as its cue to exit).
  const killOnExit = (): void => void child.kill();
  process.on('exit', killOnExit);
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => void (stderr = (stderr + chunk).slice(-STDERR_TAIL)));
  child.on('message', (e: SessionEvent) => tell(e));
  child.on('error', (err) => {
    // A started child's errors are failed sends or kills as it dies: its 'close' tells how it ended.
    if (child.pid !== undefined) return;
    process.off('exit', killOnExit);
    fail(`${node} could not be started: ${err.message}`);
  });
  // 'close' comes after stderr has ended, so the report holds the child's last words.
  child.on('close', (code, signal) => {
    process.off('exit', killOnExit);
    fail(endedBecause(code, signal));
  });
  return {
    pid: child.pid,
    send: (cmd: SessionCommand) => {
      if (failure !== null) tell({ kind: 'error', message: failure });
      else if (child.connected) child.send(cmd);
    },
    onEvent: (l) => void listeners.push(l),
    failure: () => failure,
    close: async () => {
      closing = true;
      const gone = exited(child);
      // Disconnecting lets the child close its session and exit on its own; a busy or stuck one is killed.
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
      await gone;
      clearTimeout(timer);
      process.off('exit', killOnExit);
    },
  };
}
