import type { BreakpointView, SessionEvent, StopView } from '../protocol/messages.js';
import { SessionService, type ServiceEnv } from './session-service.js';
import { SessionHost, type HostConnection, type SessionBackend } from './session-host.js';

/*
 * `warpscope serve --classroom`: a presenter drives the one live session; each viewer gets a
 * session of its own that replays the presenter's trace as it is recorded (DebugSession's replay
 * mode over the live file), so a viewer has its own focus and may print anything without moving
 * the presenter, while every stop of the presenter (a motion, a goto, a change of thread) moves
 * the viewers' position and focus to it. Viewers' consoles show the presenter's (what it typed
 * and what that printed), and their timelines grow as the presenter's recording does.
 */

/** Console text viewers are sent of the presenter's past at most when they join (the newest part). */
const TRANSCRIPT_CHARS = 200_000;

type ConsoleEvent = Extract<SessionEvent, { kind: 'command' | 'output' }>;

/** What the classroom hears of the presenter: the trace it records and where it stands. */
interface PresenterState {
  trace: string | null;
  /** The program it opened that did not compile (so has no trace), else null. */
  uncompiled: string | null;
  stop: StopView | null;
  /** Its program ran to its end (viewers go there too). */
  ended: boolean;
  /** Its line breakpoints, which viewers see in their Source gutter. */
  breakpoints: readonly BreakpointView[];
  /** A command of its runs (viewers are told the program runs). */
  busy: boolean;
  /** Its console's recent text, which a viewer joining later is shown. */
  transcript: ConsoleEvent[];
  transcriptChars: number;
}

/** A viewer's session service, as a backend a SessionHost can own. */
function viewerBackend(env: ServiceEnv): { backend: SessionBackend; service: SessionService } {
  const listeners: ((e: SessionEvent) => void)[] = [];
  const service = new SessionService((e) => listeners.forEach((l) => l(e)), { ...env, viewer: true });
  return {
    service,
    backend: {
      send: (cmd) => service.handle(cmd),
      onEvent: (l) => void listeners.push(l),
      close: async () => service.close(),
    },
  };
}

/** The viewers of one presenter's session. */
export class Classroom {
  private readonly state: PresenterState = { trace: null, uncompiled: null, stop: null, ended: false, breakpoints: [], busy: false, transcript: [], transcriptChars: 0 };
  private readonly viewers = new Set<SessionService>();
  private readonly presenterLink: HostConnection;

  /** Follows `presenter`; viewer sessions are made with `env` (they run in this thread: replaying reads, it never records). */
  constructor(presenter: SessionHost, private readonly env: ServiceEnv) {
    this.presenterLink = presenter.connect((e) => this.heard(e));
    // The presenter may have opened its program before the classroom listened.
    this.presenterLink.send({ kind: 'sync' });
  }

  private heard(e: SessionEvent): void {
    if (e.kind === 'breakpoints') {
      this.state.breakpoints = e.breakpoints;
      for (const v of this.viewers) v.showBreakpoints(e.breakpoints);
      return;
    }
    if (e.kind === 'busy') {
      this.state.busy = e.busy;
      for (const v of this.viewers) v.presenterEvent({ kind: 'presenter-busy', busy: e.busy });
      return;
    }
    // Viewers see what the presenter typed and what it answered, as the presenter's console shows them.
    if (e.kind === 'command' || e.kind === 'output') {
      this.remember(e);
      for (const v of this.viewers) v.presenterEvent(e);
      return;
    }
    // The recording grows while the presenter's program runs: viewers' timelines grow with it, not only at its stops.
    if (e.kind === 'timeline') {
      for (const v of this.viewers) v.presenterEvent(e);
      return;
    }
    if (e.kind === 'opened') {
      this.state.trace = e.trace ?? null;
      this.state.uncompiled = e.mode === 'live' && !e.trace ? e.mainFile : null;
      this.state.stop = null;
      this.state.ended = false;
      if (this.state.uncompiled) for (const v of this.viewers) v.followUncompiled(this.state.uncompiled);
    } else if (e.kind === 'stopped') {
      this.state.stop = e.stop;
      if (e.stop) this.state.ended = false;
    } else if (e.kind === 'exited') {
      // Told before the stop is cleared: the program is at no stop any more.
      this.state.stop = null;
      this.state.ended = e.status !== null;
    } else return;
    if (this.state.trace) for (const v of this.viewers) v.follow(this.state.trace, this.state.stop, this.state.ended);
  }

  /** Connects a viewer: a session of its own, at the presenter's position, hearing only its own events. */
  connect(listener: (e: SessionEvent) => void): HostConnection {
    const { backend, service } = viewerBackend(this.env);
    const host = new SessionHost(backend);
    const conn = host.connect(listener);
    let joined = false;
    return {
      send: (cmd) => {
        conn.send(cmd);
        // Follow from the page's first sync on: what it hears then is not sent to it twice.
        if (cmd.kind !== 'sync' || joined) return;
        joined = true;
        this.viewers.add(service);
        for (const t of this.state.transcript) service.presenterEvent(t);
        service.presenterEvent({ kind: 'presenter-busy', busy: this.state.busy });
        service.showBreakpoints(this.state.breakpoints);
        if (this.state.trace) service.follow(this.state.trace, this.state.stop, this.state.ended);
        else if (this.state.uncompiled) service.followUncompiled(this.state.uncompiled);
      },
      close: () => {
        conn.close();
        this.viewers.delete(service);
        void host.close();
      },
    };
  }

  /** Keeps the presenter's console text for viewers who join later, the newest TRANSCRIPT_CHARS of it. */
  private remember(e: ConsoleEvent): void {
    const size = (t: ConsoleEvent): number => (t.kind === 'command' ? t.line.length : t.text.length);
    this.state.transcript.push(e);
    this.state.transcriptChars += size(e);
    while (this.state.transcriptChars > TRANSCRIPT_CHARS && this.state.transcript.length > 1) this.state.transcriptChars -= size(this.state.transcript.shift()!);
  }

  /** Ends every viewer's session. */
  close(): void {
    this.presenterLink.close();
    for (const v of this.viewers) v.close();
    this.viewers.clear();
  }
}
