import type { DebugSession } from './session.js';
import { returned } from './eval-context.js';

/*
 * cuda-gdb single-steps one warp; stepping it over a __syncthreads makes it step the block's other
 * warps too, and it says so before the stop: `warning: Warp(s) other than the current warp had to
 * be single-stepped:0x00000000000000fd` (the block's other live warps, whether they were at the
 * barrier already or not, as the H100 showed). A block of one warp has none to name.
 */

/** cuda-gdb's warning when the focused warp passed a barrier between steps `from` and `to`; '' when it did not, or its block has no other live warp. */
export function barrierStepWarning(s: DebugSession, from: number, to: number): string {
  const f = s.focus;
  if (f.kind !== 'device') return '';
  const t = s.trace!;
  let passed = false;
  for (const st of t.barriers().arrivalSteps()) {
    if (st < from || st >= to) continue;
    const r = t.stepRow(st);
    if (r && r.launch === f.launch && r.block === f.block && r.warp === f.warp) {
      passed = true;
      break;
    }
  }
  const l = s.view!.launch(f.launch);
  if (!passed || !l) return '';
  const state = s.stateAt(to, null);
  let mask = 0n;
  for (let w = 0; w * 32 < s.view!.threadsPerBlock(l); w++) {
    const ws = state.launch?.id === f.launch ? state.launch.warps.get(f.block * 64 + w) : undefined;
    if (w !== f.warp && !(ws && returned(ws))) mask |= 1n << BigInt(w);
  }
  return mask === 0n ? '' : `warning: Warp(s) other than the current warp had to be single-stepped:0x${mask.toString(16).padStart(16, '0')}\n`;
}
