import type { Database as Db } from 'better-sqlite3';
import { decodeBarriers, type DecodedBarriers } from './codec.js';

/*
 * A trace's barrier arrivals and releases, read from their chunks at once (a run has a few
 * hundred thousand at most) and searched in memory: the debugger asks who waits at a barrier
 * for one block or warp at a time.
 */

/** One barrier row: the warp's lanes in `mask` arrived (kind 0) or were released (kind 1) during `step`. */
export interface BarrierRow {
  readonly step: number;
  readonly warp: number;
  readonly kind: number;
  readonly mask: number;
  readonly loc_id: number;
}

/** Every barrier row of a trace, in recording order. */
export class Barriers {
  private constructor(private readonly chunks: readonly DecodedBarriers[]) {}

  /** Reads every barrier chunk of `db`; throws when one is damaged. */
  static read(db: Db): Barriers {
    const rows = db.prepare('SELECT first_seq, count, data FROM barrier_chunks ORDER BY first_seq').all() as { first_seq: number; count: number; data: Buffer }[];
    return new Barriers(rows.map((r) => {
      const d = decodeBarriers(r.data, r.count);
      if (d === null) throw new Error(`barrier chunk at ${r.first_seq} is damaged`);
      return d;
    }));
  }

  /** Arrivals and releases. */
  counts(): { arrivals: number; releases: number } {
    let arrivals = 0;
    let releases = 0;
    for (const c of this.chunks) for (let i = 0; i < c.count; i++) c.kind[i] === 0 ? arrivals++ : releases++;
    return { arrivals, releases };
  }

  /** The steps at which some warp arrived at a barrier. */
  arrivalSteps(): Set<number> {
    const out = new Set<number>();
    for (const c of this.chunks) for (let i = 0; i < c.count; i++) if (c.kind[i] === 0) out.add(c.step[i]!);
    return out;
  }

  /** A warp's latest row before `step`, or null. */
  lastOf(launch: number, block: number, warp: number, step: number): { kind: number; mask: number } | null {
    for (let k = this.chunks.length - 1; k >= 0; k--) {
      const c = this.chunks[k]!;
      for (let i = c.count - 1; i >= 0; i--) {
        if (c.step[i]! < step && c.launch[i] === launch && c.block[i] === block && c.warp[i] === warp) return { kind: c.kind[i]!, mask: c.mask[i]! };
      }
    }
    return null;
  }

  /** A block's rows before `step`, in recording order. */
  ofBlock(launch: number, block: number, step: number): BarrierRow[] {
    const out: BarrierRow[] = [];
    for (const c of this.chunks) {
      for (let i = 0; i < c.count; i++) {
        if (c.step[i]! < step && c.launch[i] === launch && c.block[i] === block) out.push({ step: c.step[i]!, warp: c.warp[i]!, kind: c.kind[i]!, mask: c.mask[i]!, loc_id: c.loc[i]! });
      }
    }
    return out;
  }
}
