import { Pages, PAGE_BYTES } from './pages.js';
import { MachineState, newLaunch, RegSlab, LANES_BYTES, type LaunchState, type RegLanes, type RegValue, type WarpState } from './state.js';
import { deflate, inflate } from './codec.js';

/*
 * Checkpoints: a MachineState as bytes. A JSON header (which pages, the host's registers) is
 * followed by the pages' bytes in header order, the launch's register rows and its warps; the
 * whole is deflated behind its inflated size. A full checkpoint holds everything; a delta holds
 * the pages, register rows and warps written since the checkpoint before it. Every section
 * stays 8-byte aligned, so a reader's state takes views of the inflated buffer, not copies.
 */

type RegsJson = [number, number | string][];
type PagesJson = number[];

interface Header {
  readonly full: boolean;
  readonly step: number;
  readonly effectSeq: number;
  readonly host: PagesJson;
  readonly global: PagesJson;
  readonly constant: PagesJson;
  readonly hostRegs: RegsJson;
  readonly hostWarp: WarpState;
  readonly launch: null | {
    readonly id: number;
    readonly shared: [number, PagesJson][];
    readonly local: [number, PagesJson][];
    /** Register values in a binary section after the pages: this many (thread, fnVar, value) rows. */
    readonly regs: number;
    readonly regsGone: number[];
    /** Warps in a binary section after the register rows: this many float64 words. */
    readonly warps: number;
    readonly live: [number, number][];
  };
}

const regsOut = (m: Map<number, RegValue>): RegsJson => [...m].map(([k, v]) => [k, typeof v === 'bigint' ? `${v}` : v]);
const regsIn = (j: RegsJson): Map<number, RegValue> => new Map(j.map(([k, v]) => [k, typeof v === 'string' ? BigInt(v) : v]));

/** The deflated bytes of `s`: every page when `full`, else the pages written since the last call; clears the dirty marks. */
export function serializeState(s: MachineState, full: boolean): Buffer {
  const chunks: Uint8Array[] = [];
  const pagesOut = (p: Pages): PagesJson => {
    const keys = full ? [...p.pages.keys()] : [...p.dirty].filter((k) => p.pages.has(k));
    for (const k of keys) chunks.push(p.pages.get(k)!);
    p.dirty.clear();
    return keys;
  };
  const L = s.launch;
  const header: Header = {
    full,
    step: s.step,
    effectSeq: s.effectSeq,
    host: pagesOut(s.host),
    global: pagesOut(s.global),
    constant: pagesOut(s.constant),
    hostRegs: regsOut(s.hostRegs),
    hostWarp: s.hostWarp,
    launch: L && {
      id: L.id,
      shared: [...L.shared].map(([k, p]) => [k, pagesOut(p)]),
      local: [...L.local].map(([k, p]) => [k, pagesOut(p)]),
      regs: regsSection(L, full, chunks),
      regsGone: full ? [] : [...L.regsGone],
      warps: warpsSection(L, full, chunks),
      live: [...L.live],
    },
  };
  if (L) {
    L.regsDirty.length = 0;
    L.regsGone.clear();
    L.warpsDirty.clear();
  }
  // Padded with spaces to a multiple of 8 bytes after the length word, so the pages and register rows after it stay aligned for zero-copy views.
  const text = JSON.stringify(header);
  const json = Buffer.from(text.padEnd(text.length + ((8 - ((4 + Buffer.byteLength(text)) % 8)) % 8)), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length, 0);
  const raw = Buffer.concat([len, json, ...chunks]);
  // The inflated size goes first, outside the compressed stream: a reader inflates into one buffer of exactly that size.
  const size = Buffer.alloc(4);
  size.writeUInt32LE(raw.length, 0);
  return Buffer.concat([size, deflate(raw)]);
}

/** A checkpoint's inflated bytes, in a buffer of their own (8-byte aligned); null when damaged. */
function unpackCheckpoint(blob: Uint8Array): Buffer | null {
  if (blob.length < 4) return null;
  const size = Buffer.from(blob.buffer, blob.byteOffset, 4).readUInt32LE(0);
  // At least 8 KiB of output space: smaller buffers come from Node's shared pool, which this state's views must not alias.
  const raw = inflate(blob.subarray(4), Math.max(size, 8192));
  if (raw === null || raw.length !== size || size < 4) return null;
  if (raw.byteOffset % 8 === 0) return raw;
  const copy = Buffer.from(new ArrayBuffer(size));
  raw.copy(copy);
  return copy;
}

