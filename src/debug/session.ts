import type { RunOptions } from '../engine/api.js';
import type { SchedulerSpec } from '../engine/exec/scheduler.js';
import { Trace, type StepRow } from '../trace/reader.js';
import { damagedTrace, isTraceDamage } from '../trace/damage.js';
import { RecorderFailure } from './recorder-failure.js';
import { Cursor } from '../trace/cursor.js';
import { type MachineState, type WarpState } from '../trace/state.js';
import { focusRowAt, frameRowsAt, savedRegisters, warpStateAt } from './frame-rows.js';
import { programEnd, stopAtEnd } from './program-end.js';
import { ProgramView } from './program-view.js';
import { BreakpointTable } from './breakpoints.js';
import { StateContext, type Focus } from './eval-context.js';
import { sameFocus } from './focus.js';
import { focusMessage } from './describe.js';
import { showWhere } from './where.js';
import { processId } from './inferior.js';
import type { DebugIO, SessionSource } from './session-io.js';
export type { DebugIO, SessionSource };
import { LiveRecording, SLICE, SLICE_MS, type Recording } from './live.js';
import { startRecording } from './recorder.js';
export { LiveRecording };
import { ValueHistory } from './expr/index.js';
import { dispatch } from './commands.js';
import { answer, type Question } from './confirm.js';
import { completions } from './completion.js';
import { TOOLS, type Tool } from '../analysis/findings.js';
import { recordedTools } from './sanitize/store.js';
import { utf8Bytes } from './utf8.js';

/*
 * A debugging session: cuda-gdb's commands over a trace. A live session records the program as
 * it goes (a slice at a time, only as far as commands need); a replayed one reads a saved trace.
 * Every command answers from the trace, so both kinds print the same for the same commands.
 */

/** A debugging session. */
export class DebugSession {
  trace: Trace | null = null;
  view: ProgramView | null = null;
  cursor: Cursor | null = null;
  live: Recording | null = null;
  private position: number | null = null;
  /**
   * Where inside statement pos - 1 the program stands, as an effect number (effects before it
   * have happened): a finish stops as its frame returns, in the middle of the caller's
   * statement; null at a statement's start.
   */
  cut: number | null = null;

  /** The step the program stands before; null when it is not being run. Setting it stands at that statement's start. */
  get pos(): number | null {
    return this.position;
  }

  set pos(step: number | null) {
    this.position = step;
    this.cut = null;
  }
  focus: Focus = { kind: 'host' };
  frameIndex = 0;
  readonly bps = new BreakpointTable();
  readonly values = new ValueHistory();
  readonly displays: { num: number; expr: string; fmt: string }[] = [];
  displayNext = 1;
  breakOnLaunch = false;
  scheduler: SchedulerSpec | null = null;
  /** The sanitizers whose findings stop the program (`set cuda memcheck on`); a live session records with them from its next run. */
  readonly sanitizers = new Set<Tool>();
  /** The step of the sanitizer stop the program stands at: resuming runs that statement without stopping at its findings again. */
  sanitizerStop: number | null = null;
  /** The step of the kernel fault the program stands at: resuming runs on past it (the launch has failed). */
  faultStop: number | null = null;
  /** Whether the program ran to its end (so every finding of the recording is "so far"). */
  ended = false;
  /** Output rows already shown (the program's stdout/stderr up to the current step). */
  private shownOutput = 0;
  private interrupted = false;
  /** The process id gdb's messages name for the current run (inferior.ts). */
  pid = 0;
  /** Set by `quit`. */
  done = false;
  /** Whether a command found the trace damaged or its recording failed (the command-line session then exits with status 1). */
  damaged = false;

  /** The trace the session reads (or records). */
  get tracePath(): string {
    return this.source.kind === 'replay' ? this.source.path : this.source.tracePath;
  }
  /**
   * Where a bare `list` goes on: around `line` after a stop or a frame command (gdb's current
   * source line), else after `line`, the last line listed (`first` the first, where `list -` goes back from).
   */
  listAt: { file: string; line: number; after: boolean; first?: number } | null = null;
  /** `x`'s remembered format, unit and next address. */
  examineState: unknown = null;

