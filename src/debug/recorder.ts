import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { RunOptions, SourceHost } from '../engine/api.js';
import { readSources } from '../engine/compile-source.js';
import { PROGRAM_STACK_MB } from '../engine/exec/env.js';
import { findPreset } from '../engine/runtime/presets/index.js';
import type { Tool } from '../analysis/findings.js';
import { LiveRecording, type LiveStart, type Recording } from './live.js';
import { RecorderFailure } from './recorder-failure.js';

/*
 * Where a live session's program runs: on a worker thread whose stack holds the deepest
 * recursion the engine allows (each simulated call is a JavaScript frame, and a thread of
 * ordinary size holds a few thousand), or in this thread when no built worker script is at hand
 * (the sources under a test runner). The session calls the recording synchronously, as it calls
 * one in its own thread: each call waits for the worker's answer (sink-channel.ts does the same
 * for the trace's store), so a slice of recording still returns within its deadline.
 */

/** What the recorder thread is asked to do. */
export type RecorderRequest =
  | { readonly kind: 'start'; readonly file: string; readonly argv: readonly string[]; readonly options: RunOptions; readonly files: readonly (readonly [string, string | null])[]; readonly tracePath: string; readonly tools: readonly Tool[] }
  | { readonly kind: 'advance'; readonly steps: number; readonly deadline: number }
  | { readonly kind: 'abandon' };

/** Its answer: how the recording stands after the request, or why it could not be done. */
export type RecorderReply =
  | { readonly kind: 'started'; readonly ok: true }
  | { readonly kind: 'started'; readonly ok: false; readonly status: number; readonly text: string }
  | { readonly kind: 'state'; readonly more: boolean; readonly status: number | null; readonly running: boolean }
  | { readonly kind: 'failed'; readonly message: string };

/** The recorder thread's first message: where its answers go. `ctl[0]` counts answers; `ctl[1]` is set when the thread ends. */
export interface RecorderSetup {
  readonly ctl: Int32Array;
  readonly replies: MessagePort;
}

/** Compiles `file` and starts recording it into `tracePath` with the sanitizers `tools`, on a big-stack thread when one can be had. */
export function startRecording(file: string, argv: readonly string[], options: RunOptions, host: SourceHost, tracePath: string, tools: readonly Tool[] = []): LiveStart<Recording> {
  const script = builtRecorder();
  if (script === null) return LiveRecording.start(file, argv, options, host, tracePath, tools);
  // The worker cannot call `host`: it gets the files the program's compilation reads, read here.
  const files = new Map<string, string | null>();
  const reading: SourceHost = {
    readFile: (p) => {
      if (!files.has(p)) files.set(p, host.readFile(p));
      return files.get(p)!;
    },
  };
  const props = findPreset(options.device ?? 'h100')?.props;
  readSources(file, reading, props ? props.major * 100 + props.minor * 10 : undefined);
  let remote: RemoteRecording;
  try {
    remote = new RemoteRecording(script);
  } catch {
    // No thread could be had (a system short of memory for its stack): record here, with a smaller stack.
    return LiveRecording.start(file, argv, options, host, tracePath, tools);
  }
  const r = remote.call({ kind: 'start', file, argv, options, files: [...files], tracePath, tools });
  if (r.kind === 'started' && r.ok) return { ok: true, live: remote };
  remote.close();
  if (r.kind === 'started') return { ok: false, status: r.status, text: r.text };
  return { ok: false, status: 70, text: `warpscope: internal error while starting the program: ${r.kind === 'failed' ? r.message : 'no answer'}\n` };
}

/** The recorder script beside this module once built (dist/recorder.js), or null when running from the sources. */
function builtRecorder(): URL | null {
  const url = new URL('./recorder.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : null;
}

/** A recording on its own thread, called synchronously. */
class RemoteRecording implements Recording {
  private readonly worker: Worker;
  private readonly ctl = new Int32Array(new SharedArrayBuffer(8));
  private readonly replies: MessagePort;
  private status: number | null = null;
  private live = true;

  constructor(script: URL) {
    const { port1, port2 } = new MessageChannel();
    this.replies = port1;
    this.worker = new Worker(script, { resourceLimits: { stackSizeMb: PROGRAM_STACK_MB } });
    // Failures come back as answers; a thread that died is seen through ctl[1]. It is only ever waited on, so it keeps no process alive.
    this.worker.on('error', () => undefined);
    this.worker.unref();
    const setup: RecorderSetup = { ctl: this.ctl, replies: port2 };
    this.worker.postMessage(setup, [port2]);
  }

  get exitStatus(): number | null {
    return this.status;
  }

  get running(): boolean {
    return this.live;
  }

  advance(steps: number, deadline = Infinity): boolean {
    if (!this.live) return false;
    const r = this.call({ kind: 'advance', steps, deadline });
    if (r.kind !== 'state') {
      // Nothing more can be recorded: the session ends the program rather than taking this for its end.
      this.stop();
      throw new RecorderFailure(r.kind === 'failed' ? r.message : 'the recording thread answered out of turn');
    }
    this.status = r.status;
    if (!r.running) this.stop();
    return r.more;
  }

  abandon(): void {
    if (!this.live) return;
    this.call({ kind: 'abandon' });
    this.stop();
  }

  /** Ends the thread once its recording is over (its trace is stored by then). */
  close(): void {
    this.replies.close();
    void this.worker.terminate();
  }

  private stop(): void {
    this.live = false;
    this.close();
  }

  /** Sends `req` and blocks until the answer comes. */
  call(req: RecorderRequest): RecorderReply {
    const answered = Atomics.load(this.ctl, 0);
    this.worker.postMessage(req);
    for (;;) {
      const got = receiveMessageOnPort(this.replies);
      if (got) return got.message as RecorderReply;
      if (Atomics.load(this.ctl, 1) !== 0) return { kind: 'failed', message: 'the recording thread stopped' };
      Atomics.wait(this.ctl, 0, answered, 1000);
    }
  }
}
