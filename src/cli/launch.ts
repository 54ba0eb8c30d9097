import { Worker, isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PROGRAM_STACK_MB } from '../engine/exec/env.js';
import { INTERRUPTED_STATUS } from './exit-status.js';

/*
 * Starts the CLI (dist/cli.js) on the thread it needs. Every call the simulated program makes is
 * a JavaScript frame, and the main thread's stack holds a few thousand of them; so the commands
 * that run a program to its end (run, record, check, stats) run on a worker thread whose stack
 * holds MAX_CALL_DEPTH (PROGRAM_STACK_MB). Its output comes here as messages on one port, so
 * stdout and stderr keep the order they were written in (Node's own forwarding of a worker's
 * streams holds back one stream's writes while the other's go out). The other commands stay here: a
 * debugger's terminal needs this thread, and debug and serve record on big-stack threads of
 * their own (debug/recorder.ts). This module is small so that this thread loads nothing else.
 */

const ON_BIG_STACK = new Set(['run', 'record', 'check', 'stats']);

type Main = (argv: readonly string[], stop?: Int32Array, terminal?: boolean) => Promise<number>;

/** What a launch's worker is given: the command, and the word this thread sets on Ctrl-C (a recording stops there). */
interface LaunchData {
  readonly warpscopeArgv: readonly string[];
  /** Whether this process's stdout is a terminal (the worker's own stdout is a pipe to this thread). */
  readonly terminal: boolean;
  readonly stop: Int32Array;
}

/** What it sends back: bytes it wrote, in order, then the exit status. */
type LaunchMessage = { readonly out: 'stdout' | 'stderr'; readonly bytes: Uint8Array } | { readonly status: number };

/** The CLI's entry point, loaded when a thread needs it. */
async function cliMain(): Promise<Main> {
  const mod = (await import(new URL('./cli.js', import.meta.url).href)) as { main: Main };
  return mod.main;
}

/** Exit status of a command whose reader went away: a shell's for a program killed by SIGPIPE. */
const BROKEN_PIPE_STATUS = 128 + 13;

/**
 * Ends the process quietly when stdout or stderr is a pipe whose reader has gone (`warpscope run
 * prog.cu | head`): a program built by nvcc dies of SIGPIPE there, while Node would throw EPIPE
 * as a stack trace. Any other failure to write them (`> file` on a full disk) is one line on
 * stderr (unless stderr is what failed) and status 1, not a stack trace.
 */
function quietOnBrokenPipe(): void {
  for (const out of [process.stdout, process.stderr])
    out.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(BROKEN_PIPE_STATUS);
      const why = e.code === 'ENOSPC' ? 'no space left on the device' : e.message;
      if (out === process.stdout) process.stderr.write(`warpscope: error: cannot write the output: ${why}\n`);
      process.exit(1);
    });
}

/** Runs `warpscope ARGV` on the right thread; returns the exit status. */
export async function launch(argv: readonly string[]): Promise<number> {
  quietOnBrokenPipe();
  if (!ON_BIG_STACK.has(argv[0] ?? '')) return (await cliMain())(argv);
  const onWorker = await onBigStack(argv);
  // No thread could be had (a system short of memory for its stack): the command runs here, with a smaller stack.
  return onWorker ?? (await cliMain())(argv);
}

/** Runs the command on a big-stack worker; null when the worker could not start. */
function onBigStack(argv: readonly string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const data: LaunchData = { warpscopeArgv: argv, terminal: process.stdout.isTTY === true, stop: new Int32Array(new SharedArrayBuffer(4)) };
    let worker: Worker;
    try {
      worker = new Worker(new URL(import.meta.url), { workerData: data, resourceLimits: { stackSizeMb: PROGRAM_STACK_MB } });
    } catch {
      resolve(null);
      return;
    }
    // Ctrl-C during `record`: the recording closes its trace with what it recorded (its worker sees the word at its next batch);
    // a second Ctrl-C, or one during any other command, ends the process at once, as it would a program.
    if (argv[0] === 'record')
      process.on('SIGINT', () => {
        if (Atomics.exchange(data.stop, 0, 1) !== 0) process.exit(INTERRUPTED_STATUS);
      });
    let started = false;
    let status: number | null = null;
    worker.on('online', () => (started = true));
    worker.on('message', (m: LaunchMessage) => {
      if ('out' in m) process[m.out].write(m.bytes);
      else status = m.status;
    });
    worker.on('error', (e) => {
      // A bug of ours: one line naming it, not a JavaScript stack trace.
      if (started) process.stderr.write(`warpscope: error: internal error in Warpscope: ${e.message} (please report it with this program)\n`);
    });
    worker.on('exit', () => resolve(started ? (status ?? 70) : null));
  });
}

/** Sends what the CLI writes to process.stdout and process.stderr through `port`, both in one order. */
function writeThrough(port: MessagePort): void {
  for (const out of ['stdout', 'stderr'] as const) {
    const write = (chunk: Uint8Array | string, encoding?: BufferEncoding | ((e?: Error | null) => void), cb?: (e?: Error | null) => void): boolean => {
      const view = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : chunk;
      // A small Buffer is a slice of a shared pool, which a message would copy whole.
      const bytes = view.byteLength === view.buffer.byteLength ? view : new Uint8Array(view);
      const m: LaunchMessage = { out, bytes };
      port.postMessage(m);
      (typeof encoding === 'function' ? encoding : cb)?.();
      return true;
    };
    process[out].write = write as typeof process.stdout.write;
  }
}

// On the worker: run the command, its output going through the port, and hand its status back.
const data = workerData as LaunchData | null;
if (!isMainThread && parentPort && data?.warpscopeArgv) {
  writeThrough(parentPort);
  const main = await cliMain();
  const m: LaunchMessage = { status: await main(data.warpscopeArgv, data.stop, data.terminal) };
  parentPort.postMessage(m);
}
