import type { BreakpointView, DiagnosticView, FileListing, OutputChunk, Role, SessionCommand, SessionEvent, SourceFile, StopView, TimelineView, WarpLineView } from '../../../protocol/messages';
import { withChanges, type MemoryRegionState } from './memory-changes';
import { GotoCoalescer } from './goto-coalescer';
import type { Connection, SessionClient } from '../client/session-client';
import type { LaneSnapshot, LaunchLayout, SharedView, WarpTable } from '../../../protocol/views';

/*
 * The one session store every panel reads: the client's events folded into an immutable state,
 * offered through Svelte's store contract (subscribe), and the raw events for the console,
 * whose terminal is written to rather than re-rendered.
 */

/** What the panels show. */
export interface SessionState {
  readonly connection: Connection;
  readonly mode: 'live' | 'replay' | null;
  readonly title: string;
  readonly mainFile: string;
  readonly files: readonly SourceFile[];
  /** The file the Source panel shows: the stop's, until the user picks another tab. */
  readonly viewFile: string | null;
  /** A line a panel asked the Source panel to scroll to and mark (a clicked diagnostic); `seq` tells asks for the same line apart. */
  readonly reveal: { readonly file: string; readonly line: number; readonly seq: number } | null;
  readonly breakpoints: readonly BreakpointView[];
  readonly stop: StopView | null;
  readonly busy: boolean;
  /** A command has been running a while (the program runs): panels with nothing to show say so rather than that nothing happened. */
  readonly running: boolean;
  /** A classroom viewer's: the presenter's command runs (`running` turns on as for one's own). */
  readonly presenterBusy: boolean;
  readonly output: readonly OutputChunk[];
  /** How the last run ended (cleared when the program runs again). */
  readonly exit: { readonly status: number | null } | null;
  /** The last problem the session reported (a refused message, a file that did not open). */
  readonly notice: string | null;
  /** The stream timeline of the recording so far. */
  readonly timeline: TimelineView | null;
  /** Global and constant memory at the stop, with the values that changed since the last stop. */
  readonly memory: readonly MemoryRegionState[];
  readonly diagnostics: readonly DiagnosticView[];
  /** What this front end may do (a classroom viewer only follows and inspects). */
  readonly role: Role;
  /** The running launch's shape and its lanes' states at the stop (the grid view). */
  readonly layout: LaunchLayout | null;
  readonly lanes: LaneSnapshot | null;
  /** The focused warp's variables lane by lane (the Threads panel). */
  readonly warpTable: WarpTable | null;
  /** The focused block's shared memory (the Shared memory panel). */
  readonly shared: SharedView | null;
  /** Where the focused block's other warps stand (the Source panel's markers). */
  readonly warpLines: readonly WarpLineView[];
  /** The Open menu's files, as the host last listed them. */
  readonly fileList: FileListing | null;
}

export const initialState: SessionState = { connection: 'connecting', mode: null, title: '', mainFile: '', files: [], viewFile: null, reveal: null, breakpoints: [], stop: null, busy: false, running: false, presenterBusy: false, output: [], exit: null, notice: null, timeline: null, memory: [], diagnostics: [], role: 'driver', layout: null, lanes: null, warpTable: null, shared: null, warpLines: [], fileList: null };

/** The state after one event (pure: the store and its tests share it). */
export function reduce(s: SessionState, e: SessionEvent): SessionState {
  switch (e.kind) {
    case 'opened':
      return { ...s, mode: e.mode, title: e.title, mainFile: e.mainFile, files: e.files, viewFile: e.mainFile, reveal: null, output: [], stop: null, exit: null, notice: null, timeline: null, memory: [], diagnostics: [], layout: null, lanes: null, warpTable: null, shared: null, warpLines: [] };
    case 'open-failed':
      return { ...s, notice: e.message };
    case 'breakpoints':
      return { ...s, breakpoints: e.breakpoints };
    case 'stopped': {
      // The Source shows the selected frame's file: a caller's after `up`, else the stop's.
      const shown = e.stop?.frame?.file ?? e.stop?.file;
      return { ...s, stop: e.stop, viewFile: shown !== undefined && s.files.some((f) => f.path === shown) ? shown : s.viewFile, exit: e.stop ? null : s.exit };
    }
    case 'program-output':
      return { ...s, output: e.reset ? e.chunks : [...s.output, ...e.chunks] };
    case 'exited':
      return { ...s, exit: { status: e.status } };
    case 'busy':
      return { ...s, busy: e.busy, running: (e.busy || s.presenterBusy) && s.running };
    case 'presenter-busy':
      return { ...s, presenterBusy: e.busy, running: (e.busy || s.busy) && s.running };
    case 'error':
      return { ...s, notice: e.message };
    case 'timeline':
      return { ...s, timeline: e.timeline };
    case 'memory':
      return { ...s, memory: withChanges(s.memory, e.regions) };
    case 'diagnostics':
      return { ...s, diagnostics: e.diagnostics };
    case 'role':
      return { ...s, role: e.role };
    case 'layout':
      return { ...s, layout: e.layout };
    case 'lane-states':
      return { ...s, lanes: e.snapshot };
    case 'warp-table':
      return { ...s, warpTable: e.table };
    case 'shared-memory':
      return { ...s, shared: e.view };
    case 'warp-lines':
      return { ...s, warpLines: e.lines };
    case 'file-list':
      return { ...s, fileList: e.listing };
    case 'command':
    case 'output':
    case 'completions':
      return s;
  }
}