  /** Where the session writes: the caller's io, noting whether the last text left a line open. */
  readonly io: DebugIO;
  /** Whether the last text written ended inside a line (a stop's header whose frame then failed to read). */
  private lineOpen = false;

  constructor(io: DebugIO, readonly source: SessionSource) {
    const out = (text: string): void => {
      if (text !== '') this.lineOpen = !text.endsWith('\n');
      io.out(text);
    };
    // The caller's object stays the prototype: what it sets later (interactive) still shows through.
    this.io = Object.create(io, { out: { value: out } }) as DebugIO;
  }

  /** Opens a replayed trace; an error message when it cannot be read. */
  static replay(io: DebugIO, path: string): DebugSession | string {
    const s = new DebugSession(io, { kind: 'replay', path });
    const t = Trace.open(path);
    if (typeof t === 'string') return t;
    s.attach(t);
    // A replay stops where the recording's sanitizers found something, as the live session did.
    for (const tool of recordedTools(t.meta)) s.sanitizers.add(tool);
    return s;
  }

  private attach(t: Trace): void {
    this.trace?.close();
    this.trace = t;
    this.view = new ProgramView(t);
    this.cursor = new Cursor(t);
    this.shownOutput = 0;
  }

  /** Prints a line (a newline is added). */
  say(text: string): void {
    this.write(text + '\n');
  }

  /**
   * Prints the session's own text (not the program's bytes) as UTF-8: it names files and echoes
   * what was typed, and a path like `ñé/hé llo.cu` must not reach the terminal as single bytes.
   */
  write(text: string): void {
    this.io.out(utf8Bytes(text));
  }

  /** The lines of a `commands` block being typed, and the command lists they go to (until `end`). */
  collecting: { readonly into: string[][]; readonly lines: string[] } | null = null;
  /** The question the next line answers (kill, quit, delete at a terminal); `set confirm off` asks none. */
  question: Question | null = null;
  confirmOn = true;

  /** Runs one command line (or takes it into the `commands` block being typed). */
  async execute(line: string): Promise<void> {
    if (this.question) return answer(this, this.question, line);
    const c = this.collecting;
    if (c) {
      const text = line.trim();
      if (text !== 'end') c.lines.push(text);
      else {
        for (const list of c.into) list.splice(0, list.length, ...c.lines.filter((l) => l !== ''));
        this.collecting = null;
      }
      return;
    }
    try {
      await dispatch(this, line.trim());
    } catch (e) {
      const failed = e instanceof RecorderFailure;
      if (!failed && !isTraceDamage(e)) return this.say(`warpscope: internal error: ${e instanceof Error ? e.message : String(e)}`);
      // Nothing read from the damaged part may show, and a failed recording records no more: the program stops being run, as after `kill`, and the session fails.
      this.damaged = true;
      this.say(`${this.lineOpen ? '\n' : ''}warpscope: ${failed ? `internal error: ${e.message}` : `error: ${damagedTrace(this.tracePath, e)}`}`);
      this.pos = null;
      this.focus = { kind: 'host' };
      this.cursor?.reset();
    }
  }

  /** Command and symbol names that complete `prefix` (tab completion). */
  complete(prefix: string): string[] {
    return completions(this.view, prefix);
  }

  /** Ctrl-C: a command that is recording stops where it is. */
  interrupt(): void {
    this.interrupted = true;
  }

  /**
   * Steps available to stand before: the last statement of a recording that has not ended (a
   * live one still running, or one stopped early) may not have finished running.
   */
  limit(): number {
    const t = this.trace!;
    return t.complete ? t.stepCount() : Math.max(0, t.stepCount() - 1);
  }

