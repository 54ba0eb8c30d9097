import { LANES_BYTES, type RegLanes } from './reg-table.js';
import { popcount } from './bits.js';

/*
 * Register rows in a checkpoint, packed: a warp's variables mostly hold one value in every lane
 * (parameters, loop bounds) or 32-bit values (ints, floats), so a row stores its written lanes'
 * values in the smallest form that keeps their exact bits, not 32 float64 lanes and 32 tags.
 * Rows are grouped by warp in ascending warp key, so a reader finds a warp's rows by binary
 * search and decodes them only when it needs that warp (reg-table.ts).
 *
 * Section layout (every part starts at a multiple of 8 bytes from the section's start):
 *   u32 warps W, u32 rows N; f64 warp key ×W; f64 fnVar ×N; u32 first row ×(W+1);
 *   u32 lane mask ×N; u32 payload start ×(N+1); u8 kind ×N; payload.
 */

/** How a row's written lanes are stored. */
export const ROW_KIND = {
  /** One float64 for every written lane. */
  sameNumber: 0,
  /** One int64 for every written lane. */
  sameBigint: 1,
  /** An int32 per written lane (numbers that are integers of 32 bits, not -0). */
  int32: 2,
  /** A float32 per written lane (numbers a float32 holds exactly). */
  float32: 3,
  /** 8 bytes and a tag per written lane (mixed tags, or float64 values). */
  raw: 4,
  /** Two float64, a and b: lane l holds a + b·l (int32 values in a line, as thread indices make). */
  affine: 5,
} as const;

const pad8 = (n: number): number => (n + 7) & ~7;

interface Layout {
  readonly fnVar: number;
  readonly first: number;
  readonly mask: number;
  readonly start: number;
  readonly kind: number;
  readonly payload: number;
}

function layout(warps: number, rows: number): Layout {
  const fnVar = 8 + 8 * warps;
  const first = fnVar + 8 * rows;
  const mask = pad8(first + 4 * (warps + 1));
  const start = pad8(mask + 4 * rows);
  const kind = pad8(start + 4 * (rows + 1));
  return { fnVar, first, mask, start, kind, payload: pad8(kind + rows) };
}

const f32 = new Float32Array(1);
/** [a, b] of the line fitLine found last (a second result, without a tuple per row). */
const fit = new Float64Array(2);

/** The lane mask of the row classify() saw last (a second result, without a tuple per row). */
let classified = 0;

/** The row kind of `lanes`: the smallest form that keeps its written values' bits; its lane mask is left in `classified`. */
function classify(lanes: RegLanes): number {
  const { tag, u32, f } = lanes.slab;
  const t0 = lanes.base + 256;
  const w0 = lanes.base >> 2;
  const v0 = lanes.base >> 3;
  // Each test stops at the first lane that fails it: most rows are decided within a few lanes.
  let mask = 0;
  let t = 0;
  let mixed = false;
  for (let l = 0; l < 32; l++) {
    const tl = tag[t0 + l]!;
    if (tl === 0) continue;
    mask |= 1 << l;
    if (t === 0) t = tl;
    else if (tl !== t) mixed = true;
  }
  classified = mask;
  if (mask === 0) return ROW_KIND.sameNumber;
  if (mixed) return ROW_KIND.raw;
  const first = 31 - Math.clz32(mask & -mask);
  const lo = u32[w0 + 2 * first]!;
  const hi = u32[w0 + 2 * first + 1]!;
  let m = mask & (mask - 1);
  for (; m !== 0; m &= m - 1) {
    const l = 31 - Math.clz32(m & -m);
    if (u32[w0 + 2 * l] !== lo || u32[w0 + 2 * l + 1] !== hi) break;
  }
  if (m === 0) return t === 2 ? ROW_KIND.sameBigint : ROW_KIND.sameNumber;
  if (t === 2) return ROW_KIND.raw;
  // Numbers: int32 values on a line, int32 values, values a float32 holds, in that order.
  fitLine(lanes, mask);
  const a = fit[0]!;
  const b = fit[1]!;
  let int32 = true;
  let affine = Number.isInteger(b);
  for (m = mask; m !== 0; m &= m - 1) {
    const l = 31 - Math.clz32(m & -m);
    const v = f[v0 + l]!;
    if ((v | 0) !== v || (v === 0 && 1 / v < 0)) {
      int32 = false;
      break;
    }
    if (affine && a + b * l !== v) affine = false;
  }
  if (int32) return affine ? ROW_KIND.affine : ROW_KIND.int32;
  for (m = mask; m !== 0; m &= m - 1) {
    const v = f[v0 + 31 - Math.clz32(m & -m)]!;
    f32[0] = v;
    if (f32[0] !== v) return ROW_KIND.raw;
  }
  return ROW_KIND.float32;
}

