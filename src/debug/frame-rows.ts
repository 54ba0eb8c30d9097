import type { StepRow, Trace } from '../trace/reader.js';
import type { MachineState, RegValue, WarpState } from '../trace/state.js';
import type { Focus } from './eval-context.js';
import { sameWarp } from './focus.js';
import { entryRow, warpAt } from './resident.js';

/*
 * Where the focused warp's frames stand in the trace: the statement each frame stands at (a
 * caller at its call), the warp's reconstructed state, and the registers of an outer activation
 * of a recursive function. The session answers its frame questions with these.
 */

/** What the frame walk reads of a session: its trace, and the machine state before a step (inside the statement before it at `cut`; the session's own cut when left out). */
export interface StateSource {
  readonly trace: Trace | null;
  stateAt(step: number, cut?: number | null): MachineState;
}

/** The focused warp's reconstructed state at `step` (inside the statement before it at `cut`); a warp of a resident block that has not run stands at the kernel's entry (resident.ts). */
export function warpStateAt(s: StateSource, step: number, focus: Focus, cut: number | null): WarpState | null {
  const st = s.stateAt(step, cut);
  return (focus.kind === 'host' ? st.hostWarp : warpAt(s.trace!, st, focus.launch, focus.block, focus.warp)) ?? null;
}

/** The statement of `row`'s warp that called the function `row` runs in: its latest earlier one of less depth. */
function callerRow(t: Trace, row: StepRow): StepRow | null {
  for (let st = row.step - 1; st >= 0; st--) {
    const r = t.stepRow(st)!;
    if (r.launch === row.launch && r.block === row.block && r.warp === row.warp && r.depth < row.depth) return r;
  }
  return null;
}

/**
 * The statement the focused warp stands at: `step` itself when it is the focused warp's, else
 * its latest statement before `step`, or the caller's statement when a return within that one
 * left the warp in its caller (a call stands at its call).
 */
export function focusRowAt(s: StateSource, step: number, focus: Focus, cut: number | null): StepRow | null {
  const t = s.trace!;
  const here = t.stepRow(step);
  if (here && sameWarp(here, focus) && cut === null) return here;
  const w = warpStateAt(s, step, focus, cut);
  // A device warp that has run no statement stands at the kernel's first one.
  if (w && w.step < 0 && focus.kind === 'device') return entryRow(t, s.stateAt(step, cut), focus.launch, focus.block, focus.warp) ?? here;
  if (!w || w.step < 0) return here;
  let row = t.stepRow(w.step);
  const depth = w.frames.length;
  while (row && depth > 0 && row.depth > depth) row = callerRow(t, row);
  return row;
}

/** The statement each frame of the focused warp stands at, innermost first: a caller stands at its call. */
export function frameRowsAt(s: StateSource, step: number, focus: Focus, cut: number | null): StepRow[] {
  const row = focusRowAt(s, step, focus, cut);
  if (!row) return [];
  const depth = warpStateAt(s, step, focus, cut)?.frames.length ?? 0;
  const out = [row];
  let at: StepRow | null = row;
  while (out.length < depth && (at = callerRow(s.trace!, at)) !== null) out.push(at);
  return out;
}

/**
 * The registers of an outer frame whose function also runs in an inner frame (recursion): the
 * trace keeps one set per function and thread, the innermost activation's, so the outer one's
 * are those it had when it made its call (at `row`).
 */
export function savedRegisters(s: StateSource, step: number, focus: Focus, frameIndex: number, row: StepRow, cut: number | null): ReadonlyMap<number, RegValue> | null {
  const frames = warpStateAt(s, step, focus, cut)?.frames ?? [];
  const fn = frames[frames.length - 1 - frameIndex]?.fn;
  if (fn === undefined || !frames.slice(frames.length - frameIndex).some((f) => f.fn === fn)) return null;
  const st = s.stateAt(row.step);
  const out = new Map<number, RegValue>();
  const regs = focus.kind === 'host' ? st.hostRegs : st.registersOf(focus.launch, focus.block, focus.warp, focus.lane);
  for (const [k, v] of regs) if (k >>> 16 === fn) out.set(k, v);
  return out;
}
