import type { HeldRows } from './reg-rows.js';

/*
 * A launch's register variables: per warp, per fnVar, the 32 lanes of a warp's threads in rows
 * of shared slabs. A state rebuilt from checkpoints holds their register sections as they lie
 * (HeldRows: a full checkpoint's, then each delta's) and takes a warp's rows into its maps the
 * first time something reads that warp: a jump into a large launch then pays only for the
 * warps it moves or shows.
 */

/** A register value: float64 lanes hold numbers, 64-bit integer lanes bigints. */
export type RegValue = number | bigint;

/** Register lanes of many variables in one buffer, with one set of views over it (views per variable would cost more than the values). */
export class RegSlab {
  readonly f: Float64Array;
  readonly i: BigInt64Array;
  readonly tag: Uint8Array;
  readonly u32: Uint32Array;
  /** Views of `bytes` bytes of `buffer` from `offset` (both multiples of 8). */
  constructor(buffer: ArrayBufferLike, offset = 0, bytes = buffer.byteLength - offset) {
    this.f = new Float64Array(buffer, offset, bytes / 8);
    this.i = new BigInt64Array(buffer, offset, bytes / 8);
    this.tag = new Uint8Array(buffer, offset, bytes);
    this.u32 = new Uint32Array(buffer, offset, bytes / 4);
  }
}

/** Bytes of one variable's lanes in a slab: 32 values of 8 bytes, then 32 tags. */
export const LANES_BYTES = 288;

/**
 * One register variable of a warp's 32 threads, at byte `base` of a slab: lane l's value is
 * slab.f[base/8 + l] (or slab.i, by its tag), its tag slab.tag[base + 256 + l] (1 float64, 2 int64, 0 never written).
 */
export interface RegLanes {
  readonly slab: RegSlab;
  readonly base: number;
  /** Written since the last checkpoint. */
  dirty: boolean;
  /** The row kind (reg-rows.ts) and lane mask a checkpoint last stored it with; kind -1 once written since (a writer sets it with `dirty`). */
  kind: number;
  mask: number;
}

/** Lane l's tag. */
export const laneTag = (r: RegLanes, l: number): number => r.slab.tag[r.base + 256 + l]!;

/** Lane l's value (undefined when never written). */
export function laneValue(r: RegLanes, l: number): RegValue | undefined {
  const t = r.slab.tag[r.base + 256 + l];
  return t === 0 ? undefined : t === 2 ? r.slab.i[(r.base >> 3) + l]! : r.slab.f[(r.base >> 3) + l]!;
}

/** Variables' lanes per slab a table allocates at a time. */
const SLAB_ROWS = 512;

/** A launch's register variables by warp key, then fnVar. */
export class RegTable {
  private readonly maps = new Map<number, Map<number, RegLanes>>();
  /** Checkpoints' register sections, oldest first, and per section which rows were taken (decoded, overwritten or retired). */
  private held: HeldRows[] = [];
  private taken: Uint8Array[] = [];
  /** Warps none of whose held rows are left: their maps are whole. */
  private complete = new Set<number>();
  /** Where new lanes come from: the current slab's next row, and rows retired warps left. */
  private slab: RegSlab | null = null;
  private slabNext = SLAB_ROWS;
  private readonly freeRows: RegLanes[] = [];
  /** The warp lanes() found last and its variables (undefined when none). */
  private lastW = -1;
  private lastM: Map<number, RegLanes> | undefined = undefined;

  /** A warp's variables; undefined when it holds none. */
  get(w: number): Map<number, RegLanes> | undefined {
    if (this.held.length !== 0 && !this.complete.has(w)) this.takeWarp(w);
    return this.maps.get(w);
  }

  /**
   * The lanes of warp w's variable `key`, created (zero) when it has none. `overwrite`: the caller
   * writes all 32 lanes (a converged warp's writes), so a held row of it is dropped, not decoded,
   * and new lanes are not zeroed.
   */
  lanes(w: number, key: number, overwrite: boolean): RegLanes {
    // A warp's statements come in runs: its variables' map is looked up once per run.
    let m = w === this.lastW ? this.lastM : this.maps.get(w);
    if (m !== undefined) (this.lastW = w), (this.lastM = m);
    let lanes = m?.get(key);
    if (lanes) return lanes;
    if (!m) this.maps.set(w, (m = new Map()));
    this.lastW = w;
    this.lastM = m;
    m.set(key, (lanes = this.alloc(!overwrite)));
    if (this.held.length !== 0 && !this.complete.has(w)) this.takeRow(w, key, overwrite ? null : lanes);
    return lanes;
  }

  /** Removes a warp's variables (it retired; their lanes are reused, held rows dropped undecoded); returns whether it held any. */
  remove(w: number): boolean {
    if (w === this.lastW) (this.lastW = -1), (this.lastM = undefined);
    const m = this.maps.get(w);
    let had = m !== undefined;
    if (m) {
      for (const lanes of m.values()) this.freeRows.push(lanes);
      this.maps.delete(w);
    }
    if (this.held.length !== 0 && !this.complete.has(w)) {
      this.eachRow(w, (s, r) => {
        if (this.taken[s]![r] === 0) (this.taken[s]![r] = 1), (had = true);
      });
      this.complete.add(w);
    }
    return had;
  }