/** The line a + b·l through the first two written lanes of `lanes` (mask has two or more), left in `fit` as [a, b]. */
function fitLine(lanes: RegLanes, mask: number): void {
  const f = lanes.slab.f;
  const v0 = lanes.base >> 3;
  const l1 = 31 - Math.clz32(mask & -mask);
  const rest = mask & (mask - 1);
  const l2 = 31 - Math.clz32(rest & -rest);
  const b = (f[v0 + l2]! - f[v0 + l1]!) / (l2 - l1);
  fit[0] = f[v0 + l1]! - b * l1;
  fit[1] = b;
}

/** Bytes of the payload of a row of `kind` writing the lanes of `mask`. */
function payloadBytes(kind: number, mask: number): number {
  const n = popcount(mask);
  switch (kind) {
    case ROW_KIND.sameNumber:
    case ROW_KIND.sameBigint: return mask === 0 ? 0 : 8;
    case ROW_KIND.int32:
    case ROW_KIND.float32: return pad8(4 * n);
    case ROW_KIND.affine: return 16;
    default: return pad8(9 * n);
  }
}

/** Register rows as a packed section: `warps` maps a warp key to its variables' lanes by fnVar. */
export function encodeRows(warps: ReadonlyMap<number, ReadonlyMap<number, RegLanes>>): Uint8Array {
  // Warps come in admission order, which is mostly ascending already (the sort is then a pass).
  const keys = [...warps.keys()].sort((a, b) => a - b);
  const W = keys.length;
  let n = 0;
  for (const m of warps.values()) n += m.size;
  const L = layout(W, n);
  const kinds = new Uint8Array(n);
  const masks = new Uint32Array(n);
  const rows = new Array<RegLanes>(n);
  const fnVars = new Float64Array(n);
  const first = new Uint32Array(W + 1);
  const starts = new Uint32Array(n + 1);
  let r = 0;
  let bytes = 0;
  // forEach, not for-of over entries: a full checkpoint visits every row of every resident warp, and each entry pair is an allocation.
  const visit = (lanes: RegLanes, k: number): void => {
    // A row not written since a checkpoint stored it keeps that form: most of a full checkpoint's rows.
    const kind = lanes.kind >= 0 ? lanes.kind : classify(lanes);
    const mask = lanes.kind >= 0 ? lanes.mask : classified;
    kinds[r] = kind;
    masks[r] = mask;
    starts[r] = bytes;
    bytes += payloadBytes(kind, mask);
    rows[r] = lanes;
    fnVars[r++] = k;
  };
  for (let ix = 0; ix < W; ix++) {
    first[ix] = r;
    warps.get(keys[ix]!)!.forEach(visit);
  }
  first[W] = n;
  starts[n] = bytes;
  const buf = new ArrayBuffer(L.payload + bytes);
  const head = new Uint32Array(buf, 0, 2);
  head[0] = W;
  head[1] = n;
  new Float64Array(buf, 8, W).set(keys);
  new Float64Array(buf, L.fnVar, n).set(fnVars);
  new Uint32Array(buf, L.first, W + 1).set(first);
  new Uint32Array(buf, L.mask, n).set(masks);
  new Uint8Array(buf, L.kind, n).set(kinds);
  new Uint32Array(buf, L.start, n + 1).set(starts);
  const out = new Rows(buf, L.payload);
  for (let q = 0; q < n; q++) {
    const lanes = rows[q]!;
    out.put(starts[q]!, kinds[q]!, masks[q]!, lanes);
    lanes.dirty = false;
    lanes.kind = kinds[q]!;
    lanes.mask = masks[q]!;
  }
  return new Uint8Array(buf);
}