/** The state a checkpoint's bytes describe, built on `base` for a delta (null for a full one); null when damaged. */
export function deserializeState(blob: Uint8Array, base: MachineState | null): MachineState | null {
  const raw = unpackCheckpoint(blob);
  if (raw === null) return null;
  try {
    const n = raw.readUInt32LE(0);
    const h = JSON.parse(raw.subarray(4, 4 + n).toString('utf8')) as Header;
    if (!h.full && !base) return null;
    let at = 4 + n;
    const pagesIn = (keys: PagesJson, into: Pages | undefined): Pages => {
      const p = into ?? new Pages();
      for (const k of keys) {
        // A view, not a copy: the inflated buffer belongs to this state alone.
        p.put(k, raw.subarray(at, at + PAGE_BYTES));
        at += PAGE_BYTES;
      }
      return p;
    };
    const s = h.full ? new MachineState() : base!;
    s.step = h.step;
    s.effectSeq = h.effectSeq;
    s.host = pagesIn(h.host, h.full ? undefined : s.host);
    s.global = pagesIn(h.global, h.full ? undefined : s.global);
    s.constant = pagesIn(h.constant, h.full ? undefined : s.constant);
    s.hostRegs = regsIn(h.hostRegs);
    s.hostWarp = h.hostWarp;
    if (h.launch) {
      const j = h.launch;
      const old = !h.full && s.launch?.id === j.id ? s.launch : null;
      // A delta moves its base's launch on in place: the base was built for this chain alone, and copying
      // its register and warp maps cost more than reading the delta.
      const L: LaunchState = old ?? newLaunch(j.id);
      // Pagers absent from the header were dropped (their warps returned); the rest take their written pages
      // (read from the base's maps before they are refilled, as L may be the base's own launch).
      const shared = j.shared.map(([k, p]): [number, Pages] => [k, pagesIn(p, old?.shared.get(k))]);
      const local = j.local.map(([k, p]): [number, Pages] => [k, pagesIn(p, old?.local.get(k))]);
      L.shared.clear();
      L.local.clear();
      for (const [k, p] of shared) L.shared.set(k, p);
      for (const [k, p] of local) L.local.set(k, p);
      for (const k of j.regsGone) L.regs.delete(k);
      at = readRegs(raw, at, j.regs, L);
      at = readWarps(raw, at, j.warps, L);
      L.live.clear();
      for (const [k, n] of j.live) L.live.set(k, n);
      s.launch = L;
    } else s.launch = null;
    // Only a writer spaces checkpoints by the register count, and a writer never reads one back.
    s.registers = 0;
    if (at !== raw.length) return null;
    for (const p of allPages(s)) p.dirty.clear();
    return s;
  } catch {
    return null;
  }
}

function allPages(s: MachineState): Pages[] {
  const out = [s.host, s.global, s.constant];
  if (s.launch) out.push(...s.launch.shared.values(), ...s.launch.local.values());
  return out;
}

/** A deep copy of a state (the reader keeps decoded checkpoints and moves copies of them). */
export function cloneState(s: MachineState): MachineState {
  const c = new MachineState();
  c.step = s.step;
  c.effectSeq = s.effectSeq;
  c.registers = s.registers;
  c.host = s.host.clone();
  c.global = s.global.clone();
  c.constant = s.constant.clone();
  c.hostRegs = new Map(s.hostRegs);
  const cw = (w: WarpState): WarpState => ({ ...w, frames: [...w.frames] });
  c.hostWarp = cw(s.hostWarp);
  const L = s.launch;
  if (L) {
    const n = newLaunch(L.id);
    for (const [k, p] of L.shared) n.shared.set(k, p.clone());
    for (const [k, p] of L.local) n.local.set(k, p.clone());
    let count = 0;
    for (const m of L.regs.values()) count += m.size;
    const slab = new RegSlab(new ArrayBuffer(count * LANES_BYTES));
    let at = 0;
    for (const [k, m] of L.regs) {
      const copy = new Map<number, RegLanes>();
      for (const [x, lanes] of m) {
        slab.tag.set(lanes.slab.tag.subarray(lanes.base, lanes.base + LANES_BYTES), at);
        copy.set(x, { slab, base: at, dirty: lanes.dirty });
        at += LANES_BYTES;
      }
      n.regs.set(k, copy);
    }
    for (const [k, w] of L.warps) n.warps.set(k, cw(w));
    for (const [k, v] of L.live) n.live.set(k, v);
    c.launch = n;
  }
  return c;
}

