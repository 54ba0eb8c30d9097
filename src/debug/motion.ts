import type { Trace, StepRow } from '../trace/reader.js';
import { EFFECT } from '../trace/schema.js';
import type { DecodedEffects } from '../trace/codec.js';

/*
 * Walking a trace's steps forward and backward, with the effects made during each step at hand
 * (watchpoints look at them). The walker never rebuilds machine state; callers do that only
 * where a stop is possible.
 */

/** One effect seen while walking: its chunk and row, and its number in the trace. */
export interface EffectRef {
  readonly d: DecodedEffects;
  readonly i: number;
  readonly seq: number;
}

/**
 * Steps from `from` upward while `limit()` allows; `visit` returns true to stop there, given the
 * effects of the statement before (frame enters and leaves too: a watched frame ends at one). Returns the
 * step it stopped at, or null at the limit. `fromSeq`: the first effect of step from - 1 to show
 * (the program stands inside that statement).
 */
export function walkForward(trace: Trace, from: number, limit: () => number, visit: (row: StepRow, effectsBefore: readonly EffectRef[]) => boolean, fromSeq: number | null = null): number | null {
  let eseq = fromSeq ?? firstEffectAtOrAfter(trace, from - 1);
  for (let s = from; s < limit(); s++) {
    const row = trace.stepRow(s);
    if (!row) return null;
    // Effects of statement s-1: what happened just before stopping at s.
    const fx: EffectRef[] = [];
    for (;;) {
      const at = trace.locateEffect(eseq);
      if (!at) break;
      const d = trace.effectChunk(at.chunk);
      const st = d.step[at.row]!;
      if (st > s - 1) break;
      if (st === s - 1) fx.push({ d, i: at.row, seq: eseq });
      eseq++;
    }
    if (visit(row, fx)) return s;
  }
  return null;
}

/** Steps from `from` downward to 0; `visit` returns true to stop there. */
export function walkBackward(trace: Trace, from: number, visit: (row: StepRow) => boolean): number | null {
  for (let s = from; s >= 0; s--) {
    const row = trace.stepRow(s);
    if (row && visit(row)) return s;
  }
  return null;
}

/** The effects made during step `step` (from effect number `fromSeq` on, when the program stands inside it). */
export function effectsOfStep(trace: Trace, step: number, fromSeq: number | null = null): EffectRef[] {
  const out: EffectRef[] = [];
  for (let seq = fromSeq ?? firstEffectAtOrAfter(trace, step); ; seq++) {
    const at = trace.locateEffect(seq);
    if (!at) break;
    const d = trace.effectChunk(at.chunk);
    if (d.step[at.row]! !== step) break;
    out.push({ d, i: at.row, seq });
  }
  return out;
}

/** The number of the first effect made at or after `step`. */
export function firstEffectAtOrAfter(trace: Trace, step: number): number {
  const chunks = trace.effectChunks;
  let lo = 0;
  let hi = chunks.length - 1;
  let c = chunks.length;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (chunks[mid]!.lastStep >= step) (c = mid), (hi = mid - 1);
    else lo = mid + 1;
  }
  if (c === chunks.length) return trace.effectCount();
  // Effects are in step order: the first of the chunk at or after `step`, by bisection.
  const d = trace.effectChunk(c);
  let a = 0;
  let b = d.count;
  while (a < b) {
    const m = (a + b) >> 1;
    if (d.step[m]! < step) a = m + 1;
    else b = m;
  }
  return chunks[c]!.first + a;
}

/** A place inside a statement: effect number `seq` of step `step` is the next to happen. */
export interface Cut {
  readonly step: number;
  readonly seq: number;
}

/**
 * Where the warp's activation `outward` frames out from its innermost began: just before its
 * enter row, in the middle of the caller's statement (a reverse motion that leaves the frame
 * stops there, as gdb's stops at the call). Searches back from effect number `before`; null for
 * an activation entered before the trace's first effect.
 */
export function activationStart(trace: Trace, warp: { readonly launch: number; readonly block: number; readonly warp: number }, before: number, outward = 0): Cut | null {
  let open = 0;
  let skip = outward;
  for (let c = trace.effectChunks.length - 1; c >= 0; c--) {
    const ix = trace.effectChunks[c]!;
    if (ix.first >= before) continue;
    const d = trace.effectChunk(c);
    for (let i = Math.min(d.count, before - ix.first) - 1; i >= 0; i--) {
      const k = d.kind[i]!;
      if ((k !== EFFECT.enter && k !== EFFECT.leave) || d.launch[i] !== warp.launch || d.block[i] !== warp.block || d.warp[i] !== warp.warp) continue;
      // Going back, a leave opens a callee that returned, its enter closes it again.
      if (k === EFFECT.leave) open++;
      else if (open > 0) open--;
      else if (skip > 0) skip--;
      else return { step: d.step[i]!, seq: ix.first + i };
    }
  }
  return null;
}
