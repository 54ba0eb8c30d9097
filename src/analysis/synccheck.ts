import type { WarpCtx } from '../engine/exec/warp.js';
import type { Dim3 } from '../engine/exec/env.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { DeadlockEvent, LaunchEvent } from '../engine/runtime/listener.js';
import { Analysis, siteOf } from './base.js';

/*
 * synccheck: a __syncthreads that only part of a warp's live threads reach (each thread that
 * reached it is reported, as compute-sanitizer does), and a __syncwarp whose mask leaves out the
 * thread calling it. Where a GPU would hang on such a barrier, the launch is ended as failed
 * (cudaErrorLaunchFailure) so the program finishes; a hang no divergence explains is reported as
 * a deadlock. Masks naming lanes that have exited or are elsewhere are not errors: the H100's
 * synccheck accepts them (test/sanitizer/syncwarp_mask).
 */

const LAUNCH_FAILURE = 719;

/** The synccheck analysis. */
export class Synccheck extends Analysis {
  /** The latest barrier arrival, checked when its warp's turn ends (the event that names the warp's context). */
  private arrival: { block: Dim3; warp: number; mask: number; loc: SourceLoc } | null = null;
  private divergedThisLaunch = false;

  override launch(e: LaunchEvent): void {
    super.launch(e);
    // The 'end' event comes before the engine asks about a hang, so only a new launch forgets.
    if (e.phase === 'begin') this.divergedThisLaunch = false;
  }

  barrier(kind: 'arrive' | 'release', block: Dim3, warp: number, mask: number, loc: SourceLoc): void {
    if (kind === 'arrive') this.arrival = { block, warp, mask, loc };
  }

  turnEnd(W: WarpCtx): void {
    const a = this.arrival;
    this.arrival = null;
    if (a === null || a.warp !== W.id || a.block.x !== W.bx || a.block.y !== W.by || a.block.z !== W.bz) return;
    const live = W.lanes & ~W.exited;
    if ((a.mask & live) === live) return;
    this.divergedThisLaunch = true;
    for (let m = a.mask & live; m !== 0; m &= m - 1) {
      const lane = 31 - Math.clz32(m & -m);
      this.report({ kind: 'barrier-divergence', ...siteOf(W, lane, this.kernel, a.loc) }, W, lane);
    }
  }

  warpSync(W: WarpCtx, active: number, masks: ArrayLike<number>, loc: SourceLoc): void {
    for (let m = active; m !== 0; m &= m - 1) {
      const lane = 31 - Math.clz32(m & -m);
      const mask = masks[lane]! | 0;
      if (((mask >>> lane) & 1) === 0) this.report({ kind: 'invalid-warp-sync', mask, ...siteOf(W, lane, this.kernel, loc) }, W, lane);
    }
  }

  deadlock(e: DeadlockEvent): number {
    // A divergent barrier already explains the hang; anything else is reported as the deadlock it is.
    if (!this.divergedThisLaunch) this.report({ kind: 'deadlock', kernel: e.kernel, file: e.loc.file, line: e.loc.line, detail: e.detail }, null, 0);
    return LAUNCH_FAILURE;
  }
}