/** Appends the launch's register entries (every one when `full`, else those written since the last checkpoint) as a binary section; returns the entry count. */
function regsSection(L: LaunchState, full: boolean, chunks: Uint8Array[]): number {
  const keys: number[] = [];
  const rows: RegLanes[] = [];
  if (full) {
    for (const [w, m] of L.regs) for (const [k, lanes] of m) keys.push(w, k), rows.push(lanes);
  } else {
    const d = L.regsDirty;
    for (let i = 0; i < d.length; i += 2) {
      const lanes = L.regs.get(d[i]!)?.get(d[i + 1]!);
      if (lanes) keys.push(d[i]!, d[i + 1]!), rows.push(lanes);
    }
  }
  const n = rows.length;
  const buf = new ArrayBuffer(n * ROW);
  new Float64Array(buf, 0, 2 * n).set(keys);
  // Copied as 32-bit words: exact bits, whatever the lanes hold.
  const out = new Uint32Array(buf, 16 * n);
  const WORDS = LANES_BYTES / 4;
  for (let r = 0; r < n; r++) {
    const lanes = rows[r]!;
    lanes.dirty = false;
    const src = lanes.slab.u32;
    const from = lanes.base / 4;
    const to = r * WORDS;
    for (let k = 0; k < WORDS; k++) out[to + k] = src[from + k]!;
  }
  chunks.push(new Uint8Array(buf));
  return n;
}

/** Bytes of one register entry: warp key and fnVar (f64 each), 32 lanes of 8 bytes, 32 tags. */
const ROW = 16 + LANES_BYTES;

/** Takes `n` register entries at `at` into the launch, where they lie (raw is the state's own buffer); returns the offset after them. */
function readRegs(raw: Buffer, at: number, n: number, L: LaunchState): number {
  if (n === 0) return at;
  const start = raw.byteOffset + at;
  const keys = new Float64Array(raw.buffer, start, 2 * n);
  const slab = new RegSlab(raw.buffer, start + 16 * n, n * LANES_BYTES);
  for (let r = 0; r < n; r++) {
    let m = L.regs.get(keys[2 * r]!);
    if (!m) L.regs.set(keys[2 * r]!, (m = new Map()));
    m.set(keys[2 * r + 1]!, { slab, base: r * LANES_BYTES, dirty: false });
  }
  return at + n * ROW;
}

/** Appends the launch's warps (every one when `full`, else those that moved) as float64 words: key, step, mask, loc, exited, frame count, then fn and fp per frame. Returns the word count. */
function warpsSection(L: LaunchState, full: boolean, chunks: Uint8Array[]): number {
  const keys = (full ? [...L.warps.keys()] : [...L.warpsDirty]).filter((k) => L.warps.has(k));
  let words = 0;
  for (const k of keys) words += 6 + 2 * L.warps.get(k)!.frames.length;
  const a = new Float64Array(words);
  let i = 0;
  for (const k of keys) {
    const w = L.warps.get(k)!;
    a[i++] = k;
    a[i++] = w.step;
    a[i++] = w.mask;
    a[i++] = w.loc;
    a[i++] = w.exited;
    a[i++] = w.frames.length;
    for (const f of w.frames) (a[i++] = f.fn), (a[i++] = f.fp);
  }
  chunks.push(new Uint8Array(a.buffer));
  return words;
}

/** Reads a warps section of `words` float64 words at `at` into the launch; returns the offset after it. */
function readWarps(raw: Buffer, at: number, words: number, L: LaunchState): number {
  const a = new Float64Array(raw.buffer, raw.byteOffset + at, words);
  for (let i = 0; i < words; ) {
    const k = a[i++]!;
    const w: WarpState = { step: a[i++]!, mask: a[i++]!, loc: a[i++]!, exited: a[i++]!, frames: [] };
    for (let n = a[i++]!; n > 0; n--) w.frames.push({ fn: a[i++]!, fp: a[i++]! });
    L.warps.set(k, w);
  }
  return at + words * 8;
}
