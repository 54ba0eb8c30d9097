import { Pages } from './pages.js';
import { MachineState, newLaunch, type LaunchState, type RegLanes, type RegValue, type WarpState } from './state.js';
import { encodeRows, HeldRows } from './reg-rows.js';
import { deflatePart, inflatePart, packSegments, pagesIn, pagesOut, segmentsOf } from './segments.js';
import { deferMemory, memoryParts, type GroupKeys, type SegmentCache } from './memory-groups.js';

export type { SegmentCache } from './memory-groups.js';

/*
 * Checkpoints: a MachineState as bytes, in deflated segments (segments.ts). The first holds a
 * JSON header (which pages, the host's registers), then the launch's shared and local pages in
 * header order, its register rows and its warps; the others hold the host, global and constant
 * pages in groups (memory-groups.ts), which a reader inflates only when something touches that
 * memory. A full checkpoint holds everything; a delta holds the pages, register rows and warps
 * written since the checkpoint before it. Every section stays 8-byte aligned, so a reader's
 * state takes views of the inflated buffers, not copies.
 */

type RegsJson = [number, number | string][];
type PagesJson = number[];

interface Header {
  readonly full: boolean;
  readonly step: number;
  readonly effectSeq: number;
  /** Each memory's groups of pages, a segment each after the launch's (memory-groups.ts). */
  readonly host: GroupKeys[];
  readonly global: GroupKeys[];
  readonly constant: GroupKeys[];
  readonly hostRegs: RegsJson;
  readonly hostWarp: Omit<WarpState, 'mark'>;
  readonly launch: null | {
    readonly id: number;
    readonly shared: [number, PagesJson][];
    readonly local: [number, PagesJson][];
    /** Register rows in a binary section after the pages (reg-rows.ts): this many. */
    readonly regs: number;
    readonly regsGone: number[];
    /** Warps in a binary section after the register rows: this many float64 words. */
    readonly warps: number;
    readonly live: [number, number][];
  };
}

const regsOut = (m: Map<number, RegValue>): RegsJson => [...m].map(([k, v]) => [k, typeof v === 'bigint' ? `${v}` : v]);
const regsIn = (j: RegsJson): Map<number, RegValue> => new Map(j.map(([k, v]) => [k, typeof v === 'string' ? BigInt(v) : v]));

