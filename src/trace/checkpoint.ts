import { Pages, PAGE_BYTES } from './pages.js';
import { MachineState, type LaunchState, type RegValue, type WarpState } from './state.js';
import { deflate, inflate } from './codec.js';

/*
 * Checkpoints: a MachineState as bytes. A JSON header (registers, warps, which pages) is
 * followed by the pages' bytes in header order; the whole is deflated.
 */

type RegsJson = [number, number | string][];
type PagesJson = number[];

interface Header {
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
    readonly regs: [number, RegsJson][];
    readonly warps: [number, WarpState][];
  };
}

const regsOut = (m: Map<number, RegValue>): RegsJson => [...m].map(([k, v]) => [k, typeof v === 'bigint' ? `${v}` : v]);
const regsIn = (j: RegsJson): Map<number, RegValue> => new Map(j.map(([k, v]) => [k, typeof v === 'string' ? BigInt(v) : v]));

/** The deflated bytes of `s`. */
export function serializeState(s: MachineState): Buffer {
  const chunks: Uint8Array[] = [];
  const pagesOut = (p: Pages): PagesJson => {
    const keys = [...p.pages.keys()];
    for (const k of keys) chunks.push(p.pages.get(k)!);
    return keys;
  };
  const L = s.launch;
  const header: Header = {
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
      regs: [...L.regs].map(([k, m]) => [k, regsOut(m)]),
      warps: [...L.warps],
    },
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length, 0);
  return deflate(Buffer.concat([len, json, ...chunks]));
}

/** The MachineState of a checkpoint's bytes; null when they are damaged. */
export function deserializeState(blob: Uint8Array): MachineState | null {
  const raw = inflate(blob);
  if (raw === null || raw.length < 4) return null;
  try {
    const n = raw.readUInt32LE(0);
    const h = JSON.parse(raw.subarray(4, 4 + n).toString('utf8')) as Header;
    let at = 4 + n;
    const pagesIn = (keys: PagesJson): Pages => {
      const p = new Pages();
      for (const k of keys) {
        p.pages.set(k, new Uint8Array(raw.subarray(at, at + PAGE_BYTES)));
        at += PAGE_BYTES;
      }
      return p;
    };
    const s = new MachineState();
    s.step = h.step;
    s.effectSeq = h.effectSeq;
    s.host = pagesIn(h.host);
    s.global = pagesIn(h.global);
    s.constant = pagesIn(h.constant);
    s.hostRegs = regsIn(h.hostRegs);
    s.hostWarp = h.hostWarp;
    if (h.launch) {
      const j = h.launch;
      const L: LaunchState = {
        id: j.id,
        shared: new Map(j.shared.map(([k, p]) => [k, pagesIn(p)])),
        local: new Map(j.local.map(([k, p]) => [k, pagesIn(p)])),
        regs: new Map(j.regs.map(([k, r]) => [k, regsIn(r)])),
        warps: new Map(j.warps),
      };
      s.launch = L;
    }
    if (at !== raw.length) return null;
    return s;
  } catch {
    return null;
  }
}

/** A deep copy of a state (the reader keeps decoded checkpoints and moves copies of them). */
export function cloneState(s: MachineState): MachineState {
  const c = new MachineState();
  c.step = s.step;
  c.effectSeq = s.effectSeq;
  c.host = s.host.clone();
  c.global = s.global.clone();
  c.constant = s.constant.clone();
  c.hostRegs = new Map(s.hostRegs);
  const cw = (w: WarpState): WarpState => ({ ...w, frames: [...w.frames] });
  c.hostWarp = cw(s.hostWarp);
  const L = s.launch;
  if (L) {
    c.launch = {
      id: L.id,
      shared: new Map([...L.shared].map(([k, p]) => [k, p.clone()])),
      local: new Map([...L.local].map(([k, p]) => [k, p.clone()])),
      regs: new Map([...L.regs].map(([k, m]) => [k, new Map(m)])),
      warps: new Map([...L.warps].map(([k, w]) => [k, cw(w)])),
    };
  }
  return c;
}
