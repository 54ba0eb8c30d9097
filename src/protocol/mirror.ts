import type { OutputChunk, SessionEvent } from './messages.js';

/*
 * A host's memory of a session's events, so a front end that connects late (a reloaded page, a
 * second browser) is sent the same picture as one that saw everything: the open program, its
 * breakpoints, the program's output, the console's recent text and where the program stands.
 */

/** Console text a late front end is sent at most (the newest part). */
const TRANSCRIPT_CHARS = 200_000;

type Of<K extends SessionEvent['kind']> = Extract<SessionEvent, { kind: K }>;

/** Folds events into the state a new front end needs. */
export class SessionMirror {
  private opened: Of<'opened'> | null = null;
  private breakpoints: Of<'breakpoints'> | null = null;
  private stopped: Of<'stopped'> | null = null;
  private output: OutputChunk[] = [];
  private transcript: (Of<'command'> | Of<'output'>)[] = [];
  private transcriptChars = 0;
  private busy = false;
  private presenterBusy: Of<'presenter-busy'> | null = null;
  /** The timeline, memory and diagnostics panels' latest views. */
  private panels = new Map<'timeline' | 'memory' | 'diagnostics', SessionEvent>();
  /** The visual panels' latest views, sent after the stop they belong to. */
  private views = new Map<'layout' | 'lane-states' | 'warp-table' | 'shared-memory', SessionEvent>();

  /** Where the focused block's other warps stand (the Source panel's markers). */
  private warpLines: Of<'warp-lines'> | null = null;

  /** Takes one event of the session. */
  apply(e: SessionEvent): void {
    switch (e.kind) {
      case 'opened':
        this.opened = e;
        this.output = [];
        this.panels.clear();
        this.views.clear();
        this.warpLines = null;
        break;
      case 'warp-lines':
        this.warpLines = e;
        break;
      case 'layout':
      case 'lane-states':
      case 'warp-table':
      case 'shared-memory':
        this.views.set(e.kind, e);
        break;
      case 'timeline':
      case 'memory':
      case 'diagnostics':
        this.panels.set(e.kind, e);
        break;
      case 'breakpoints':
        this.breakpoints = e;
        break;
      case 'stopped':
        this.stopped = e;
        break;
      case 'program-output':
        this.output = e.reset ? [...e.chunks] : [...this.output, ...e.chunks];
        break;
      case 'command':
      case 'output':
        this.transcript.push(e);
        this.transcriptChars += e.kind === 'command' ? e.line.length : e.text.length;
        while (this.transcriptChars > TRANSCRIPT_CHARS && this.transcript.length > 1) {
          const old = this.transcript.shift()!;
          this.transcriptChars -= old.kind === 'command' ? old.line.length : old.text.length;
        }
        break;
      case 'busy':
        this.busy = e.busy;
        break;
      case 'presenter-busy':
        this.presenterBusy = e;
        break;
      case 'open-failed':
      case 'exited':
      case 'completions':
      case 'error':
      case 'role':
      case 'file-list':
        break;
    }
  }

  /** The events that bring a new front end to the current state. */
  replay(): SessionEvent[] {
    const out: SessionEvent[] = [];
    if (this.opened) out.push(this.opened);
    if (this.breakpoints) out.push(this.breakpoints);
    out.push({ kind: 'program-output', reset: true, chunks: this.output });
    out.push(...this.transcript);
    if (this.stopped) out.push(this.stopped);
    out.push(...this.panels.values());
    out.push(...this.views.values());
    if (this.warpLines) out.push(this.warpLines);
    out.push({ kind: 'busy', busy: this.busy });
    if (this.presenterBusy) out.push(this.presenterBusy);
    return out;
  }
}
