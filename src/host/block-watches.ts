import { mergeRanges, type BlockRange } from '../protocol/views.js';

/*
 * Which blocks the grid views of a session show, front end by front end. Every browser tab of
 * one `warpscope serve` shares the session, each zoomed and panned its own way: were the last
 * report to win, two tabs would take the lane detail from each other at every report. Each
 * front end's report is kept apart and the views are sent the union, so every tab has its blocks.
 */

/** The blocks each front end's grid view shows. */
export class BlockWatches {
  private readonly byClient = new Map<number, BlockRange>();
  private merged: BlockRange[];

  /** `fallback`: the blocks watched before any front end says which it shows. */
  constructor(private readonly fallback: BlockRange) {
    this.merged = [fallback];
  }

  /** Front end `client` shows blocks [first, first + count) (0 blocks: nothing, or it went away); true when the union changed. */
  report(client: number, first: number, count: number): boolean {
    if (count > 0) this.byClient.set(client, { first, count });
    else this.byClient.delete(client);
    return this.update();
  }

  /** Forgets every report (a new program: each view says again what it shows). */
  clear(): void {
    this.byClient.clear();
    this.update();
  }

  /** The blocks to detail: every front end's, merged (the fallback before any reported). */
  ranges(): readonly BlockRange[] {
    return this.merged;
  }

  private update(): boolean {
    const next = this.byClient.size > 0 ? mergeRanges([...this.byClient.values()]) : [this.fallback];
    const changed = JSON.stringify(next) !== JSON.stringify(this.merged);
    this.merged = next;
    return changed;
  }
}