/** Typed views of a payload region. */
class Rows {
  readonly f64: Float64Array;
  readonly u32: Uint32Array;
  readonly i32: Int32Array;
  readonly f32: Float32Array;
  readonly u8: Uint8Array;
  constructor(buffer: ArrayBufferLike, offset: number, bytes = buffer.byteLength - offset) {
    this.f64 = new Float64Array(buffer, offset, bytes >> 3);
    this.u32 = new Uint32Array(buffer, offset, bytes >> 2);
    this.i32 = new Int32Array(buffer, offset, bytes >> 2);
    this.f32 = new Float32Array(buffer, offset, bytes >> 2);
    this.u8 = new Uint8Array(buffer, offset, bytes);
  }

  /** Writes `lanes`' written values at payload byte `at` in the form `kind`. */
  put(at: number, kind: number, mask: number, lanes: RegLanes): void {
    if (mask === 0) return;
    const { f, u32, tag } = lanes.slab;
    const v0 = lanes.base >> 3;
    const t0 = lanes.base + 256;
    const w = at >> 2;
    if (kind === ROW_KIND.sameNumber || kind === ROW_KIND.sameBigint) {
      // Any written lane's 8 bytes: they are all the same.
      const l = 31 - Math.clz32(mask & -mask);
      this.u32[w] = u32[2 * (v0 + l)]!;
      this.u32[w + 1] = u32[2 * (v0 + l) + 1]!;
      return;
    }
    if (kind === ROW_KIND.affine) {
      fitLine(lanes, mask);
      this.f64[w >> 1] = fit[0]!;
      this.f64[(w >> 1) + 1] = fit[1]!;
      return;
    }
    if (kind === ROW_KIND.int32 || kind === ROW_KIND.float32) {
      const out = kind === ROW_KIND.int32 ? this.i32 : this.f32;
      if (mask === 0xffffffff) for (let l = 0; l < 32; l++) out[w + l] = f[v0 + l]!;
      else for (let m = mask, k = w; m !== 0; m &= m - 1, k++) out[k] = f[v0 + 31 - Math.clz32(m & -m)]!;
      return;
    }
    // Raw: the 8 bytes as they lie (an int64 or a float64), then the tags after all values.
    const n = popcount(mask);
    let k = 0;
    for (let m = mask; m !== 0; m &= m - 1, k++) {
      const l = 31 - Math.clz32(m & -m);
      this.u32[w + 2 * k] = u32[2 * (v0 + l)]!;
      this.u32[w + 2 * k + 1] = u32[2 * (v0 + l) + 1]!;
      this.u8[at + 8 * n + k] = tag[t0 + l]!;
    }
  }

  /** Fills `lanes` (all 32 lanes, unwritten ones zero) from the row at payload byte `at`. */
  get(at: number, kind: number, mask: number, lanes: RegLanes): void {
    const { f, u32, tag } = lanes.slab;
    const v0 = lanes.base >> 3;
    const t0 = lanes.base + 256;
    const w = at >> 2;
    if (mask !== 0xffffffff) tag.fill(0, lanes.base, lanes.base + LANES_BYTES);
    if (mask === 0) return;
    // One loop per kind: the checks stay out of the lanes' loop, which runs for every row a jump restores.
    switch (kind) {
      case ROW_KIND.sameNumber:
      case ROW_KIND.sameBigint: {
        const lo = this.u32[w]!;
        const hi = this.u32[w + 1]!;
        if (mask === 0xffffffff) {
          for (let x = 2 * v0, end = x + 64; x < end; x += 2) (u32[x] = lo), (u32[x + 1] = hi);
          tag.fill(kind === ROW_KIND.sameBigint ? 2 : 1, t0, t0 + 32);
          return;
        }
        for (let m = mask; m !== 0; m &= m - 1) {
          const x = 2 * (v0 + 31 - Math.clz32(m & -m));
          u32[x] = lo;
          u32[x + 1] = hi;
        }
        tagLanes(tag, t0, mask, kind === ROW_KIND.sameBigint ? 2 : 1);
        return;
      }
      case ROW_KIND.affine: {
        const a = this.f64[w >> 1]!;
        const b = this.f64[(w >> 1) + 1]!;
        if (mask === 0xffffffff) for (let l = 0; l < 32; l++) f[v0 + l] = a + b * l;
        else for (let m = mask; m !== 0; m &= m - 1) f[v0 + 31 - Math.clz32(m & -m)] = a + b * (31 - Math.clz32(m & -m));
        tagLanes(tag, t0, mask, 1);
        return;
      }
      case ROW_KIND.int32:
      case ROW_KIND.float32: {
        const src = kind === ROW_KIND.int32 ? this.i32 : this.f32;
        if (mask === 0xffffffff) for (let l = 0; l < 32; l++) f[v0 + l] = src[w + l]!;
        else for (let m = mask, k = w; m !== 0; m &= m - 1, k++) f[v0 + 31 - Math.clz32(m & -m)] = src[k]!;
        tagLanes(tag, t0, mask, 1);
        return;
      }
      default: {
        const n = popcount(mask);
        let k = 0;
        for (let m = mask; m !== 0; m &= m - 1, k++) {
          const l = 31 - Math.clz32(m & -m);
          u32[2 * (v0 + l)] = this.u32[w + 2 * k]!;
          u32[2 * (v0 + l) + 1] = this.u32[w + 2 * k + 1]!;
          tag[t0 + l] = this.u8[at + 8 * n + k]!;
        }
      }
    }
  }
}

