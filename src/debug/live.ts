import { formatDiagnostic, type Diagnostic } from '../engine/front/diag.js';
import { compileSource } from '../engine/compile-source.js';
import { startProgram } from '../engine/runtime/program.js';
import { findPreset } from '../engine/runtime/presets/index.js';
import type { Resumable } from '../engine/exec/env.js';
import type { RunOptions, SourceHost } from '../engine/api.js';
import { TraceWriter } from '../trace/writer.js';
import type { Tool } from '../analysis/findings.js';
import { SanitizerRecorder } from './sanitize/recorder.js';
import { utf8Bytes } from './utf8.js';
import { RecorderFailure, failureReason } from './recorder-failure.js';

/*
 * A program being recorded for a live debugging session. It runs a slice of statements at a
 * time (the writer suspends it), so the session can stop recording as soon as it has what a
 * command needs, and Ctrl-C can interrupt a program that loops forever.
 */

/** Statements recorded between two looks at the interrupt flag (at most; see SLICE_MS). */
export const SLICE = 200_000;

/** Milliseconds of recording between two looks at the interrupt flag. */
export const SLICE_MS = 100;

/** Statements recorded between two looks at the clock. */
const CLOCK_STEPS = 4096;

/** What a debugging session drives: a program under recording, in this thread or another (recorder.ts). */
export interface Recording {
  /** The exit status once the program ended; null while it runs or after it was abandoned. */
  readonly exitStatus: number | null;
  /** Whether there is more to record: the program has neither ended nor been abandoned. */
  readonly running: boolean;
  /** Records until at least `steps` statements exist, the program ends, or the time `deadline` (ms) has come; false when it ended. Commits what it recorded. */
  advance(steps: number, deadline?: number): boolean;
  /** Stops recording a program the user abandoned; the trace keeps what was recorded. */
  abandon(): void;
}

/** The outcome of starting a recording. */
export type LiveStart<R extends Recording = LiveRecording> = { readonly ok: true; readonly live: R } | { readonly ok: false; readonly status: number; readonly text: string };

/** A program under recording in this thread. */
export class LiveRecording implements Recording {
  private status: number | null = null;
  /** Set by abandon(): the recording stopped before the program ended, and has no exit status. */
  private stopped = false;

  private constructor(
    readonly writer: TraceWriter,
    private readonly gen: Resumable<number>,
    private readonly sanitizers: SanitizerRecorder | null,
  ) {}

  /** Compiles `file` and prepares to record it into `tracePath`, with the sanitizers `tools` listening; compile errors come back as their rendered text. */
  static start(file: string, argv: readonly string[], options: RunOptions, host: SourceHost, tracePath: string, tools: readonly Tool[] = []): LiveStart {
    const props = findPreset(options.device ?? 'h100')?.props;
    const compiled = compileSource(file, host, props ? props.major * 100 + props.minor * 10 : undefined);
    const render = (d: Diagnostic): string => (d.loc.line > 0 ? formatDiagnostic(d, compiled.sources) : `${d.loc.file || 'warpscope'}: ${d.severity}: ${d.message}`);
    if (!compiled.ok) {
      const errors = compiled.diags.filter((d) => d.severity === 'error').length;
      return { ok: false, status: 1, text: utf8Bytes(compiled.diags.map((d) => render(d) + '\n').join('')) + `${errors} error${errors === 1 ? '' : 's'} generated.\n` };
    }
    const writer = TraceWriter.create(tracePath, { program: file, argv, device: options.device ?? 'h100', options: { ...options } });
    if (typeof writer === 'string') return { ok: false, status: 1, text: `warpscope: error: cannot write the trace '${tracePath}': ${writer}\n` };
    writer.sources(compiled.sources);
    // Before the first statement, as `record` stores them: rows for the panels, text for the console and replay.
    for (const w of compiled.warnings) {
      const text = render(w) + '\n';
      writer.diagnostic(w, text);
      writer.output('stderr', utf8Bytes(text));
    }
    // Without sanitizers the writer is the listener itself: nothing stands between it and the engine.
    const sanitizers = tools.length > 0 ? new SanitizerRecorder(writer, tools, tracePath) : null;
    const gen = startProgram(compiled.program, {
      argv,
      options: { ...options, lineBuffered: true },
      sink: { stdout: (t) => writer.output('stdout', t), stderr: (t) => writer.output('stderr', t) },
      report: (d) => {
        const text = render(d) + '\n';
        writer.diagnostic(d, text);
        writer.output('stderr', utf8Bytes(text));
      },
      listener: sanitizers?.listener ?? writer,
    });
    return { ok: true, live: new LiveRecording(writer, gen, sanitizers) };
  }

  /** The exit status once the program ended; null while it runs or after it was abandoned. */
  get exitStatus(): number | null {
    return this.status;
  }

  /** Whether there is more to record: the program has neither ended nor been abandoned, and recording has not failed. */
  get running(): boolean {
    return this.status === null && !this.stopped && this.failure === null;
  }

  /** Why recording failed (the trace could not be stored); null while it works. */
  private failure: string | null = null;

  /** Records until at least `steps` statements exist, the program ends, or the time `deadline` (ms) has come; false when it ended. Commits what it recorded; throws RecorderFailure when it cannot, then and at every later call. */
  advance(steps: number, deadline = Infinity): boolean {
    if (this.failure !== null) throw new RecorderFailure(this.failure);
    try {
      return this.record(steps, deadline);
    } catch (e) {
      this.failure = failureReason(e);
      throw new RecorderFailure(this.failure);
    }
  }

  /** advance() of a recording that works: the program's own failures end its run; the writer's escape. */
  private record(steps: number, deadline: number): boolean {
    if (!this.running) return false;
    let ended: number | null = null;
    try {
      for (;;) {
        // Short runs between looks at the clock, so a Ctrl-C waits a fraction of a second at most.
        this.writer.pauseAt = Math.min(steps, this.writer.recordedSteps + CLOCK_STEPS);
        const r = this.gen.next();
        if (r.done) {
          ended = r.value;
          break;
        }
        if (this.writer.recordedSteps >= steps || Date.now() >= deadline) break;
      }
    } catch (e) {
      const text = `warpscope: internal error while running the program: ${e instanceof Error ? e.message : String(e)}\n`;
      this.writer.output('stderr', text);
      this.status = 70;
      this.writer.finish(70);
      this.sanitizers?.flush(true);
      return false;
    }
    // Outside the catch: a program that ended is stored here, and a store that fails is the recording's failure, never the program's.
    if (ended !== null) {
      this.status = ended;
      this.writer.finish(ended);
      this.sanitizers?.flush(true);
      return false;
    }
    this.writer.sync();
    this.sanitizers?.flush();
    return true;
  }

  /**
   * Stops recording a program the user abandoned (kill, quit, run again). The trace keeps what was
   * recorded and stays incomplete: the program did not end, so it has no exit status to replay.
   */
  abandon(): void {
    if (!this.running) return;
    this.stopped = true;
    this.writer.finish(null);
    this.sanitizers?.flush(true);
  }
}
