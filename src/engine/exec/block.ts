import type { SourceLoc } from '../front/token.js';
import type { Dim3, Suspend } from './env.js';
import type { Memory } from '../memory/memory.js';
import { SHARED_BASE } from '../memory/layout.js';
import { Region } from '../memory/region.js';
import { WarpCtx, type StepCounter } from './warp.js';
import { formatThreads, threadWord } from './threads.js';

/*
 * The state of one resident block: its warps, their generators, parameter lanes and shared
 * memory. A launch keeps only as many of these as an H100 holds resident at once and hands a
 * retired one to the next block, so a grid of thousands of blocks allocates about one SM-full
 * per SM rather than one per block.
 */

/** A warp's generator: yields 1 when it parks at a barrier, 2 when its time slice or scheduler turn ends, a Suspend for the debugger. */
export type WarpGen = Generator<number | Suspend, void, void>;

/** Geometry a launch's blocks share. */
export interface BlockShape {
  readonly grid: Dim3;
  readonly block: Dim3;
  readonly staticShared: number;
  /** Bytes of shared memory per block (static rounded to 16, plus dynamic). */
  readonly sharedSize: number;
  readonly shv: number[];
  readonly wide: readonly boolean[];
}

/** One resident block; `start` makes it run another block of the grid. */
export class ResidentBlock {
  readonly warps: WarpCtx[] = [];
  readonly params: (Float64Array | bigint[])[][] = [];
  readonly gens: (WarpGen | null)[];
  /** Per warp: 1 while parked at a barrier. */
  readonly waiting: Uint8Array;
  /** Per warp: 1 when its turn ended before or inside a statement that its next turn runs (round-robin and random schedulers). */
  readonly midStatement: Uint8Array;
  readonly shared: Region;
  idx: Dim3 = { x: 0, y: 0, z: 0 };

  constructor(S: StepCounter, M: Memory, private readonly shape: BlockShape, nParams: number) {
    const { block, grid } = shape;
    const threads = block.x * block.y * block.z;
    const nw = Math.ceil(threads / 32);
    this.gens = new Array<WarpGen | null>(nw).fill(null);
    this.waiting = new Uint8Array(nw);
    this.midStatement = new Uint8Array(nw);
    this.shared = new Region(SHARED_BASE, Math.max(shape.sharedSize, 8));
    for (let w = 0; w < nw; w++) {
      const W = new WarpCtx(S, M, false);
      W.id = w;
      W.bdx = block.x; W.bdy = block.y; W.bdz = block.z;
      W.gdx = grid.x; W.gdy = grid.y; W.gdz = grid.z;
      W.shv = shape.shv;
      W.dyn = SHARED_BASE + Math.ceil(shape.staticShared / 16) * 16;
      for (let l = 0; l < 32; l++) {
        const t = w * 32 + l;
        if (t >= threads) break;
        W.lanes |= 1 << l;
        W.tx[l] = t % block.x;
        W.ty[l] = Math.floor(t / block.x) % block.y;
        W.tz[l] = Math.floor(t / (block.x * block.y));
      }
      this.warps.push(W);
      const ps: (Float64Array | bigint[])[] = [];
      for (let i = 0; i < nParams; i++) ps.push(shape.wide[i] ? new Array<bigint>(32) : new Float64Array(32));
      this.params.push(ps);
    }
  }

  /** Begins block (bx, by, bz): zeroed shared memory, warps at their first statement with the launch's parameter values. */
  start(entry: (W: WarpCtx, ps: (Float64Array | bigint[])[]) => WarpGen, bx: number, by: number, bz: number, vals: readonly (number | bigint)[], M: Memory): void {
    this.idx = { x: bx, y: by, z: bz };
    this.shared.u8.fill(0);
    M.setShared(this.shared, this.shape.sharedSize);
    for (let w = 0; w < this.warps.length; w++) {
      const W = this.warps[w]!;
      W.resetForBlock();
      W.bx = bx; W.by = by; W.bz = bz;
      // Kernels may assign their parameters: every block starts from the launch's values.
      const ps = this.params[w]!;
      for (let i = 0; i < ps.length; i++) {
        const p = ps[i]!;
        if (p instanceof Float64Array) p.fill(Number(vals[i]));
        else p.fill(BigInt(vals[i]!));
      }
      M.setLocal(W.local, W.stride);
      this.waiting[w] = 0;
      this.midStatement[w] = 0;
      this.gens[w] = entry(W, ps);
    }
  }

