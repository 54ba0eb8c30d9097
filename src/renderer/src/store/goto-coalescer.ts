import type { SessionCommand } from '../../../protocol/messages';

/*
 * Keeps timeline scrubbing smooth: a drag produces a position per pointer move, but a goto takes
 * a while to rebuild the state. One goto runs at a time; while it does, a newer position replaces
 * the one waiting, so the session only ever catches up with where the pointer is now.
 */

/** Sends gotos one at a time, keeping only the latest pending one. */
export class GotoCoalescer {
  private inFlight = false;
  private pending: number | null = null;

  constructor(private readonly send: (cmd: SessionCommand) => void) {}

  /** Asks to go to `step`; `busy`: the session is running another command (the goto waits for it). */
  goto(step: number, busy: boolean): void {
    if (this.inFlight || busy) {
      this.pending = step;
      return;
    }
    this.dispatch(step);
  }

  /** The session finished a command: send the latest waiting position, if any. */
  idle(): void {
    this.inFlight = false;
    if (this.pending === null) return;
    const step = this.pending;
    this.pending = null;
    this.dispatch(step);
  }

  /** The position waiting to be sent, if any. */
  get waiting(): number | null {
    return this.pending;
  }

  private dispatch(step: number): void {
    this.inFlight = true;
    this.send({ kind: 'goto', step });
  }
}