/** Sets the tags of `mask`'s lanes to `t`. */
function tagLanes(tag: Uint8Array, t0: number, mask: number, t: number): void {
  if (mask === 0xffffffff) tag.fill(t, t0, t0 + 32);
  else for (let m = mask; m !== 0; m &= m - 1) tag[t0 + 31 - Math.clz32(m & -m)] = t;
}

/** A packed register section read in place (its buffer belongs to the state that holds it). */
export class HeldRows {
  /** Warps with rows. */
  readonly warps: number;
  readonly rows: number;
  /** Bytes of the section. */
  readonly bytes: number;
  private readonly keys: Float64Array;
  private readonly fnVars: Float64Array;
  private readonly firsts: Uint32Array;
  private readonly masks: Uint32Array;
  private readonly starts: Uint32Array;
  private readonly kinds: Uint8Array;
  private readonly payload: Rows;

  /** The section at byte `offset` of `buffer` (a multiple of 8); throws when it overruns the buffer. */
  constructor(buffer: ArrayBufferLike, offset: number) {
    const head = new Uint32Array(buffer, offset, 2);
    const W = (this.warps = head[0]!);
    const n = (this.rows = head[1]!);
    const L = layout(W, n);
    this.keys = new Float64Array(buffer, offset + 8, W);
    this.fnVars = new Float64Array(buffer, offset + L.fnVar, n);
    this.firsts = new Uint32Array(buffer, offset + L.first, W + 1);
    this.masks = new Uint32Array(buffer, offset + L.mask, n);
    this.starts = new Uint32Array(buffer, offset + L.start, n + 1);
    this.kinds = new Uint8Array(buffer, offset + L.kind, n);
    const size = this.starts[n]!;
    this.payload = new Rows(buffer, offset + L.payload, size);
    this.bytes = L.payload + size;
  }

  /** The index of warp key `w` among the section's warps; -1 when it has no rows. */
  warpIndex(w: number): number {
    let lo = 0;
    let hi = this.warps - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const k = this.keys[mid]!;
      if (k === w) return mid;
      if (k < w) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The warp key of warp index `ix`. */
  warpKey(ix: number): number {
    return this.keys[ix]!;
  }

  /** The first row of warp index `ix` (the row count for ix = warps). */
  first(ix: number): number {
    return this.firsts[ix]!;
  }

  /** Row r's fnVar. */
  fnVar(r: number): number {
    return this.fnVars[r]!;
  }

  /** The row of warp index `ix` holding `fnVar`; -1 when it has none. */
  rowOf(ix: number, fnVar: number): number {
    for (let r = this.firsts[ix]!, end = this.firsts[ix + 1]!; r < end; r++) if (this.fnVars[r] === fnVar) return r;
    return -1;
  }

  /** Row r's kind (ROW_KIND). */
  kind(r: number): number {
    return this.kinds[r]!;
  }

  /** Fills `lanes` with row r's values and tags. */
  decode(r: number, lanes: RegLanes): void {
    this.payload.get(this.starts[r]!, this.kinds[r]!, this.masks[r]!, lanes);
  }
}