  /** Threads that are neither exited nor waiting at a barrier, or null when every live thread waits. */
  barrierShortfall(): Dim3[] | null {
    let short = false;
    for (let w = 0; w < this.warps.length; w++) {
      const W = this.warps[w]!;
      if (this.gens[w] && (W.lanes & ~W.exited & ~W.barMask) !== 0) short = true;
    }
    if (!short) return null;
    return this.warps.flatMap((W, w) => (this.gens[w] ? threadsOf(W, W.lanes & ~W.exited & ~W.barMask) : []));
  }

  /** Warps parked at a barrier (null for the others). */
  parked(): (WarpCtx | null)[] {
    return this.warps.map((W, i) => (this.waiting[i] && this.gens[i] ? W : null));
  }

  /** Releases the parked warps, giving each the block-wide result of __syncthreads_count/_and/_or; `onRelease` hears each released warp. */
  releaseBarrier(onRelease: ((W: WarpCtx) => void) | null): void {
    const { warps, waiting, gens } = this;
    let count = 0;
    let all = true;
    let any = false;
    for (let w = 0; w < warps.length; w++) {
      if (!waiting[w] || !gens[w]) continue;
      const W = warps[w]!;
      const p = W.barPred & W.barMask;
      let c = 0;
      for (let m = p; m !== 0; m &= m - 1) c++;
      count += c;
      if ((p & W.barMask) !== W.barMask) all = false;
      if (p !== 0) any = true;
    }
    for (let w = 0; w < warps.length; w++) {
      if (!waiting[w]) continue;
      waiting[w] = 0;
      const W = warps[w]!;
      W.barResult = W.barKind === 1 ? count : W.barKind === 2 ? (all ? 1 : 0) : any ? 1 : 0;
      if (onRelease && gens[w]) onRelease(W);
    }
  }
}

/** The barrier of the first parked warp. */
export function firstBarrierLoc(parked: readonly (WarpCtx | null)[]): SourceLoc {
  return parked.find((W) => W !== null)!.barLoc;
}

/** "threads (1..254,0,0) of block (0,0,0) wait at line 26; threads (0,0,0) and (255,0,0) never arrive". */
export function deadlockDetail(parked: readonly (WarpCtx | null)[], block: Dim3, missing: readonly Dim3[]): string {
  const byLine = new Map<number, Dim3[]>();
  for (const W of parked) {
    if (!W) continue;
    const list = byLine.get(W.barLoc.line) ?? [];
    list.push(...threadsOf(W, W.barMask));
    byLine.set(W.barLoc.line, list);
  }
  const waits = [...byLine].map(([line, ts], i) => `${threadWord(ts.length)} ${formatThreads(ts)}${i === 0 ? ` of block (${block.x},${block.y},${block.z})` : ''} ${ts.length === 1 ? 'waits' : 'wait'} at line ${line}`);
  return `${waits.join(', ')}; ${threadWord(missing.length)} ${formatThreads(missing)} never ${missing.length === 1 ? 'arrives' : 'arrive'}`;
}

/** The threads of a warp's lanes in `mask`. */
export function threadsOf(W: WarpCtx, mask: number): Dim3[] {
  const out: Dim3[] = [];
  for (let l = 0; l < 32; l++) if (mask & (1 << l)) out.push({ x: W.tx[l]!, y: W.ty[l]!, z: W.tz[l]! });
  return out;
}