  /** A checkpoint's register rows, newer than those held: decoded as they are read (at once over variables already taken). */
  hold(rows: HeldRows): void {
    const taken = new Uint8Array(rows.rows);
    for (let ix = 0; ix < rows.warps; ix++) {
      const w = rows.warpKey(ix);
      const m = this.maps.get(w);
      if (!m) continue;
      // A whole warp stays whole: its new variables are taken too.
      const whole = this.held.length === 0 || this.complete.has(w);
      for (let r = rows.first(ix), end = rows.first(ix + 1); r < end; r++) {
        let lanes = m.get(rows.fnVar(r));
        if (!lanes && whole) m.set(rows.fnVar(r), (lanes = this.alloc()));
        if (lanes) rows.decode(r, lanes), (taken[r] = 1);
      }
    }
    // Warps this section has rows for are whole only once those are taken.
    for (let ix = 0; ix < rows.warps; ix++) if (!this.maps.has(rows.warpKey(ix))) this.complete.delete(rows.warpKey(ix));
    this.held.push(rows);
    this.taken.push(taken);
  }

  /** Empty lanes (every value and tag zero, unless `zero` is false and the caller writes all of them): a freed row, or the next row of a slab. */
  alloc(zero = true): RegLanes {
    const old = this.freeRows.pop();
    if (old) {
      if (zero) old.slab.tag.fill(0, old.base, old.base + LANES_BYTES);
      return { slab: old.slab, base: old.base, dirty: false, kind: -1, mask: 0 };
    }
    if (this.slabNext === SLAB_ROWS) (this.slab = new RegSlab(new ArrayBuffer(SLAB_ROWS * LANES_BYTES))), (this.slabNext = 0);
    return { slab: this.slab!, base: LANES_BYTES * this.slabNext++, dirty: false, kind: -1, mask: 0 };
  }

  /** Every warp's variables (taking every held row first). */
  [Symbol.iterator](): IterableIterator<[number, Map<number, RegLanes>]> {
    this.takeAll();
    return this.maps[Symbol.iterator]();
  }

  /** A deep copy: held rows are shared (nobody writes them), taken ones copied into one slab. */
  clone(): RegTable {
    const c = new RegTable();
    c.held = [...this.held];
    c.taken = this.taken.map((t) => t.slice());
    c.complete = new Set(this.complete);
    let count = 0;
    for (const m of this.maps.values()) count += m.size;
    const slab = new RegSlab(new ArrayBuffer(count * LANES_BYTES));
    let at = 0;
    for (const [k, m] of this.maps) {
      const copy = new Map<number, RegLanes>();
      for (const [x, lanes] of m) {
        slab.tag.set(lanes.slab.tag.subarray(lanes.base, lanes.base + LANES_BYTES), at);
        copy.set(x, { slab, base: at, dirty: lanes.dirty, kind: -1, mask: 0 });
        at += LANES_BYTES;
      }
      c.maps.set(k, copy);
    }
    return c;
  }

  /** Calls `f` with (section, row) for every held row of warp w, newest section first. */
  private eachRow(w: number, f: (s: number, r: number) => void): void {
    for (let s = this.held.length - 1; s >= 0; s--) {
      const held = this.held[s]!;
      const ix = held.warpIndex(w);
      if (ix >= 0) for (let r = held.first(ix), end = held.first(ix + 1); r < end; r++) f(s, r);
    }
  }

  /** Takes every row of warp w not yet taken: a variable's newest row is decoded, older ones dropped (a row holds all 32 lanes). */
  private takeWarp(w: number): void {
    let m = this.maps.get(w);
    this.eachRow(w, (s, r) => {
      if (this.taken[s]![r] !== 0) return;
      this.taken[s]![r] = 1;
      const held = this.held[s]!;
      const key = held.fnVar(r);
      if (m?.has(key)) return;
      if (!m) this.maps.set(w, (m = new Map()));
      const lanes = this.alloc();
      m.set(key, lanes);
      held.decode(r, lanes);
    });
    this.complete.add(w);
  }

  /** Takes the rows of warp w's variable `key`: the newest is decoded into `into` (unless null), older ones dropped. */
  private takeRow(w: number, key: number, into: RegLanes | null): void {
    let done = into === null;
    for (let s = this.held.length - 1; s >= 0; s--) {
      const held = this.held[s]!;
      const ix = held.warpIndex(w);
      const r = ix < 0 ? -1 : held.rowOf(ix, key);
      if (r < 0 || this.taken[s]![r] !== 0) continue;
      this.taken[s]![r] = 1;
      if (!done) held.decode(r, into!), (done = true);
    }
  }

  private takeAll(): void {
    for (const held of this.held) for (let ix = 0; ix < held.warps; ix++) if (!this.complete.has(held.warpKey(ix))) this.takeWarp(held.warpKey(ix));
    this.held = [];
    this.taken = [];
    this.complete.clear();
  }
}
