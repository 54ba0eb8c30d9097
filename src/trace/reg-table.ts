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
  /** Checkpoints' register sections, oldest first, and per section which of its warps were taken into maps (or retired). */
  private held: HeldRows[] = [];
  private taken: Uint8Array[] = [];
  /** Where new lanes come from: the current slab's next row, and rows retired warps left. */
  private slab: RegSlab | null = null;
  private slabNext = SLAB_ROWS;
  private readonly freeRows: RegLanes[] = [];

  /** A warp's variables; undefined when it holds none. */
  get(w: number): Map<number, RegLanes> | undefined {
    return this.maps.get(w) ?? (this.held.length === 0 ? undefined : this.take(w));
  }

  /** A warp's variables, created empty when it holds none. */
  of(w: number): Map<number, RegLanes> {
    let m = this.get(w);
    if (m === undefined) this.maps.set(w, (m = new Map()));
    return m;
  }

  /**
   * Removes a warp's variables (it retired), handing each of its lanes to `each` before they are
   * freed; returns whether it held any. Rows still held are dropped undecoded and not handed out:
   * only a recording's state counts registers, and it never holds rows.
   */
  remove(w: number, each?: (lanes: RegLanes) => void): boolean {
    const m = this.maps.get(w);
    let had = m !== undefined;
    if (m) {
      for (const lanes of m.values()) each?.(lanes), this.freeRows.push(lanes);
      this.maps.delete(w);
    }
    for (let s = 0; s < this.held.length; s++) {
      const ix = this.held[s]!.warpIndex(w);
      if (ix >= 0 && this.taken[s]![ix] === 0) (this.taken[s]![ix] = 1), (had = true);
    }
    return had;
  }

  /** A checkpoint's register rows, newer than those held: taken into maps warp by warp as they are read (at once for warps already taken). */
  hold(rows: HeldRows): void {
    const taken = new Uint8Array(rows.warps);
    for (let ix = 0; ix < rows.warps; ix++) {
      const m = this.maps.get(rows.warpKey(ix));
      if (m) this.decodeWarp(rows, ix, m), (taken[ix] = 1);
    }
    this.held.push(rows);
    this.taken.push(taken);
  }

  /** Empty lanes (every value and tag zero): a freed row, or the next row of a slab. */
  alloc(): RegLanes {
    const old = this.freeRows.pop();
    if (old) {
      old.slab.tag.fill(0, old.base, old.base + LANES_BYTES);
      return { slab: old.slab, base: old.base, dirty: false };
    }
    if (this.slabNext === SLAB_ROWS) (this.slab = new RegSlab(new ArrayBuffer(SLAB_ROWS * LANES_BYTES))), (this.slabNext = 0);
    return { slab: this.slab!, base: LANES_BYTES * this.slabNext++, dirty: false };
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
    let count = 0;
    for (const m of this.maps.values()) count += m.size;
    const slab = new RegSlab(new ArrayBuffer(count * LANES_BYTES));
    let at = 0;
    for (const [k, m] of this.maps) {
      const copy = new Map<number, RegLanes>();
      for (const [x, lanes] of m) {
        slab.tag.set(lanes.slab.tag.subarray(lanes.base, lanes.base + LANES_BYTES), at);
        copy.set(x, { slab, base: at, dirty: lanes.dirty });
        at += LANES_BYTES;
      }
      c.maps.set(k, copy);
    }
    return c;
  }

  /** Takes warp w's held rows into a map, oldest section first; undefined when no section holds rows of it not yet taken. */
  private take(w: number): Map<number, RegLanes> | undefined {
    let m: Map<number, RegLanes> | undefined;
    for (let s = 0; s < this.held.length; s++) {
      const held = this.held[s]!;
      const ix = held.warpIndex(w);
      if (ix < 0 || this.taken[s]![ix] !== 0) continue;
      this.taken[s]![ix] = 1;
      this.decodeWarp(held, ix, (m ??= new Map()));
    }
    if (m) this.maps.set(w, m);
    return m;
  }

  /** Writes the rows of warp index `ix` of a section over the variables in `m`. */
  private decodeWarp(held: HeldRows, ix: number, m: Map<number, RegLanes>): void {
    for (let r = held.first(ix), end = held.first(ix + 1); r < end; r++) {
      const k = held.fnVar(r);
      let lanes = m.get(k);
      if (!lanes) m.set(k, (lanes = this.alloc()));
      held.decode(r, lanes);
    }
  }

  private takeAll(): void {
    for (let s = 0; s < this.held.length; s++) {
      const held = this.held[s]!;
      for (let ix = 0; ix < held.warps; ix++) if (this.taken[s]![ix] === 0) this.take(held.warpKey(ix));
    }
    this.held = [];
    this.taken = [];
  }
}
