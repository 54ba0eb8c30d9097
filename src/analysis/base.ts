import type { ApiCallEvent, ExecutionListener, LaunchEvent } from '../engine/runtime/listener.js';
import type { WarpCtx } from '../engine/exec/warp.js';
import type { Scalar } from '../engine/exec/env.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { DebugInfo } from '../engine/debuginfo/symbols.js';
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

/** Each kernel as compute-sanitizer names it in a device frame, by name: `k(const int *, int *, int)` (an overloaded name keeps its first). */
export function kernelSignatures(info: DebugInfo): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of info.functions) {
    if (f.space === 'global' && f.demangledParams !== undefined && !out.has(f.name)) out.set(f.name, `${f.name}(${f.demangledParams.join(', ')})`);
  }
  return out;
}

/** An ExecutionListener that hears everything and does nothing with it; analyses override what they need. */
export abstract class Analysis implements ExecutionListener {
  /** The kernel of the launch running now ('' on the host). */
  protected kernel = '';
  protected readonly found: Finding[] = [];
  private signatures: ReadonlyMap<string, string> = new Map();
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

  symbols(info: DebugInfo): void {
    this.signatures = kernelSignatures(info);
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
    const g = this.signed(f);
    this.found.push(g);
    this.onFinding?.(g, warp, lane);
  }

  /** `f` with its kernel's demangled signature, which reports print in device frames; host findings as they are. */
  protected signed(f: Finding): Finding {
    if (!('kernel' in f)) return f;
    const signature = this.signatures.get(f.kernel);
    return signature === undefined ? f : { ...f, signature };
  }

  /** Called once the program has ended (`exited`) or was stopped: what the analysis found, in order. */
  finish(_exited = true): readonly Finding[] {
    return this.found;
  }
}
