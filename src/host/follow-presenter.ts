import { statSync } from 'node:fs';
import type { DebugSession } from '../debug/session.js';
import type { OpenTarget, StopView } from '../protocol/messages.js';
import { raisePresenterStop } from './presenter-stop.js';

/*
 * How a classroom viewer's session keeps up with the presenter: it reads the presenter's trace
 * as it is recorded, to where the presenter stopped and focused on its thread, and does so
 * silently (the viewer's console shows the presenter's, not the gotos that follow it).
 */

/** The most exception and sanitizer stops a viewer goes past to reach the end of the presenter's program (a bound, should a replay never end). */
const MAX_STOPS_TO_END = 10_000;

/** What following needs of the viewer's session service. */
export interface FollowingService {
  /** The viewer's session (a replay of the presenter's trace once one is open). */
  session(): DebugSession | null;
  /** Whether the viewer's program has exited. */
  ended(): boolean;
  open(target: OpenTarget): void;
  /** Runs a command line as typed (echoed unless quiet). */
  exec(line: string): Promise<void>;
  /** Reports what changed (position, breakpoints, panels). */
  publish(): void;
  /** Sends the console text written so far (none while quiet: only before a follow starts). */
  flush(): void;
  /** Drops console text written and not yet sent. */
  discardText(): void;
}

/** Moves a viewer's session to where the presenter stands, without a word in the viewer's console. */
export class PresenterFollower {
  /** The presenter's trace the viewer reads, by path and file identity (a new run writes a new file there). */
  private followed: { path: string; id: string } | null = null;
  private following = false;

  constructor(private readonly svc: FollowingService) {}

  /** A follow is under way: the commands that do it are not echoed, nor is their text written. */
  get quiet(): boolean {
    return this.following;
  }

  /** Reads the presenter's trace at `path` to where it stopped, focused on its thread, or to its end once the presenter's program `ended`. */
  follow(path: string, stop: StopView | null, ended: boolean): Promise<void> {
    return this.quietly(() => this.followNow(path, stop, ended));
  }

  /** Shows the presenter's program that did not compile (there is no trace to follow): its source and the compiler's errors. */
  followUncompiled(path: string): Promise<void> {
    return this.quietly(() => {
      this.followed = null;
      this.svc.open({ kind: 'source', path });
    });
  }

  /** Keeps a viewer up with the presenter silently: its console shows the presenter's (presenterEvent), not the gotos that follow it. */
  private async quietly(follow: () => Promise<void> | void): Promise<void> {
    this.svc.flush();
    this.following = true;
    try {
      await follow();
    } finally {
      this.svc.discardText();
      this.following = false;
    }
  }

  private async followNow(path: string, stop: StopView | null, ended: boolean): Promise<void> {
    let id: string;
    try {
      const st = statSync(path);
      id = `${st.ino}:${st.birthtimeMs}`;
    } catch {
      return;
    }
    const before = this.svc.session();
    if (!before || !this.followed || this.followed.path !== path || this.followed.id !== id) {
      this.followed = { path, id };
      this.svc.open({ kind: 'trace', path });
    } else if (before.trace && before.view && before.cursor) {
      // The presenter recorded more since: read on.
      before.trace.refresh();
      before.view.refreshLaunches();
      before.cursor.reset();
    }
    const s = this.svc.session();
    // The presenter's program ended: the viewer's replay runs to the same end (viewers set no
    // breakpoints), exit and output included, past the CUDA exceptions and sanitizer findings a
    // replay stops at, as the presenter went past them.
    if (s && !stop && ended && !this.svc.ended()) {
      await this.svc.exec(s.pos === null ? 'run' : 'continue');
      for (let n = 0; n < MAX_STOPS_TO_END && !this.svc.ended() && s.pos !== null; n++) await this.svc.exec('continue');
      return;
    }
    // It was killed (or its recording cut short): the viewer's program stops being run too.
    if (s && !stop && !ended && s.pos !== null) return this.svc.exec('kill');
    if (!s || !stop) return this.svc.publish();
    if (s.pos === null) await s.start();
    // Stopped for a CUDA exception or a sanitizer's finding, the presenter saw it raised: so does the viewer, where a goto would not.
    if (!raisePresenterStop(s, stop) && s.pos !== stop.step) await this.svc.exec(`goto ${stop.step}`);
    const f = s.focus;
    const g = stop.focus;
    if (g.kind === 'device' && (f.kind !== 'device' || f.launch !== g.launch || f.block !== g.block || f.warp !== g.warp || f.lane !== g.lane)) await this.svc.exec(`cuda ${g.label}`);
    // The presenter went `up` to a caller: the viewer's panels show that frame too.
    const level = stop.frame?.level ?? 0;
    if (s.frameIndex !== level) await this.svc.exec(`frame ${level}`);
    this.svc.publish();
  }
}
