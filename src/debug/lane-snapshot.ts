import type { DebugSession } from './session.js';
import { returned } from './eval-context.js';
import { barrierStep, current, lanesOf } from './info-cuda.js';
import { sanitizerStops } from './sanitize/commands.js';
import { faultStops } from './fault-stop.js';
import type { LaunchState } from '../trace/state.js';
import { BLOCK_STATE, MASK, MAX_DETAIL_WARPS, WARP_WORDS, detailIndex, mergeRanges, toBase64, type BlockRange, type LaneSnapshot, type LaunchLayout } from '../protocol/views.js';

/*
 * Every lane's state at the current stop, packed for the grid view: five masks per warp
 * (active, divergent, at a barrier, exited, faulted) derived as `info cuda warps` derives them,
 * and one summary byte per block. Warps are visited once each; nothing is made per thread.
 */

/** The running launch at the stop: one whose warps have not all returned (as `info cuda` sees it). */
function runningLaunch(s: DebugSession): LaunchState | null {
  if (s.pos === null || !s.trace || !s.view) return null;
  const L = s.state().launch;
  return L && [...L.warps.values()].some((w) => !returned(w)) ? L : null;
}

/** The running launch's shape, or null. */
export function launchLayout(s: DebugSession): LaunchLayout | null {
  const L = runningLaunch(s);
  const l = L ? s.view!.launch(L.id) : null;
  if (!L || !l) return null;
  const threadsPerBlock = s.view!.threadsPerBlock(l);
  return {
    launch: L.id,
    kernel: l.kernel,
    grid: { x: l.grid_x, y: l.grid_y, z: l.grid_z },
    block: { x: l.block_x, y: l.block_y, z: l.block_z },
    blocks: l.grid_x * l.grid_y * l.grid_z,
    threadsPerBlock,
    warpsPerBlock: Math.ceil(threadsPerBlock / 32),
  };
}

/** What the masks of a stop depend on beyond a warp's own state: who waits at a barrier, who faulted. */
interface StopFacts {
  readonly waiting: ReadonlyMap<number, number>;
  readonly faulted: ReadonlyMap<number, number>;
}

function factsOf(s: DebugSession, L: LaunchState): StopFacts {
  const faulted = new Map<number, number>();
  // A sanitizer stop's lanes are the faulted ones (memcheck's lane exception).
  if (s.sanitizerStop === s.pos) for (const r of sanitizerStops(s).get(s.pos!) ?? []) if (r.launch === L.id) faulted.set(r.block * 64 + r.warp, (faulted.get(r.block * 64 + r.warp) ?? 0) | (1 << r.lane));
  // A kernel fault's thread likewise (a warp exception, blamed on the lane the engine names).
  const f = s.faultStop === s.pos ? faultStops(s).get(s.pos!) : undefined;
  if (f && f.launch === L.id) faulted.set(f.block * 64 + f.warp, (faulted.get(f.block * 64 + f.warp) ?? 0) | (1 << f.lane));
  return { waiting: s.trace!.barriers().waiting(L.id, barrierStep(s)), faulted };
}

/** One started warp's masks (WARP_WORDS words). */
function masksOf(s: DebugSession, L: LaunchState, layout: LaunchLayout, key: number, facts: StopFacts): Uint32Array {
  const ws = current(s, L.id, Math.floor(key / 64), key % 64, L.warps.get(key))!;
  const all = lanesOf(layout.threadsPerBlock, key % 64);
  const m = new Uint32Array(WARP_WORDS);
  const bar = (facts.waiting.get(key) ?? 0) & all;
  const exited = ws.exited & all;
  // As `info cuda warps` has it: a warp waiting at a barrier has no active lanes.
  const active = bar ? 0 : ws.mask & ~ws.exited & all;
  m[MASK.active] = active;
  m[MASK.barrier] = bar;
  m[MASK.exited] = exited;
  m[MASK.divergent] = all & ~exited & ~active & ~bar;
  m[MASK.faulted] = (facts.faulted.get(key) ?? 0) & all;
  return m;
}

/** The masks of warp `warp` of block `block` at the stop; null when it has not started (or no kernel runs). */
export function warpLaneMasks(s: DebugSession, layout: LaunchLayout, block: number, warp: number): Uint32Array | null {
  const L = runningLaunch(s);
  if (!L || L.id !== layout.launch || !L.warps.has(block * 64 + warp)) return null;
  return masksOf(s, L, layout, block * 64 + warp, factsOf(s, L));
}

/** A block's summary from the OR of its warps' masks and whether all of its warps started. */
function summary(or: Uint32Array, allStarted: boolean): number {
  if (or[MASK.faulted]) return BLOCK_STATE.faulted;
  if (or[MASK.active]) return BLOCK_STATE.active;
  if (or[MASK.barrier]) return BLOCK_STATE.barrier;
  if (or[MASK.divergent]) return BLOCK_STATE.divergent;
  if (!allStarted) return BLOCK_STATE.unstarted;
  return BLOCK_STATE.exited;
}

/** `ranges` merged, within the launch's blocks, and cut to at most `most` blocks in all (the first ones kept). */
function detailRanges(ranges: readonly BlockRange[], blocks: number, most: number): BlockRange[] {
  const out: BlockRange[] = [];
  let left = most;
  for (const r of mergeRanges(ranges)) {
    const first = Math.min(r.first, blocks);
    const count = Math.max(0, Math.min(r.count, blocks - first, left));
    if (count > 0) out.push({ first, count });
    left -= count;
  }
  return out;
}

/** Lane states at the stop: all blocks summarised, the blocks of `ranges` detailed (at most MAX_DETAIL_WARPS warps in all). */
export function laneSnapshot(s: DebugSession, layout: LaunchLayout, ranges: readonly BlockRange[]): LaneSnapshot | null {
  const L = runningLaunch(s);
  if (!L || L.id !== layout.launch) return null;
  const facts = factsOf(s, L);
  const wpb = layout.warpsPerBlock;
  const detailed = detailRanges(ranges, layout.blocks, Math.floor(MAX_DETAIL_WARPS / wpb));
  const detail = new Uint32Array(detailed.reduce((n, r) => n + r.count, 0) * wpb * WARP_WORDS);
  // Blocks with a started warp, their masks ORed, and how many of their warps started.
  const ors = new Map<number, Uint32Array>();
  const started = new Map<number, number>();
  for (const key of L.warps.keys()) {
    const m = masksOf(s, L, layout, key, facts);
    const b = Math.floor(key / 64);
    let or = ors.get(b);
    if (!or) ors.set(b, (or = new Uint32Array(WARP_WORDS)));
    for (let k = 0; k < WARP_WORDS; k++) or[k]! |= m[k]!;
    started.set(b, (started.get(b) ?? 0) + 1);
    const at = detailIndex(detailed, b);
    if (at >= 0) detail.set(m, (at * wpb + (key % 64)) * WARP_WORDS);
  }
  const blocks = new Uint8Array(layout.blocks);
  for (const [b, or] of ors) if (b < blocks.length) blocks[b] = summary(or, started.get(b) === wpb);
  return { step: s.pos!, launch: L.id, blockStates: toBase64(blocks), ranges: detailed, warps: toBase64(new Uint8Array(detail.buffer)) };
}
