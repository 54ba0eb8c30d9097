import { StringDecoder } from 'node:string_decoder';
import { basename } from 'node:path';
import { defaultRunOptions, type RunOptions } from '../engine/api.js';
import { DebugSession } from '../debug/session.js';
import type { Breakpoint } from '../debug/breakpoints.js';
import { resolveLocation } from '../debug/break-commands.js';
import type { Trace } from '../trace/reader.js';
import { damagedTrace, isTraceDamage } from '../trace/damage.js';
import type { BreakpointView, DiagnosticView, OpenTarget, SessionCommand, SessionEvent, SourceFile, StopView } from '../protocol/messages.js';
import { ProgramOutput } from './program-output.js';
import { ViewPublisher } from './view-publisher.js';
import { timelineOf } from './timeline-view.js';
import { memoryOf } from './memory-view.js';
import { diagnosticsAt, diagnosticsOf, parseRendered } from './diagnostics-view.js';
import { viewerRefusal } from './viewer-commands.js';
import { otherWarpLines } from './warp-lines.js';
import { PresenterFollower } from './follow-presenter.js';
import { stopOf } from './stop-view.js';
import { explainDroppedIncludes } from './dropped-includes.js';

/*
 * The session service: SessionCommands in, SessionEvents out, over one DebugSession. Every
 * action (typed, clicked or pressed) becomes the cuda-gdb command line it stands for and runs
 * through the debugger's own dispatch, so the console shows exactly what `warpscope debug`
 * prints; after each command the service reports what changed (position, breakpoints, output).
 */

/** What the service needs from its host: files, where live recordings go, run options. */
export interface ServiceEnv {
  readFile(path: string): string | null;
  /** The trace a live session of `file` records to (warpscope debug's default: traces/NAME-TIME.trace). */
  tracePath(file: string): string;
  readonly options?: RunOptions;
  /** A classroom viewer's session: read-only commands over the presenter's trace, moved by follow(). */
  readonly viewer?: boolean;
}

/** Milliseconds console text may wait before it is sent (a long command's text arrives as it comes). */
const FLUSH_MS = 30;

/** Milliseconds between two looks at a recording that a long command grows (the Timeline shows the run as it goes). */
const PROGRESS_MS = 500;

/** A DebugSession behind the typed command/event API. */
export class SessionService {
  private session: DebugSession | null = null;
  private queue: Promise<void> = Promise.resolve();
  private pending = '';
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private decoder = new StringDecoder('utf8');
  private lastStop = 'null';
  private lastBreakpoints = '[]';
  private ended = false;
  private readonly output = new ProgramOutput();
  /** The grid, Threads and Shared memory panels' views. */
  private readonly views = new ViewPublisher((e) => this.emit(e));
  /** A command is running: the visual panels' views of a stop it made wait until it is no longer busy, so keys pressed at the stop are not refused meanwhile. */
  private running = false;
  /** Whether the command running was typed at the console (its questions wait for the next line typed). */
  private typing = false;
  private viewsDue = false;
  /** What the timeline, memory and diagnostics panels were last sent (sent again only when changed). */
  private lastTimeline = '';
  private lastMemory = '';
  private lastDiagnostics = '';
  /** Every diagnostic of the recording so far; the panel is sent those of the current position. */
  private allDiagnostics: readonly DiagnosticView[] = [];
  /** Diagnostics of a program that did not compile (there is no trace to read them from). */
  private compileErrors: DiagnosticView[] = [];
  /** A viewer's Source gutter shows the presenter's breakpoints (its own session has none: it could set none). */
  private presenterBreakpoints: readonly BreakpointView[] = [];
  /** A classroom viewer's way of keeping up with the presenter. */
  private readonly follower = new PresenterFollower({
    session: () => this.session,
    ended: () => this.ended,
    open: (target) => this.open(target),
    exec: (line) => this.exec(line),
    publish: () => this.publish(),
    flush: () => this.flush(),
    discardText: () => void (this.pending = ''),
  });

  constructor(
    private readonly emit: (e: SessionEvent) => void,
    private readonly env: ServiceEnv,
  ) {}

