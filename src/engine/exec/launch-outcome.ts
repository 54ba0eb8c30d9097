import type { SourceLoc } from '../front/token.js';
import { SimulatorError, StackOverflow, isStackExhausted, type Dim3 } from './env.js';
import { MemoryFault, type MemSpace } from '../memory/fault.js';
import { StepLimitError, type WarpCtx } from './warp.js';
import { deadlockDetail, firstBarrierLoc, threadsOf, type ResidentBlock } from './block.js';

/*
 * How a launch ends, and how what a warp threw becomes that ending: the turn loops (grid.ts)
 * catch, this module decides which throws are the program's doing (faults, asserts, hangs) and
 * which are the simulator's own to rethrow.
 */

/** How a launch ended. */
export type LaunchOutcome =
  | { kind: 'ok' }
  | { kind: 'fault'; code: number; message: string; loc: SourceLoc; block: Dim3; thread: Dim3; address?: number; space?: MemSpace }
  | { kind: 'barrier-deadlock'; loc: SourceLoc; detail: string }
  /** Stopped as a GPU would hang: at --max-steps (`idle`: blocks started when warps that ran no statement used up the budget), or `spin`ning with no way out. */
  | { kind: 'step-limit'; steps: number; idle?: number; spin?: { loc: SourceLoc; detail: string } };

/** Thrown by device assert: CUDA error 710 after the message is printed. */
export class DeviceAssert extends Error {
  constructor(readonly lane: number) {
    super('device-side assert triggered');
  }
}

/**
 * Thrown by an observer (a sanitizer) to stop the launch after it reported an error, as
 * compute-sanitizer stops a kernel it caught: the launch ends as a fault with CUDA error `code`
 * (719, cudaErrorLaunchFailure, for what the sanitizer stopped) blamed on `lane` of the warp running.
 */
export class KernelAbort extends Error {
  constructor(
    readonly code: number,
    readonly lane: number,
  ) {
    super('the launch was stopped by an analysis');
  }
}

const dim = (x: number, y: number, z: number): Dim3 => ({ x, y, z });

/** The block's barrier hang, when every live warp of `B` is parked and `missing` threads can never arrive. */
export function barrierHang(B: ResidentBlock, missing: readonly Dim3[]): LaunchOutcome {
  const parked = B.parked();
  return { kind: 'barrier-deadlock', loc: firstBarrierLoc(parked), detail: deadlockDetail(parked, B.idx, missing) };
}

/** How a launch that threw in warp `cur` of block `B` ended; rethrows what is not the program's doing. */
export function stopped(e: unknown, B: ResidentBlock, cur: WarpCtx): LaunchOutcome {
  if (e instanceof StepLimitError) {
    // Some warps wait at a barrier that a looping warp of their block never reaches: that is the hang to report.
    const parked = B.parked();
    if (parked.some((W) => W !== null)) {
      const missing = B.warps.flatMap((W, i) => (parked[i] ? threadsOf(W, W.lanes & ~W.exited & ~W.barMask) : B.gens[i] ? threadsOf(W, W.lanes & ~W.exited) : []));
      return { kind: 'barrier-deadlock', loc: firstBarrierLoc(parked), detail: deadlockDetail(parked, B.idx, missing) };
    }
    return { kind: 'step-limit', steps: e.steps };
  }
  if (e instanceof MemoryFault) {
    const lane = e.lane >= 0 ? e.lane : 31 - Math.clz32(cur.lanes & -cur.lanes);
    return { kind: 'fault', code: e.kind === 'misaligned' ? 716 : 700, message: e.kind === 'misaligned' ? 'misaligned address' : 'an illegal memory access was encountered', loc: cur.loc, block: B.idx, thread: dim(cur.tx[lane]!, cur.ty[lane]!, cur.tz[lane]!), address: e.address, space: e.space };
  }
  // JavaScript's stack ran out before MAX_CALL_DEPTH (frames larger than the CLI's thread was sized for, or a thread of ordinary size).
  if (isStackExhausted(e)) throw new StackOverflow(cur.depth, null, false, cur.loc);
  if (e instanceof SimulatorError) e.loc ??= cur.loc;
  if (e instanceof KernelAbort) {
    const lane = e.lane >= 0 ? e.lane : 31 - Math.clz32(cur.lanes & -cur.lanes);
    return { kind: 'fault', code: e.code, message: 'unspecified launch failure', loc: cur.loc, block: B.idx, thread: dim(cur.tx[lane]!, cur.ty[lane]!, cur.tz[lane]!) };
  }
  if (e instanceof DeviceAssert) {
    const lane = e.lane;
    return { kind: 'fault', code: 710, message: 'device-side assert triggered', loc: cur.loc, block: B.idx, thread: dim(cur.tx[lane]!, cur.ty[lane]!, cur.tz[lane]!) };
  }
  throw e;
}
