import type { BreakpointView, OutputChunk, SessionCommand, SessionEvent, SourceFile, StopView } from '../../../protocol/messages';
import type { Connection, SessionClient } from '../client/session-client';

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
  readonly breakpoints: readonly BreakpointView[];
  readonly stop: StopView | null;
  readonly busy: boolean;
  readonly output: readonly OutputChunk[];
  /** How the last run ended (cleared when the program runs again). */
  readonly exit: { readonly status: number | null } | null;
  /** The last problem the session reported (a refused message, a file that did not open). */
  readonly notice: string | null;
}

export const initialState: SessionState = { connection: 'connecting', mode: null, title: '', mainFile: '', files: [], viewFile: null, breakpoints: [], stop: null, busy: false, output: [], exit: null, notice: null };

/** The state after one event (pure: the store and its tests share it). */
export function reduce(s: SessionState, e: SessionEvent): SessionState {
  switch (e.kind) {
    case 'opened':
      return { ...s, mode: e.mode, title: e.title, mainFile: e.mainFile, files: e.files, viewFile: e.mainFile, output: [], stop: null, exit: null, notice: null };
    case 'open-failed':
      return { ...s, notice: e.message };
    case 'breakpoints':
      return { ...s, breakpoints: e.breakpoints };
    case 'stopped':
      return { ...s, stop: e.stop, viewFile: e.stop && s.files.some((f) => f.path === e.stop!.file) ? e.stop.file : s.viewFile, exit: e.stop ? null : s.exit };
    case 'program-output':
      return { ...s, output: e.reset ? e.chunks : [...s.output, ...e.chunks] };
    case 'exited':
      return { ...s, exit: { status: e.status } };
    case 'busy':
      return { ...s, busy: e.busy };
    case 'error':
      return { ...s, notice: e.message };
    case 'command':
    case 'output':
    case 'completions':
      return s;
  }
}

/** The store: state for the panels, events for the console, commands to the session. */
export class SessionStore {
  private state: SessionState = initialState;
  private readonly subscribers = new Set<(s: SessionState) => void>();
  private readonly listeners = new Set<(e: SessionEvent) => void>();

  constructor(private readonly client: SessionClient) {
    client.onEvent((e) => {
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

  /** Shows another file in the Source panel. */
  showFile(path: string): void {
    this.set({ ...this.state, viewFile: path });
  }

  private set(s: SessionState): void {
    if (s === this.state) return;
    this.state = s;
    this.subscribers.forEach((r) => r(s));
  }
}