  /** Takes a command; commands run one after another, except interrupt and completion, which answer at once. */
  handle(cmd: SessionCommand): void {
    if (cmd.kind === 'interrupt') return this.session?.interrupt();
    // Stop works at any time (as VS Code's does): a kill does not wait for a run that may never end, it interrupts it first.
    if (cmd.kind === 'console' && /^\s*kill\s*$/.test(cmd.line) && this.running && !this.env.viewer) this.session?.interrupt();
    if (cmd.kind === 'complete') return this.emit({ kind: 'completions', line: cmd.line, words: this.session?.complete(cmd.line) ?? [] });
    // sync is the host's to answer (it knows what each client has seen); so are the Open menu's
    // files and uploads (it knows which folder it serves): here they have nothing to do.
    if (cmd.kind === 'sync' || cmd.kind === 'list-files' || cmd.kind === 'upload') return;
    const refused = this.env.viewer ? viewerRefusal(cmd) : null;
    if (refused && cmd.kind === 'console') return this.refuseLine(cmd.line, refused);
    if (refused) return this.emit({ kind: 'error', message: refused });
    this.enqueue(() => this.run(cmd));
  }

  /** A viewer's typed line it may not run: answered in the console in its turn, as any line is, so the console echoes it and prompts again. */
  private refuseLine(line: string, why: string): void {
    this.enqueue(() => {
      this.emit({ kind: 'command', line });
      this.emit({ kind: 'output', text: `${why}\n` });
    });
  }

  /** Runs `work` after everything queued before it; a failure is reported and leaves the queue free for the next, which would otherwise be skipped. */
  private enqueue(work: () => unknown): void {
    this.queue = this.queue.then(work).then(
      () => undefined,
      (e: unknown) => this.failed(e),
    );
  }

  /** A viewer follows the presenter: reads its trace at `path` to where it stopped, focused on its thread, or to its end once the presenter's program `ended`. */
  follow(path: string, stop: StopView | null, ended = false): void {
    this.enqueue(() => this.follower.follow(path, stop, ended));
  }

  /** A viewer shows the presenter's breakpoints, in turn with the stops it follows. */
  showBreakpoints(bps: readonly BreakpointView[]): void {
    this.enqueue(() => {
      this.presenterBreakpoints = bps;
      this.publishBreakpoints(this.session);
    });
  }

  /** A viewer hears the presenter's console text, its recording's timeline as the program runs, and whether its command runs (its own console stays free). */
  presenterEvent(e: Extract<SessionEvent, { kind: 'command' | 'output' | 'timeline' | 'presenter-busy' }>): void {
    this.emit(e);
  }

  /** A command or a view failed: a damaged trace is named as such (the views read the trace outside any command), anything else is our bug. */
  private failed(e: unknown): void {
    const path = this.session?.tracePath;
    this.emit({ kind: 'error', message: isTraceDamage(e) && path !== undefined ? damagedTrace(path, e) : `internal error: ${e instanceof Error ? e.message : String(e)}` });
  }

  /** A viewer shows the presenter's program that did not compile (there is no trace to follow): its source and the compiler's errors, as the presenter sees them. */
  followUncompiled(path: string): void {
    this.enqueue(() => this.follower.followUncompiled(path));
  }

  /** Resolves once every command taken so far has run. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Ends the session and its recording. */
  close(): void {
    this.session?.close();
    this.session = null;
  }

  private async run(cmd: Exclude<SessionCommand, { kind: 'interrupt' | 'complete' | 'sync' | 'list-files' | 'upload' }>): Promise<void> {
    switch (cmd.kind) {
      case 'open':
        return this.open(cmd.target);
      case 'console':
        return this.exec(cmd.line, cmd.button !== true);
      case 'motion':
        return this.exec(cmd.motion);
      case 'goto':
        return this.exec(`goto ${cmd.step}`);
      case 'toggle-breakpoint':
        return this.toggle(cmd.file, cmd.line);
      case 'watch-blocks':
        return this.views.watchBlocks(cmd.client ?? 0, cmd.first, cmd.count);
      case 'set-condition': {
        const cond = cmd.condition.trim();
        return this.exec(`condition ${cmd.breakpoint}${cond ? ` ${cond}` : ''}`);
      }
    }
  }

