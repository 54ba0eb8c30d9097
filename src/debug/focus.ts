import type { StepRow } from '../trace/reader.js';
import type { Focus } from './eval-context.js';

/*
 * Threads and warps named by statement rows and foci: which thread a row names, and whether a
 * row or a focus names the same warp or thread as another.
 */

/** The thread a statement row names (its lowest active lane). */
export function focusOf(row: StepRow, lane?: number): Focus {
  if (row.launch === 0) return { kind: 'host' };
  const l = lane ?? (row.mask === 0 ? 0 : 31 - Math.clz32(row.mask & -row.mask));
  return { kind: 'device', launch: row.launch, block: row.block, warp: row.warp, lane: l };
}

/** Whether a statement row is the focused warp's. */
export function sameWarp(row: StepRow, f: Focus): boolean {
  return f.kind === 'host' ? row.launch === 0 : row.launch === f.launch && row.block === f.block && row.warp === f.warp;
}

/** Whether two foci name the same thread. */
export function sameFocus(a: Focus, b: Focus): boolean {
  if (a.kind === 'host' || b.kind === 'host') return a.kind === b.kind;
  return a.launch === b.launch && a.block === b.block && a.warp === b.warp && a.lane === b.lane;
}
