import type { StepRow, Trace } from '../trace/reader.js';
import type { MachineState, RegValue, WarpState } from '../trace/state.js';
import { Cursor } from '../trace/cursor.js';
import { deviceResidency } from '../engine/runtime/timing.js';
import { findPreset, h100Preset } from '../engine/runtime/presets/index.js';
import { SHARED_BASE } from '../engine/memory/layout.js';

/*
 * Threads of resident blocks that have not run yet. On a GPU every block the device holds is
 * resident from the launch (or from the retirement that freed its slot) and all its threads
 * exist, standing at the kernel's entry; Warpscope's scheduler runs one warp at a time, so the
 * trace names a warp only once it has run. The trace records no admissions: residency is derived
 * as the engine admits blocks (exec/admission.ts, grid.ts): in grid order, as many at once as the
 * device holds (runtime/timing.ts deviceResidency), each retired block's slot going to the next
 * one. A warp of a resident block that the state does not hold yet stands where the launch's
 * first warp stood before its first statement: at that statement, in the kernel's frame, with
 * the kernel's parameters and every other register 0.
 */

/** What every thread of a launch holds at the kernel's entry, and how many blocks the device holds at once. */
interface Entry {
  /** The launch's first statement: where a thread that has not run stands. */
  readonly first: StepRow;
  readonly fn: number;
  readonly fp: number;
  /** The first thread's registers before its first statement: the kernel's parameters. */
  readonly regs: ReadonlyMap<number, RegValue>;
  readonly slots: number;
  readonly total: number;
  readonly tpb: number;
  /** Warps per block. */
  readonly nw: number;
}

const entries = new WeakMap<Trace, Map<number, Entry>>();

/** The entry of launch `id`; null when it ran no statement (or the trace lacks its start). */
function entryOf(trace: Trace, id: number): Entry | null {
  let known = entries.get(trace);
  if (!known) entries.set(trace, (known = new Map()));
  const kept = known.get(id);
  if (kept) return kept;
  const l = trace.launches().find((r) => r.launch_id === id);
  const first = l ? trace.stepRow(l.begin_step) : null;
  if (!l || !first || first.launch !== id) return null;
  // A cursor of its own: the session's stands at the stop, and moving it would throw away the state it holds.
  const st = new Cursor(trace).at(l.begin_step);
  const frame = st.launch?.id === id ? st.launch.warps.get(first.block * 64 + first.warp)?.frames[0] : undefined;
  if (!frame) return null;
  const tpb = l.block_x * l.block_y * l.block_z;
  const nw = Math.ceil(tpb / 32);
  const preset = findPreset(trace.meta.get('device') ?? 'h100') ?? h100Preset;
  // Static shared bytes as the engine counts them (rounded to 16): dynamic shared memory starts after them.
  const layout = trace.debugInfo()?.shared.find((s) => s.kernel === frame.fn);
  const shared = (layout ? layout.dynamic - SHARED_BASE : 0) + l.shared_bytes;
  const lane = first.mask === 0 ? 0 : 31 - Math.clz32(first.mask & -first.mask);
  const e: Entry = {
    first, fn: frame.fn, fp: frame.fp, regs: st.registersOf(id, first.block, first.warp, lane),
    slots: deviceResidency(preset.timing, preset.sm, nw, shared), total: l.grid_x * l.grid_y * l.grid_z, tpb, nw,
  };
  known.set(id, e);
  return e;
}

const residency = new WeakMap<MachineState, { step: number; seq: number; id: number; blocks: ReadonlySet<number> }>();

/** The blocks of launch `id` resident in state `st` (none when another launch, or none, runs there). */
export function residentBlocks(trace: Trace, st: MachineState, id: number): ReadonlySet<number> {
  const L = st.launch;
  if (!L || L.id !== id) return new Set();
  const kept = residency.get(st);
  if (kept && kept.step === st.step && kept.seq === st.effectSeq && kept.id === id) return kept.blocks;
  const e = entryOf(trace, id);
  const gone = new Map<number, number>();
  const started = new Set<number>();
  for (const [k, w] of L.warps) {
    const b = Math.floor(k / 64);
    started.add(b);
    if (w.step >= 0 && w.frames.length === 0) gone.set(b, (gone.get(b) ?? 0) + 1);
  }
  // A block is retired once all its warps returned; each retired block handed its slot to the next block of the grid.
  const retired = new Set([...gone].filter(([, n]) => e !== null && n >= e.nw).map(([b]) => b));
  const blocks = new Set<number>();
  // Without the launch's entry (no statement of it in the trace), only the blocks that ran.
  const admitted = e ? Math.min(e.total, retired.size + e.slots) : 0;
  for (let b = 0; b < admitted; b++) if (!retired.has(b)) blocks.add(b);
  for (const b of started) if (!retired.has(b)) blocks.add(b);
  residency.set(st, { step: st.step, seq: st.effectSeq, id, blocks });
  return blocks;
}

/** Whether warp `warp` of block `block` stands at the kernel's entry without having run: its block is resident and the state has no statement of it. */
function unstarted(trace: Trace, st: MachineState, id: number, block: number, warp: number): Entry | null {
  const e = entryOf(trace, id);
  if (!e || warp * 32 >= e.tpb || !residentBlocks(trace, st, id).has(block)) return null;
  const w = st.launch!.warps.get(block * 64 + warp);
  return !w || w.step < 0 ? e : null;
}

/** A warp of the running launch in state `st`: the state's own, or for a warp of a resident block that has not run, one at the kernel's entry. */
export function warpAt(trace: Trace, st: MachineState, id: number, block: number, warp: number): WarpState | undefined {
  const w = st.launch?.id === id ? st.launch.warps.get(block * 64 + warp) : undefined;
  if (w) return w;
  const e = unstarted(trace, st, id, block, warp);
  if (!e) return undefined;
  const n = Math.min(32, e.tpb - warp * 32);
  return { step: -1, mask: n === 32 ? 0xffffffff : (1 << n) - 1, loc: e.first.loc, exited: 0, frames: [{ fn: e.fn, fp: e.fp }], mark: -1 };
}

/** The statement a warp that has not run stands at (the launch's first, as its own); null for any other warp. */
export function entryRow(trace: Trace, st: MachineState, id: number, block: number, warp: number): StepRow | null {
  const e = unstarted(trace, st, id, block, warp);
  if (!e) return null;
  const n = Math.min(32, e.tpb - warp * 32);
  return { ...e.first, block, warp, mask: n === 32 ? 0xffffffff : (1 << n) - 1, exited: 0, depth: 1 };
}

/** The registers of a thread that has not run (its kernel's parameters); null for any other thread. */
export function entryRegisters(trace: Trace, st: MachineState, id: number, block: number, warp: number): ReadonlyMap<number, RegValue> | null {
  return unstarted(trace, st, id, block, warp)?.regs ?? null;
}