  private open(target: OpenTarget): void {
    // The console is a person's terminal: gdb's questions wait for the next line typed there.
    const typing = (): boolean => this.typing;
    const io = {
      out: (text: string) => this.write(text),
      exited: (status: number | null) => this.exited(status),
      interactive: true,
      get terminal(): boolean {
        return typing();
      },
    };
    let next: DebugSession;
    let files: SourceFile[];
    if (target.kind === 'trace') {
      const s = DebugSession.replay(io, target.path);
      if (typeof s === 'string') return this.emit({ kind: 'open-failed', message: s });
      next = s;
      files = this.sourcesOf(s);
    } else {
      const text = this.env.readFile(target.path);
      if (text === null) return this.emit({ kind: 'open-failed', message: `cannot read '${target.path}'` });
      const argv = [basename(target.path, '.cu')];
      next = new DebugSession(io, { kind: 'live', file: target.path, argv, options: this.env.options ?? defaultRunOptions, host: { readFile: (p) => this.env.readFile(p) }, tracePath: this.env.tracePath(target.path) });
      // A program that does not compile still shows its source; the console shows the errors.
      const pendingBefore = this.pending.length;
      files = next.prepare() ? this.sourcesOf(next) : [{ path: target.path, text }];
      if (!next.trace) this.pending = this.pending.slice(0, pendingBefore) + explainDroppedIncludes(target.path, this.pending.slice(pendingBefore));
      this.compileErrors = next.trace ? [] : parseRendered(this.pending.slice(pendingBefore));
    }
    this.session?.close();
    this.session = next;
    this.ended = false;
    this.output.clear();
    // A new program's position and breakpoints are always told, even when they read as before.
    this.lastStop = '';
    this.lastBreakpoints = '';
    this.views.reset();
    this.lastTimeline = '';
    this.lastMemory = '';
    this.lastDiagnostics = '';
    const mainFile = files[0]?.path ?? target.path;
    const trace = target.kind === 'trace' ? target.path : next.trace && next.source.kind === 'live' ? next.source.tracePath : undefined;
    this.emit({ kind: 'opened', mode: target.kind === 'trace' ? 'replay' : 'live', title: basename(target.kind === 'trace' ? target.path : mainFile), mainFile, files, ...(trace ? { trace } : {}) });
    this.flush();
    this.publish();
  }

  private sourcesOf(s: DebugSession): SourceFile[] {
    const t = s.trace;
    if (!t) return [];
    const main = s.view?.mainFile ?? '';
    const paths = t.sourcePaths().sort((a, b) => Number(b === main) - Number(a === main));
    return paths.map((path) => ({ path, text: t.source(path) ?? '' }));
  }

  /** Runs one command line: echoed, answered, then what changed is reported. */
  private async exec(line: string, typed = false): Promise<void> {
    const s = this.session;
    // A button, the gutter or the presenter's command while a question waits: the question is dropped, not answered with it.
    if (s && !typed) s.question = null;
    this.typing = typed;
    if (!this.follower.quiet) this.emit({ kind: 'command', line });
    if (!s) {
      this.emit({ kind: 'output', text: 'No program is open.\n' });
      return;
    }
    this.emit({ kind: 'busy', busy: true });
    this.running = true;
    const progress = setInterval(() => this.publishTimeline(s.trace), PROGRESS_MS);
    try {
      await s.execute(line);
      // The window or the server outlives a typed quit: only they end the session.
      if (s.done) {
        s.done = false;
        this.write('The session ends when its window (or `warpscope serve`) is closed.\n');
      }
    } finally {
      clearInterval(progress);
      this.flush();
      this.publish();
      this.emit({ kind: 'busy', busy: false });
      this.running = false;
      if (this.viewsDue) {
        this.viewsDue = false;
        this.views.stopped(this.session);
      }
    }
  }

  /** A gutter click: `delete` the breakpoints on the line (or where a breakpoint of the line lands), or `break FILE:LINE`. */
  private async toggle(file: string, line: number): Promise<void> {
    const s = this.session;
    const at = (l: number): Breakpoint[] => s?.bps.breakpoints.filter((b) => b.kind === 'line' && b.at?.file === file && b.at.line === l) ?? [];
    let here = at(line);
    // A line without code: its breakpoint went to the next line with code, and a second click clears it rather than adding another there.
    const to = here.length === 0 && s?.view ? resolveLocation(s, `${file}:${line}`) : null;
    if (to && typeof to !== 'string' && to.file === file) here = at(to.line);
    if (here.length > 0) return this.exec(`delete ${here.map((b) => b.num).join(' ')}`);
    await this.exec(`break ${this.shortName(file)}:${line}`);
  }