  /** Records more of a live program; false when there is nothing more (ended, replay, or Ctrl-C). */
  async grow(): Promise<boolean> {
    if (!this.live?.running || !this.trace) return false;
    await new Promise((r) => setImmediate(r));
    if (this.interrupted) return false;
    this.live.advance(this.trace.stepCount() + SLICE, Date.now() + SLICE_MS);
    this.trace.refresh();
    this.view!.refreshLaunches();
    this.cursor!.reset();
    return true;
  }

  /** Records a live program until step `step` can be stood before (or to its end when `step` is null); false when Ctrl-C stopped it. */
  async recordTo(step: number | null): Promise<boolean> {
    while ((step === null || this.limit() <= step) && (await this.grow()));
    if (!this.interrupted) return true;
    this.interrupted = false;
    return false;
  }

  /** Compiles the program and starts its recording (symbols known, nothing run yet); false after printing why not. */
  prepare(): boolean {
    if (this.source.kind === 'replay') return this.trace !== null;
    const src = this.source;
    this.live?.abandon();
    const options: RunOptions = this.scheduler ? { ...src.options, scheduler: this.scheduler } : src.options;
    const tools = TOOLS.filter((t) => this.sanitizers.has(t));
    const started = startRecording(src.file, src.argv, options, src.host, src.tracePath, tools);
    if (!started.ok) {
      this.io.out(started.text);
      this.pos = null;
      return false;
    }
    this.live = started.live;
    this.live.advance(1);
    const t = Trace.open(src.tracePath);
    if (typeof t === 'string') {
      this.say(`warpscope: error: ${t}`);
      return false;
    }
    this.attach(t);
    this.fresh = true;
    this.preparedWith = this.scheduler;
    this.preparedTools = tools.join(',');
    return true;
  }

  /** A prepared recording that no command has used yet, and the scheduler and sanitizers it was prepared with. */
  private fresh = false;
  private preparedWith: SchedulerSpec | null = null;
  private preparedTools = '';

  /** Starts (or restarts) the program: a new recording, or the replayed trace from its first step. */
  async start(): Promise<boolean> {
    this.interrupted = false;
    // A recording prepared before `set scheduler` runs with the old order: prepare it again.
    const tools = TOOLS.filter((t) => this.sanitizers.has(t)).join(',');
    if (this.source.kind === 'live' && (!this.fresh || this.preparedWith !== this.scheduler || this.preparedTools !== tools) && !this.prepare()) return false;
    if (!this.trace) return false;
    this.fresh = false;
    this.ended = false;
    this.pos = 0;
    this.shownOutput = 0;
    this.focus = { kind: 'host' };
    this.pid = processId(this.trace);
    // The same line live and replayed: the program, its arguments, and the trace that holds the run.
    const argv = JSON.parse(this.trace.meta.get('argv') ?? '[]') as string[];
    const trace = this.source.kind === 'live' ? this.source.tracePath : this.source.path;
    this.say(`Starting program: ${this.view!.mainFile}${argv.length > 1 ? ' ' + argv.slice(1).join(' ') : ''} (trace ${trace})`);
    return true;
  }

  /** The machine state at the current step. */
  state(): MachineState {
    return this.stateAt(this.pos ?? 0);
  }

  /**
   * The machine state before step `step` runs, or inside the statement before it once effects
   * [0, cut) are made; by default the program's own cut at its current step.
   */
  stateAt(step: number, cut = this.cutAt(step)): MachineState {
    return this.cursor!.at(step, cut);
  }

  /** The cut a view of step `step` takes by default: the program's own, at the step it stands at. */
  private cutAt(step: number): number | null {
    return step === this.position ? this.cut : null;
  }

  /** An evaluation context for the focused thread at step `step` (default: the current one; inside the statement before it at `cut`), in frame `frameIndex`. */
  context(step = this.pos ?? 0, focus = this.focus, frameIndex = this.frameIndex, cut = this.cutAt(step)): StateContext {
    const rows = frameIndex === 0 ? [this.focusRow(step, focus, cut)] : this.frameRows(step, focus, cut);
    const row = rows[frameIndex] ?? null;
    const loc = row ? this.trace!.loc(row.loc) : null;
    const at = loc ? { line: loc.line, col: loc.col } : { line: Number.MAX_SAFE_INTEGER, col: 0 };
    return new StateContext(this.view!, () => this.stateAt(step, cut), focus, frameIndex, at, frameIndex > 0 && row ? savedRegisters(this, step, focus, frameIndex, row, cut) : null);
  }

