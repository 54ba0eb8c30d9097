import { Pages, PAGE_BYTES } from './pages.js';
import { MachineState, newLaunch, newLanes, LANES_BYTES, type LaunchState, type RegValue, type WarpState } from './state.js';
import { deflate, inflate } from './codec.js';

/*
 * Checkpoints: a MachineState as bytes. A JSON header (registers, warps, which pages) is
 * followed by the pages' bytes in header order; the whole is deflated. A full checkpoint holds
 * every page; a delta holds the pages written since the checkpoint before it (registers and
 * warps, which are small, are always whole), so frequent checkpoints stay cheap.
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
    readonly warps: [number, WarpState][];
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
      warps: (full ? [...L.warps.keys()] : [...L.warpsDirty]).flatMap((k) => (L.warps.has(k) ? [[k, L.warps.get(k)!] as [number, WarpState]] : [])),
      live: [...L.live],
    },
  };
  if (L) {
    L.regsDirty.length = 0;
    L.regsGone.clear();
    L.warpsDirty.clear();
  }
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length, 0);
  return deflate(Buffer.concat([len, json, ...chunks]));
}

/** Whether a checkpoint's bytes hold a full state (else a delta on the checkpoint before it); null when damaged. */
export function isFull(blob: Uint8Array): boolean | null {
  const raw = inflate(blob);
  if (raw === null || raw.length < 4) return null;
  return raw.subarray(4, 16).toString('utf8').startsWith('{"full":true');
}

/** The state a checkpoint's bytes describe, built on `base` for a delta (null for a full one); null when damaged. */
export function deserializeState(blob: Uint8Array, base: MachineState | null): MachineState | null {
  const raw = inflate(blob);
  if (raw === null || raw.length < 4) return null;
  try {
    const n = raw.readUInt32LE(0);
    const h = JSON.parse(raw.subarray(4, 4 + n).toString('utf8')) as Header;
    if (!h.full && !base) return null;
    let at = 4 + n;
    const pagesIn = (keys: PagesJson, into: Pages | undefined): Pages => {
      const p = into ?? new Pages();
      for (const k of keys) {
        p.put(k, new Uint8Array(raw.subarray(at, at + PAGE_BYTES)));
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
      // Pagers absent from the header were dropped (their warps returned); the rest take their written pages.
      const L: LaunchState = newLaunch(j.id);
      for (const [k, p] of j.shared) L.shared.set(k, pagesIn(p, old?.shared.get(k)));
      for (const [k, p] of j.local) L.local.set(k, pagesIn(p, old?.local.get(k)));
      if (old) {
        for (const [k, r] of old.regs) L.regs.set(k, r);
        for (const [k, w] of old.warps) L.warps.set(k, w);
      }
      for (const k of j.regsGone) L.regs.delete(k);
      at = readRegs(raw, at, j.regs, L);
      for (const [k, w] of j.warps) L.warps.set(k, w);
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
    const slab = new ArrayBuffer(count * LANES_BYTES);
    const bytes = new Uint8Array(slab);
    let at = 0;
    for (const [k, m] of L.regs) {
      const copy = new Map<number, ReturnType<typeof newLanes>>();
      for (const [x, lanes] of m) {
        bytes.set(new Uint8Array(lanes.f.buffer, lanes.f.byteOffset, LANES_BYTES), at);
        copy.set(x, newLanes(slab, at));
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
  const rows: [number, number][] = [];
  if (full) {
    for (const [w, m] of L.regs) for (const k of m.keys()) rows.push([w, k]);
  } else {
    const d = L.regsDirty;
    for (let i = 0; i < d.length; i += 2) if (L.regs.get(d[i]!)?.has(d[i + 1]!)) rows.push([d[i]!, d[i + 1]!]);
  }
  const n = rows.length;
  const buf = new ArrayBuffer(n * ROW);
  const keys = new Float64Array(buf, 0, 2 * n);
  const bytes = new Uint8Array(buf);
  rows.forEach(([w, k], r) => {
    const lanes = L.regs.get(w)!.get(k)!;
    lanes.dirty = false;
    keys[2 * r] = w;
    keys[2 * r + 1] = k;
    bytes.set(new Uint8Array(lanes.f.buffer, lanes.f.byteOffset, LANES_BYTES), 16 * n + r * LANES_BYTES);
  });
  for (const m of L.regs.values()) for (const lanes of m.values()) lanes.dirty = false;
  chunks.push(bytes);
  return n;
}

/** Bytes of one register entry: warp key and fnVar (f64 each), 32 lanes of 8 bytes, 32 tags. */
const ROW = 16 + LANES_BYTES;

/** Reads `n` register entries at `at` into the launch; returns the offset after them. */
function readRegs(raw: Buffer, at: number, n: number, L: LaunchState): number {
  const buf = new ArrayBuffer(n * ROW);
  const bytes = new Uint8Array(buf);
  bytes.set(raw.subarray(at, at + n * ROW));
  const keys = new Float64Array(buf, 0, 2 * n);
  // The lanes live where the section put them: one buffer for all, no copy per entry.
  for (let r = 0; r < n; r++) {
    let m = L.regs.get(keys[2 * r]!);
    if (!m) L.regs.set(keys[2 * r]!, (m = new Map()));
    m.set(keys[2 * r + 1]!, newLanes(buf, 16 * n + r * LANES_BYTES));
  }
  return at + n * ROW;
}