/** The bytes of `s`: every page when `full`, else the pages written since the last call; clears the dirty marks. */
export function serializeState(s: MachineState, full: boolean, cache: SegmentCache = new Map()): Buffer {
  const chunks: Uint8Array[] = [];
  // Every page when full, else those written since the last checkpoint (and still held).
  const written = (p: Pages): PagesJson => (full ? [...p.pages.keys()] : p.written());
  const launchPages = (p: Pages): PagesJson => {
    const keys = written(p);
    pagesOut(p, keys, chunks);
    p.dirty.clear();
    return keys;
  };
  const memory = memoryParts(s, full, cache);
  const L = s.launch;
  const header: Header = {
    full,
    step: s.step,
    effectSeq: s.effectSeq,
    host: memory.keys.host,
    global: memory.keys.global,
    constant: memory.keys.constant,
    hostRegs: regsOut(s.hostRegs),
    hostWarp: { step: s.hostWarp.step, mask: s.hostWarp.mask, loc: s.hostWarp.loc, exited: s.hostWarp.exited, frames: s.hostWarp.frames },
    launch: L && {
      id: L.id,
      shared: [...L.shared].map(([k, p]) => [k, launchPages(p)]),
      local: [...L.local].map(([k, p]) => [k, launchPages(p)]),
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
    L.epoch++;
  }
  // Padded with spaces to a multiple of 8 bytes after the length word, so the sections after it stay aligned for zero-copy views.
  const text = JSON.stringify(header);
  const json = Buffer.from(text.padEnd(text.length + ((8 - ((4 + Buffer.byteLength(text)) % 8)) % 8)), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length, 0);
  return packSegments([deflatePart([len, json, ...chunks]), ...memory.parts]);
}

/** The state a checkpoint's bytes describe, built on `base` for a delta (null for a full one); null when damaged. A memory segment found damaged later throws when it is read. */
export function deserializeState(blob: Uint8Array, base: MachineState | null): MachineState | null {
  const parts = segmentsOf(blob);
  if (parts === null || parts.length < 1) return null;
  const raw = inflatePart(parts[0]!);
  if (raw === null || raw.length < 4) return null;
  try {
    const n = raw.readUInt32LE(0);
    const h = JSON.parse(raw.subarray(4, 4 + n).toString('utf8')) as Header;
    if (!h.full && !base) return null;
    let at = 4 + n;
    const s = h.full ? new MachineState() : base!;
    s.step = h.step;
    s.effectSeq = h.effectSeq;
    if (h.full) (s.host = new Pages()), (s.global = new Pages()), (s.constant = new Pages());
    if (deferMemory(s, h, parts, 1, h.step) !== parts.length) return null;
    s.hostRegs = regsIn(h.hostRegs);
    const hw = h.hostWarp;
    s.hostWarp = { step: hw.step, mask: hw.mask, loc: hw.loc, exited: hw.exited, frames: hw.frames, mark: -1 };
    if (h.launch) {
      const j = h.launch;
      const old = !h.full && s.launch?.id === j.id ? s.launch : null;
      // A delta moves its base's launch on in place: the base was built for this chain alone, and copying
      // its register and warp maps cost more than reading the delta.
      const L: LaunchState = old ?? newLaunch(j.id);
      // Pagers absent from the header were dropped (their warps returned); the rest take their written pages
      // (read from the base's maps before they are refilled, as L may be the base's own launch).
      const pager = (m: Map<number, Pages>) => ([k, keys]: [number, PagesJson]): [number, Pages] => {
        const p = m.get(k) ?? new Pages();
        at = pagesIn(raw, at, keys, p);
        return [k, p];
      };
      const shared = j.shared.map(pager(old?.shared ?? new Map()));
      const local = j.local.map(pager(old?.local ?? new Map()));
      L.shared.clear();
      L.local.clear();
      for (const [k, p] of shared) L.shared.set(k, p);
      for (const [k, p] of local) L.local.set(k, p);
      for (const k of j.regsGone) L.regs.remove(k);
      at = readRegs(raw, at, L);
      at = readWarps(raw, at, j.warps, L);
      L.live.clear();
      for (const [k, n] of j.live) L.live.set(k, n);
      s.launch = L;
    } else s.launch = null;
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
  c.host = s.host.clone();
  c.global = s.global.clone();
  c.constant = s.constant.clone();
  // The getter hands out a copy.
  c.hostRegs = s.hostRegs;
  const cw = (w: WarpState): WarpState => ({ ...w, frames: [...w.frames] });
  c.hostWarp = cw(s.hostWarp);
  const L = s.launch;
  if (L) {
    const n = newLaunch(L.id, L.regs.clone());
    for (const [k, p] of L.shared) n.shared.set(k, p.clone());
    for (const [k, p] of L.local) n.local.set(k, p.clone());
    for (const [k, w] of L.warps) n.warps.set(k, cw(w));
    // The copy's warpsDirty starts empty: no warp's mark is of its epoch.
    n.epoch = L.epoch + 1;
    for (const [k, v] of L.live) n.live.set(k, v);
    c.launch = n;
  }
  return c;
}

/** Appends the launch's register rows (every one when `full`, else those written since the last checkpoint) as a packed section (reg-rows.ts); returns the row count. */
function regsSection(L: LaunchState, full: boolean, chunks: Uint8Array[]): number {
  let warps: Map<number, Map<number, RegLanes>>;
  if (full) warps = new Map(L.regs);
  else {
    warps = new Map();
    const d = L.regsDirty;
    for (let i = 0; i < d.length; i += 2) {
      const lanes = L.regs.get(d[i]!)?.get(d[i + 1]!);
      if (!lanes) continue;
      let m = warps.get(d[i]!);
      if (!m) warps.set(d[i]!, (m = new Map()));
      m.set(d[i + 1]!, lanes);
    }
  }
  const section = encodeRows(warps);
  chunks.push(section);
  return new Uint32Array(section.buffer, section.byteOffset, 2)[1]!;
}

/** Takes the packed register section at `at` into the launch, where it lies (rows are decoded when their warp is read); returns the offset after it. */
function readRegs(raw: Buffer, at: number, L: LaunchState): number {
  const held = new HeldRows(raw.buffer, raw.byteOffset + at);
  L.regs.hold(held);
  return at + held.bytes;
}

/** Appends the launch's warps (every one when `full`, else those that moved) as float64 words: key, step, mask, loc, exited, frame count, then fn and fp per frame. Returns the word count. */
function warpsSection(L: LaunchState, full: boolean, chunks: Uint8Array[]): number {
  // In ascending key, behind an index of keys and starts: a reader finds a warp by binary search without scanning (warp-table.ts).
  const keys = (full ? [...L.warps.keys()] : [...L.warpsDirty]).filter((k) => L.warps.has(k)).sort((a, b) => a - b);
  const W = keys.length;
  let words = 1 + 2 * W;
  for (const k of keys) words += 6 + 2 * L.warps.get(k)!.frames.length;
  const a = new Float64Array(words);
  a[0] = W;
  let i = 1 + 2 * W;
  keys.forEach((k, ix) => {
    const w = L.warps.get(k)!;
    a[1 + ix] = k;
    a[1 + W + ix] = i;
    a[i++] = k;
    a[i++] = w.step;
    a[i++] = w.mask;
    a[i++] = w.loc;
    a[i++] = w.exited;
    a[i++] = w.frames.length;
    for (const f of w.frames) (a[i++] = f.fn), (a[i++] = f.fp);
  });
  chunks.push(new Uint8Array(a.buffer));
  return words;
}

/** Holds a warps section of `words` float64 words at `at` in the launch (warps are made when read); returns the offset after it. */
function readWarps(raw: Buffer, at: number, words: number, L: LaunchState): number {
  if (!L.warps.hold(new Float64Array(raw.buffer, raw.byteOffset + at, words))) throw new Error('a malformed warps section');
  return at + words * 8;
}
