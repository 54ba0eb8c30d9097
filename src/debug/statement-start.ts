import type { StepRow, Trace } from '../trace/reader.js';
import { EFFECT } from '../trace/schema.js';
import type { ProgramView } from './program-view.js';
import { effectsOfStep } from './motion.js';

/*
 * A declaration that copies a struct's value (`vec2 v = add(a, b);`, `Box local = bx;`) is
 * recorded as two steps at the declarator's place: the object's declaration, then the copy. The
 * compiled code has one line-table entry there, so gdb's breakpoint on the line is hit once and
 * a reverse step stops before the first step, where the line starts.
 */

const sites = new WeakMap<ProgramView, ReadonlySet<string>>();

/** The places where a function's variable is declared, as `file:line:col`. */
function declarationSites(view: ProgramView): ReadonlySet<string> {
  let set = sites.get(view);
  if (!set) {
    set = new Set(view.info.functions.flatMap((f) => f.vars.map((v) => `${f.file}:${v.line}:${v.col}`)));
    sites.set(view, set);
  }
  return set;
}

/**
 * How far back a warp's previous statement is looked for. The two steps of a declaration are
 * usually adjacent (a warp runs on until it waits); checking every warp's arrival at a
 * breakpoint must not scan a large grid's whole round of warps each time.
 */
const LOOKBACK = 4096;

/** The warp's statement before `row` (the host thread's, for a host row); null when `row` is its first or lies beyond LOOKBACK. */
function previousOfWarp(trace: Trace, row: StepRow): StepRow | null {
  for (let s = row.step - 1; s >= 0 && s >= row.step - LOOKBACK; s--) {
    const p = trace.stepRow(s);
    if (p && p.launch === row.launch && p.block === row.block && p.warp === row.warp) return p;
  }
  return null;
}

/**
 * Whether `row` goes on with its warp's previous statement rather than arriving at a new one: the
 * second step of a declaration recorded as two. A loop that comes back to its test, or a function
 * entered again at its first declaration, arrives anew (they are not declarations, or a frame
 * event lies between).
 */
export function continuesStatement(trace: Trace, view: ProgramView, row: StepRow): boolean {
  const loc = trace.loc(row.loc);
  if (!declarationSites(view).has(`${loc.file}:${loc.line}:${loc.col}`)) return false;
  const prev = previousOfWarp(trace, row);
  if (!prev || prev.loc !== row.loc || prev.depth !== row.depth) return false;
  const framed = effectsOfStep(trace, prev.step).some(({ d, i }) => (d.kind[i] === EFFECT.enter || d.kind[i] === EFFECT.leave) && d.launch[i] === row.launch && d.block[i] === row.block && d.warp[i] === row.warp);
  return !framed;
}
