import type { Database as Db } from 'better-sqlite3';
import { decodeBarriers, type DecodedBarriers } from './codec.js';
import { TraceDamage } from './damage.js';
import { crcColumn, intact } from './checksum.js';

/*
 * A trace's barrier arrivals and releases, read from their chunks (a run has a few hundred
 * thousand at most) and searched in memory, with each warp's rows indexed so "who waits at a
 * barrier" costs a binary search per warp. A live recording's new chunks are read as they come.
 */

/** One barrier row: the warp's lanes in `mask` arrived (kind 0) or were released (kind 1) during `step`. */
export interface BarrierRow {
  readonly step: number;
  readonly warp: number;
  readonly kind: number;
  readonly mask: number;
  readonly loc_id: number;
}

/** One warp's rows, in recording (and so step) order. */
interface WarpRows {
  readonly steps: number[];
  readonly kinds: number[];
  readonly masks: number[];
}

/** Every barrier row of a trace, in recording order. */
export class Barriers {
  private readonly chunks: DecodedBarriers[] = [];
  /** Rows read so far: the next chunk's first sequence number. */
  private rows = 0;
  /** By launch, then warp key (block * 64 + warp). */
  private readonly byWarp = new Map<number, Map<number, WarpRows>>();
  /** Steps at which some warp arrived (asked at every stop, so kept rather than rebuilt). */
  private readonly arrivals = new Set<number>();

  /** Reads every barrier chunk of `db`; throws when one is damaged. */
  static read(db: Db): Barriers {
    return new Barriers().extend(db);
  }

  /** Reads the chunks committed since the last read (a live recording grows). */
  extend(db: Db): this {
    const rows = db.prepare(`SELECT first_seq, count, data, ${crcColumn(db, 'barrier_chunks')} FROM barrier_chunks WHERE first_seq >= ? ORDER BY first_seq`).all(this.rows) as { first_seq: number; count: number; data: Buffer; crc: number | null }[];
    for (const r of rows) {
      const d = intact(r.crc, r.data) ? decodeBarriers(r.data, r.count) : null;
      if (d === null) throw new TraceDamage(`barrier chunk at ${r.first_seq} is damaged`);
      this.chunks.push(d);
      this.rows = r.first_seq + r.count;
      for (let i = 0; i < d.count; i++) {
        let L = this.byWarp.get(d.launch[i]!);
        if (!L) this.byWarp.set(d.launch[i]!, (L = new Map()));
        const key = d.block[i]! * 64 + d.warp[i]!;
        let w = L.get(key);
        if (!w) L.set(key, (w = { steps: [], kinds: [], masks: [] }));
        w.steps.push(d.step[i]!);
        w.kinds.push(d.kind[i]!);
        w.masks.push(d.mask[i]!);
        if (d.kind[i] === 0) this.arrivals.add(d.step[i]!);
      }
    }
    return this;
  }

  /** Arrivals and releases. */
  counts(): { arrivals: number; releases: number } {
    let arrivals = 0;
    let releases = 0;
    for (const c of this.chunks) for (let i = 0; i < c.count; i++) c.kind[i] === 0 ? arrivals++ : releases++;
    return { arrivals, releases };
  }

  /** The steps at which some warp arrived at a barrier. */
  arrivalSteps(): ReadonlySet<number> {
    return this.arrivals;
  }

  /** A warp's latest row before `step`, or null. */
  lastOf(launch: number, block: number, warp: number, step: number): { kind: number; mask: number } | null {
    const w = this.byWarp.get(launch)?.get(block * 64 + warp);
    const i = w ? lastBefore(w, step) : -1;
    return i < 0 ? null : { kind: w!.kinds[i]!, mask: w!.masks[i]! };
  }

  /** The lanes of each warp of `launch` waiting at a barrier before `step` runs, by warp key (warps with none are absent). */
  waiting(launch: number, step: number): Map<number, number> {
    const out = new Map<number, number>();
    for (const [key, w] of this.byWarp.get(launch) ?? []) {
      // The warp's latest row before `step`: an arrival (kind 0) means its lanes still wait.
      const i = lastBefore(w, step);
      if (i >= 0 && w.kinds[i] === 0) out.set(key, w.masks[i]!);
    }
    return out;
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

/** The index of a warp's latest row before `step`, or -1 (binary search: its steps never decrease). */
function lastBefore(w: WarpRows, step: number): number {
  let lo = 0;
  let hi = w.steps.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (w.steps[m]! < step) lo = m + 1;
    else hi = m;
  }
  return lo - 1;
}