/** Milliseconds a command runs before the panels say the program is running. */
export const RUNNING_AFTER_MS = 250;

/** What a panel with nothing to show says while the program runs (null when it does not): the steps recorded so far, if the recording is growing. */
export function runningNote(s: SessionState): string | null {
  if (!s.running) return null;
  const t = s.timeline;
  const steps = t && !t.complete && t.steps > 0 ? ` ${t.steps.toLocaleString('en-US')} steps recorded` : '';
  return s.role === 'viewer' ? `Running… (the presenter runs the program)` : `Running…${steps} (pause to inspect)`;
}

/** The store: state for the panels, events for the console, commands to the session. */
export class SessionStore {
  private state: SessionState = initialState;
  private readonly subscribers = new Set<(s: SessionState) => void>();
  private readonly listeners = new Set<(e: SessionEvent) => void>();

  /** Timeline drags: only the latest position waits while a goto runs. */
  private readonly scrubber = new GotoCoalescer((cmd) => this.client.send(cmd));

  /** Turns `running` on once a command has been busy RUNNING_AFTER_MS. */
  private runningTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly client: SessionClient) {
    client.onEvent((e) => {
      if (e.kind === 'busy' && !e.busy) this.scrubber.idle();
      if (e.kind === 'busy' || e.kind === 'presenter-busy') this.watchRunning(e.kind === 'busy' ? e.busy || this.state.presenterBusy : e.busy || this.state.busy);
      this.listeners.forEach((l) => l(e));
      this.set(reduce(this.state, e));
    });
    client.onConnection((c) => this.set({ ...this.state, connection: c }));
  }

  /** Svelte's store contract: `run` now and after every change; returns the unsubscriber. */
  subscribe(run: (s: SessionState) => void): () => void {
    this.subscribers.add(run);
    run(this.state);
    return () => void this.subscribers.delete(run);
  }

  /** The current state. */
  get current(): SessionState {
    return this.state;
  }

  /** Hears every event (the console writes its text); returns the unsubscriber. */
  listen(l: (e: SessionEvent) => void): () => void {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }

  /** Sends a command to the session. */
  send(cmd: SessionCommand): void {
    this.client.send(cmd);
  }

  /** Moves to `step` (a timeline drag): sent at once when nothing runs, else it replaces the move waiting. */
  scrub(step: number): void {
    this.scrubber.goto(step, this.state.busy);
  }

  /** Opens the files dropped on the window together, a program with its headers (by the transport's own means). */
  openFiles(files: readonly File[]): void {
    if (this.client.openFiles) this.client.openFiles(files);
    else this.set({ ...this.state, notice: 'this window cannot open dropped files' });
  }

  /** Shows another file in the Source panel. */
  showFile(path: string): void {
    this.set({ ...this.state, viewFile: path });
  }

  /** Shows `line` of `file` in the Source panel, scrolled into view and marked (a clicked diagnostic). */
  revealLine(file: string, line: number): void {
    this.set({ ...this.state, viewFile: file, reveal: { file, line, seq: (this.state.reveal?.seq ?? 0) + 1 } });
  }

  // Most commands answer at once: only one that goes on is the program running, so panels do not flicker at every command.
  private watchRunning(busy: boolean): void {
    if (this.runningTimer) clearTimeout(this.runningTimer);
    this.runningTimer = null;
    if (!busy || this.state.running) return;
    this.runningTimer = setTimeout(() => {
      this.runningTimer = null;
      if (this.state.busy || this.state.presenterBusy) this.set({ ...this.state, running: true });
    }, RUNNING_AFTER_MS);
  }

  private set(s: SessionState): void {
    if (s === this.state) return;
    this.state = s;
    this.subscribers.forEach((r) => r(s));
  }
}
