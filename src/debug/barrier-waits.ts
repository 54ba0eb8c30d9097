import type { Trace } from '../trace/reader.js';
import { decodeBarriers } from '../trace/codec.js';

/*
 * Which lanes of every warp wait at a barrier at a step, for the grid view: the trace's
 * barrier rows indexed once by warp (Barriers.lastOf scans them all for each warp, which a grid
 * of thousands of warps cannot afford at every stop). A live recording's new chunks are read
 * as they appear.
 */

interface WarpRows {
  readonly steps: number[];
  readonly kinds: number[];
  readonly masks: number[];
}

/** Barrier rows of one trace by launch and warp key (block * 64 + warp). */
export class BarrierWaits {
  private readonly byWarp = new Map<number, Map<number, WarpRows>>();
  private readonly seen = new Set<number>();

  constructor(private readonly trace: Trace) {}

  /** Reads the chunks recorded since the last call. */
  private refresh(): void {
    const rows = this.trace.db.prepare('SELECT first_seq, count, data FROM barrier_chunks ORDER BY first_seq').all() as { first_seq: number; count: number; data: Buffer }[];
    for (const r of rows) {
      if (this.seen.has(r.first_seq)) continue;
      const d = decodeBarriers(r.data, r.count);
      if (d === null) throw new Error(`barrier chunk at ${r.first_seq} is damaged`);
      this.seen.add(r.first_seq);
      for (let i = 0; i < d.count; i++) {
        let L = this.byWarp.get(d.launch[i]!);
        if (!L) this.byWarp.set(d.launch[i]!, (L = new Map()));
        const key = d.block[i]! * 64 + d.warp[i]!;
        let w = L.get(key);
        if (!w) L.set(key, (w = { steps: [], kinds: [], masks: [] }));
        w.steps.push(d.step[i]!);
        w.kinds.push(d.kind[i]!);
        w.masks.push(d.mask[i]!);
      }
    }
  }

  /** The lanes of each warp of `launch` waiting at a barrier before `step` runs (warps with none are absent). */
  waiting(launch: number, step: number): Map<number, number> {
    this.refresh();
    const out = new Map<number, number>();
    for (const [key, w] of this.byWarp.get(launch) ?? []) {
      // The warp's latest row before `step`: an arrival (kind 0) means its lanes still wait.
      let lo = 0;
      let hi = w.steps.length;
      while (lo < hi) {
        const m = (lo + hi) >> 1;
        if (w.steps[m]! < step) lo = m + 1;
        else hi = m;
      }
      const i = lo - 1;
      if (i >= 0 && w.kinds[i] === 0) out.set(key, w.masks[i]!);
    }
    return out;
  }
}