  /** The file's base name when it names no other source (as a user would type it), else its path. */
  private shortName(file: string): string {
    const base = basename(file);
    const paths = this.session?.trace?.sourcePaths() ?? [file];
    return paths.filter((p) => basename(p) === base).length <= 1 ? base : file;
  }

  private write(text: string): void {
    // The debugger writes bytes as char codes 0..255, as a terminal receives them; the console wants the characters.
    this.pending += this.decoder.write(Buffer.from(text, 'latin1'));
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    // A follow's text is dropped when it is done (a program that did not compile is read for its errors first).
    if (this.pending === '' || this.follower.quiet) return;
    const text = this.pending;
    this.pending = '';
    this.emit({ kind: 'output', text });
  }

  private exited(status: number | null): void {
    this.ended = true;
    this.flush();
    this.emit({ kind: 'exited', status });
  }

  /** Reports the position, the breakpoints and the program's output when they changed. */
  private publish(): void {
    const s = this.session;
    const stop = s ? stopOf(s) : null;
    if (stop) this.ended = false;
    // Two finishes up a recursion can stop inside one statement: the place within it tells their stops apart.
    const stopText = JSON.stringify([stop, s?.cut ?? null]);
    if (stopText !== this.lastStop) {
      this.lastStop = stopText;
      this.emit({ kind: 'stopped', stop });
      if (this.running) this.viewsDue = true;
      else this.views.stopped(s);
      this.emit({ kind: 'warp-lines', lines: s ? otherWarpLines(s) : [] });
    }
    this.publishBreakpoints(s);
    const rows = s?.trace ? s.trace.output() : [];
    // Output up to where the program stands: all of it once it ended, none before it runs.
    const upTo = s?.pos ?? (this.ended ? Number.MAX_SAFE_INTEGER : -1);
    const change = this.output.update(rows, s && s.pos !== null ? (r) => s.printed(r) : (r) => r.step <= upTo, s?.trace ?? null);
    if (change) this.emit({ kind: 'program-output', ...change });
    this.publishPanels(s, stopText, upTo);
  }

  /** Sends the line breakpoints (a viewer's: the presenter's) when they changed. */
  private publishBreakpoints(s: DebugSession | null): void {
    const own = (s?.bps.breakpoints ?? []).flatMap((b) => (b.kind === 'line' && b.at ? [{ num: b.num, file: b.at.file, line: b.at.line, enabled: b.enabled, condition: b.condition, temporary: b.temporary }] : []));
    const bps = this.env.viewer ? this.presenterBreakpoints : own;
    const bpText = JSON.stringify(bps);
    if (bpText === this.lastBreakpoints) return;
    this.lastBreakpoints = bpText;
    this.emit({ kind: 'breakpoints', breakpoints: bps });
  }

  /** The timeline when the recording grew, diagnostics (as of step `upTo`) and global memory when the position moved or the recording grew. */
  private publishPanels(s: DebugSession | null, stopText: string, upTo: number): void {
    const grown = this.publishTimeline(s?.trace ?? null);
    const memKey = `${grown}:${stopText}`;
    // What happened by a step only grows with the step, so within one recording the count tells the set.
    const diagnostics = diagnosticsAt(this.allDiagnostics, upTo, s && s.faultStop === s.pos ? s.faultStop : null);
    const diagKey = `${grown}:${diagnostics.length}`;
    if (diagKey !== this.lastDiagnostics) {
      this.lastDiagnostics = diagKey;
      this.emit({ kind: 'diagnostics', diagnostics });
    }
    if (memKey !== this.lastMemory) {
      this.lastMemory = memKey;
      this.emit({ kind: 'memory', regions: s ? memoryOf(s) : [] });
    }
  }

  /** Sends the timeline (and takes the diagnostics) when the recording `t` grew; returns how far it has grown. */
  private publishTimeline(t: Trace | null): string {
    // A live recording grows as commands need it; its sanitizer findings come with its steps.
    const grown = t ? `${t.stepCount()}/${t.count('timeline')}/${t.count('diagnostics')}/${t.complete}` : 'none';
    if (grown !== this.lastTimeline) {
      this.lastTimeline = grown;
      this.emit({ kind: 'timeline', timeline: t ? timelineOf(t) : { bars: [], steps: 0, complete: false } });
      this.allDiagnostics = t ? diagnosticsOf(t) : this.compileErrors;
    }
    return grown;
  }
}
