import type { ApiCallEvent, ExecutionListener, LaunchEvent } from '../engine/runtime/listener.js';
import type { WarpCtx } from '../engine/exec/warp.js';
import type { Scalar } from '../engine/exec/env.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { DeviceSite, Finding, Index3, Space } from './findings.js';

/*
 * What every analysis shares: an ExecutionListener that ignores what it does not need, knows
 * which kernel is running, and names a lane's thread, block and source line as reports do.
 */

/** The blockIdx and threadIdx of `lane` of warp `W`. */
export function siteOf(W: WarpCtx, lane: number, kernel: string, loc: SourceLoc = W.loc): DeviceSite {
  return { kernel, file: loc.file, line: loc.line, block: { x: W.bx, y: W.by, z: W.bz }, thread: { x: W.tx[lane]!, y: W.ty[lane]!, z: W.tz[lane]! } };
}

/** The linear index of a thread in its block (threadIdx.x fastest), as the hardware numbers lanes. */
export function linearThread(t: Index3, W: WarpCtx): number {
  return t.x + W.bdx * (t.y + W.bdy * t.z);
}

/** The memory space name an access event carries, as a report names it; null for host memory. */
export function spaceName(space: string): Space | null {
  return space === 'global' || space === 'shared' || space === 'local' || space === 'constant' ? space : null;
}

/** The CUDA runtime calls that return a cudaError_t: every cuda* built-in but the two that name errors. */
export function returnsCudaError(name: string): boolean {
  return name.startsWith('cuda') && name !== 'cudaGetErrorName' && name !== 'cudaGetErrorString';
}

/** An ExecutionListener that hears everything and does nothing with it; analyses override what they need. */
export abstract class Analysis implements ExecutionListener {
  /** The kernel of the launch running now ('' on the host). */
  protected kernel = '';
  protected readonly found: Finding[] = [];
  /** Whether the program compiled (the engine hands over its sources only then). */
  compiled = false;
  /**
   * Told of each finding as it is made, with the warp and lane it names (null on the host), while
   * that warp's statement is still the latest one run: a live debugger records where to stop.
   */
  onFinding: ((f: Finding, warp: WarpCtx | null, lane: number) => void) | null = null;

  sources(): void {
    this.compiled = true;
  }

  statement(_warp: WarpCtx, _mask: number, _loc: SourceLoc): boolean {
    return false;
  }

  access(_kind: 'load' | 'store', _space: string, _address: number, _bytes: number, _value: Scalar, _lane: number, _warp: WarpCtx, _old?: Scalar, _code?: number, _atomic?: boolean): void {}

  apiCall(_e: ApiCallEvent): void {}

  launch(e: LaunchEvent): void {
    // The kernel stays named after its 'end' too: a hang is reported after it.
    if (e.phase === 'begin') this.kernel = e.kernel;
  }

  /** Keeps a finding and tells onFinding of it. */
  protected report(f: Finding, warp: WarpCtx | null, lane: number): void {
    this.found.push(f);
    this.onFinding?.(f, warp, lane);
  }

  /** Called once the program has ended: what the analysis found, in order. */
  finish(): readonly Finding[] {
    return this.found;
  }
}
