import type { ApiCallEvent, LaunchEvent } from '../engine/runtime/listener.js';
import type { MemoryView } from '../engine/memory/memory-view.js';
import type { WarpCtx } from '../engine/exec/warp.js';
import type { SourceLoc } from '../engine/front/token.js';
import { KernelAbort } from '../engine/exec/launch-outcome.js';
import { LOCAL_BASE, SHARED_BASE } from '../engine/memory/layout.js';
import { errorName, errorString } from '../engine/runtime/errors.js';
import { Analysis, returnsCudaError, siteOf, spaceName } from './base.js';
import type { AccessError, Finding, Leak, Space } from './findings.js';
import { AllocationTracker } from './allocations.js';

/*
 * memcheck: every device access is checked before it happens against the live allocations (global),
 * the block's shared memory, the lane's local memory and natural alignment. As compute-sanitizer
 * does, the faulting instruction is reported for each of its lanes that went wrong, and then the
 * launch is stopped: the program sees cudaErrorLaunchFailure (719) at its next synchronising call.
 * Every CUDA call that returns an error is reported, and with --leak-check full, every cudaMalloc
 * left unfreed at exit.
 */

/** cudaErrorLaunchFailure: what a launch stopped by the sanitizer returns. */
const LAUNCH_FAILURE = 719;
/** The H100 reserves the first 1 KiB of a block's shared window for the system; reports show shared addresses past it. */
const SHARED_RESERVED = 0x400;

/** An error was found in warp `warp`: its instruction finishes for the other lanes, then the launch stops. */
interface Pending {
  readonly warp: WarpCtx;
  /** Which access of a lane (in the lane loop) the faulting instruction is. */
  readonly ordinal: number;
  readonly lane: number;
}

/** The memcheck analysis. */
export class Memcheck extends Analysis {
  private view: MemoryView | null = null;
  private readonly allocations = new AllocationTracker();
  /** The lane-loop position of the latest guarded access: which lane, and its how-many-th access. */
  private loopWarp: WarpCtx | null = null;
  private loopLane = -1;
  private ordinal = 0;
  private pending: Pending | null = null;

  constructor(private readonly leakCheck: boolean) {
    super();
  }

  memory(view: MemoryView): void {
    this.view = view;
  }

  memoryWrite(address: number, _before: Uint8Array, after: Uint8Array): void {
    this.allocations.hostWrite(address, after);
  }

  override statement(W: WarpCtx, _mask: number, _loc: SourceLoc): boolean {
    this.stopIfPending();
    if (this.loopWarp === W) this.loopWarp = null;
    return false;
  }

  turnEnd(): void {
    this.stopIfPending();
    this.loopWarp = null;
  }

  barrier(kind: 'arrive' | 'release'): void {
    if (kind === 'arrive') this.stopIfPending();
  }

  warpOp(): void {
    this.stopIfPending();
  }

  override launch(e: LaunchEvent): void {
    super.launch(e);
    this.pending = null;
    this.loopWarp = null;
    if (e.phase === 'rejected' && typeof e.outcome === 'number') this.apiError('cudaLaunchKernel', e.outcome, e.loc);
  }

  override apiCall(e: ApiCallEvent): void {
    this.allocations.apiCall(e);
    if (!returnsCudaError(e.name)) return;
    const code = Number(e.result ?? 0);
    if (code !== 0) this.apiError(e.name, code, e.loc);
  }

  guard(kind: 'load' | 'store', space: string, address: number, bytes: number, lane: number, W: WarpCtx, atomic: boolean): boolean {
    // Generated code runs an instruction's lanes in a loop, several accesses per lane in one loop:
    // the k-th access of each lane is one instruction, and a lane number going back starts a new loop.
    if (this.loopWarp !== W || lane < this.loopLane) {
      if (this.loopWarp === W) this.stopIfPending();
      this.loopWarp = W;
      this.loopLane = lane;
      this.ordinal = 0;
    } else if (lane === this.loopLane) this.ordinal++;
    else {
      this.loopLane = lane;
      this.ordinal = 0;
    }
    // After the faulting instruction, later ones never run on a GPU: they are dropped here.
    if (this.pending !== null && (this.pending.warp !== W || this.pending.ordinal !== this.ordinal)) return false;
    const error = this.check(kind, space, address, bytes, lane, W, atomic);
    if (error === null) return true;
    this.report(error, W, lane);
    this.pending ??= { warp: W, ordinal: this.ordinal, lane };
    return false;
  }

  override finish(exited = true): readonly Finding[] {
    // A process killed mid-run has leaked nothing: compute-sanitizer checks leaks at exit only.
    if (!this.leakCheck || !exited) return this.found;
    const leaks: Leak[] = this.allocations.live().map((a) => ({ kind: 'leak', address: a.address, size: a.size, file: a.loc.file, line: a.loc.line }));
    return [...this.found, ...leaks];
  }

  /** What is wrong with one lane's access, or null when nothing is. */
  private check(kind: 'load' | 'store', space: string, address: number, bytes: number, lane: number, W: WarpCtx, atomic: boolean): AccessError | null {
    const sp: Space = spaceName(space) ?? 'global';
    const what = { ...siteOf(W, lane, this.kernel), space: sp, access: atomic ? 'atomic' : kind === 'load' ? 'read' : 'write', size: bytes } as const;
    const view = this.view;
    if (view === null) return null;
    if (sp === 'shared') {
      const o = address - SHARED_BASE;
      if (bytes > 1 && o % bytes !== 0) return { ...what, kind: 'misaligned', address: o + SHARED_RESERVED };
      return o >= 0 && o + bytes <= view.sSize ? null : { ...what, kind: 'out-of-bounds', address: o + SHARED_RESERVED };
    }
    if (sp === 'local') {
      const o = address - LOCAL_BASE;
      if (bytes > 1 && o % bytes !== 0) return { ...what, kind: 'misaligned', address: o };
      return o >= 0 && o + bytes <= view.lStride ? null : { ...what, kind: 'out-of-bounds', address: o };
    }
    if (sp === 'constant') return bytes > 1 && address % bytes !== 0 ? { ...what, kind: 'misaligned', address } : null;
    const inside = view.allocation(address);
    if (bytes > 1 && address % bytes !== 0) {
      const near = inside ?? view.nearestAllocation(address);
      return { ...what, kind: 'misaligned', address, ...(near ? { allocation: { address: near.base, size: near.size } } : {}) };
    }
    // Pinned host memory is mapped for the device; pageable host memory is not.
    if (inside !== null && inside.space !== 'host' && address + bytes <= inside.base + Math.max(inside.size, 1)) return null;
    const freed = inside === null ? this.allocations.freedAt(address) : null;
    if (freed !== null) return { ...what, kind: 'use-after-free', address, allocation: { address: freed.address, size: freed.size } };
    const near = inside !== null && inside.space !== 'host' ? inside : view.nearestAllocation(address);
    return { ...what, kind: 'out-of-bounds', address, ...(near ? { allocation: { address: near.base, size: near.size } } : {}) };
  }

  private apiError(api: string, code: number, loc: SourceLoc): void {
    this.report({ kind: 'api-error', api, code, error: errorName(code), description: errorString(code), file: loc.file, line: loc.line }, null, 0);
  }

  /** Stops the launch once the faulting instruction has finished (compute-sanitizer's behaviour). */
  private stopIfPending(): void {
    const p = this.pending;
    if (p === null) return;
    this.pending = null;
    this.loopWarp = null;
    throw new KernelAbort(LAUNCH_FAILURE, p.lane);
  }
}