  /** The statement each frame of the focused warp stands at, innermost first: a caller stands at its call. */
  frameRows(step = this.pos ?? 0, focus = this.focus, cut = this.cutAt(step)): StepRow[] {
    return frameRowsAt(this, step, focus, cut);
  }

  /** The focused warp's reconstructed state at `step` (inside the statement before it at `cut`). */
  warpState(step = this.pos ?? 0, focus = this.focus, cut = this.cutAt(step)): WarpState | null {
    return warpStateAt(this, step, focus, cut);
  }

  /** The statement the focused warp stands at (frame-rows.ts): a caller's after a return left the warp in it. */
  focusRow(step = this.pos ?? 0, focus = this.focus, cut = this.cutAt(step)): StepRow | null {
    return focusRowAt(this, step, focus, cut);
  }

  /** Whether effect number `seq`, made during step `step`, has happened where the program stands. */
  happened(step: number, seq: number): boolean {
    const p = this.pos ?? Number.MAX_SAFE_INTEGER;
    return step < p && (this.cut === null || step < p - 1 || seq < this.cut);
  }

  /** Whether the program had printed output row `r` where it stands (all of it when it is not being run). */
  printed(r: { readonly step: number; readonly effect: number }): boolean {
    // An output row's step counts the statements recorded before it, so it was printed during statement step - 1,
    // after `effect` effects: inside a statement, a printf of a call's result comes after the return.
    return this.happened(r.step - 1, r.effect);
  }

  /** Prints the program's output up to the current step. */
  flushOutput(): void {
    const rows = this.trace!.output();
    while (this.shownOutput < rows.length && this.printed(rows[this.shownOutput]!)) {
      this.io.out(rows[this.shownOutput]!.data.toString('latin1'));
      this.shownOutput++;
    }
  }

  /**
   * Moves to `step` (inside the statement before it at effect `cut`), focusing the thread `focus`;
   * prints output made on the way, the focus switch and where it stopped (`silent`: none of it but
   * the output, for a breakpoint whose commands begin with silent).
   */
  stopAt(step: number, focus: Focus, header: 'frame' | 'line' | 'none' | 'silent' = 'frame', prefix = '', cut: number | null = null): void {
    this.pos = step;
    this.cut = cut;
    this.frameIndex = 0;
    this.sanitizerStop = null;
    this.faultStop = null;
    this.flushOutput();
    if (header !== 'silent' && !sameFocus(focus, this.focus) && focus.kind === 'device') this.say(focusMessage(this.view!, focus));
    this.focus = focus;
    if (header === 'silent') return;
    if (prefix) this.write(prefix);
    this.where(header);
    this.showDisplays();
  }

  /** Prints the frame line and/or source line of the focused thread (where.ts). */
  where(header: 'frame' | 'line' | 'none'): void {
    showWhere(this, header);
  }

  /** Re-evaluates `display` expressions after a stop. */
  showDisplays(): void {
    for (const d of this.displays) void dispatch(this, `output-display ${d.num}`);
  }

  /** A forward motion found nothing more in the trace: the program's exit, or gdb's end of the recorded history (program-end.ts). */
  exited(): void {
    programEnd(this);
  }

  /** Ctrl-C landed: stop at the last recorded statement. */
  stoppedByInterrupt(): boolean {
    if (!this.interrupted) return false;
    this.interrupted = false;
    stopAtEnd(this, '\nProgram received signal SIGINT, Interrupt.');
    return true;
  }

  /** Ends the session's recording and trace. */
  close(): void {
    this.live?.abandon();
    this.trace?.close();
  }
}
