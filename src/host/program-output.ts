import type { OutputChunk } from '../protocol/messages.js';

/*
 * What the Output panel shows: the program's output rows up to the step it stands at. Moving
 * forward appends rows; going back in time (or a new run) replaces the text, so the panel always
 * shows what the program had printed at that point of the recording.
 */

/** An output row as the trace stores it. */
export interface RowLike {
  readonly step: number;
  /** Effects made before it (where inside its statement it was printed). */
  readonly effect: number;
  readonly stream: 'stdout' | 'stderr';
  readonly data: Uint8Array;
}

/** The rows an Output panel has been sent, to send it only what changed. */
export class ProgramOutput {
  private shown = 0;
  private source: object | null = null;

  /** Forgets what was sent (a new program). */
  clear(): void {
    this.shown = 0;
    this.source = null;
  }

  /** The change to send for the rows (of recording `source`) `printed` says the program has printed; null when nothing changed. */
  update(rows: readonly RowLike[], printed: (r: RowLike) => boolean, source: object | null): { reset: boolean; chunks: OutputChunk[] } | null {
    let n = 0;
    while (n < rows.length && printed(rows[n]!)) n++;
    const sameRun = source === this.source;
    if (sameRun && n === this.shown) return null;
    const reset = !sameRun || n < this.shown;
    const from = reset ? 0 : this.shown;
    this.shown = n;
    this.source = source;
    const chunks = rows.slice(from, n).map((r) => ({ stream: r.stream, text: Buffer.from(r.data).toString('utf8') }));
    return { reset, chunks };
  }
}
