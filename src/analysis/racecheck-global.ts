import type { WarpCtx } from '../engine/exec/warp.js';
import type { Dim3 } from '../engine/exec/env.js';
import type { Index3 } from './findings.js';
import { hazardOf, type PairLog, type RaceThread } from './racecheck-pairs.js';

/*
 * racecheck on global memory, Warpscope's own extension (compute-sanitizer's racecheck checks
 * shared memory only; docs/sanitizers.md). Every global byte a launch touches remembers its last
 * write and last read: the thread (numbered across the grid), the location and kind, and the
 * stamp of the run's synchronisation clock when it happened. The clock ticks at every
 * synchronisation event; an access is ordered before a later one when, since its stamp,
 *  - its block passed a __syncthreads (both threads in that block),
 *  - its warp passed a __syncwarp or a tile's sync (both threads in that warp),
 *  - its thread ran __threadfence (any later thread) or __threadfence_block (one of its block).
 * The fence rule is lenient: it assumes the fence publishes to readers that check a flag, as the
 * threadfence-reduction pattern does, so it can miss a race but never invents one. A launch starts
 * clean: kernels of one stream are ordered, and memory written before a launch cannot race with it.
 */

const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;
/** Shadow bytes kept before the oldest page is dropped (costing missed hazards, never false ones): 6 Int32 per byte. */
const PAGE_BYTES = PAGE * 24;
const BUDGET = 256 * 1024 * 1024;

/** The shadow of one 64 KiB page of global memory. */
class Page {
  /** Grid thread + 1 (0: none), location+kind code, clock stamp; for the last write and the last read. */
  readonly wThread = new Int32Array(PAGE);
  readonly wCode = new Int32Array(PAGE);
  readonly wStamp = new Int32Array(PAGE);
  readonly rThread = new Int32Array(PAGE);
  readonly rCode = new Int32Array(PAGE);
  readonly rStamp = new Int32Array(PAGE);
}

/** Global-memory hazards of the running launch, reported to a PairLog. */
export class GlobalShadow {
  private pages = new Map<number, Page>();
  private clock = 1;
  private grid: Dim3 = { x: 1, y: 1, z: 1 };
  private block: Dim3 = { x: 1, y: 1, z: 1 };
  private threadsPerBlock = 1;
  private warpsPerBlock = 1;
  /** Clock values of the last __syncthreads per block, __syncwarp per warp, fence per thread (grid-linear keys). */
  private readonly blockSync = new Map<number, number>();
  private readonly warpSync = new Map<number, number>();
  private readonly deviceFence = new Map<number, number>();
  private readonly blockFence = new Map<number, number>();

  constructor(private readonly log: PairLog) {}

  /** A launch begins: nothing before it can race with it. */
  begin(grid: Dim3, block: Dim3): void {
    this.pages = new Map();
    this.blockSync.clear();
    this.warpSync.clear();
    this.deviceFence.clear();
    this.blockFence.clear();
    this.grid = grid;
    this.block = block;
    this.threadsPerBlock = block.x * block.y * block.z;
    this.warpsPerBlock = Math.ceil(this.threadsPerBlock / 32);
  }

  /** A block's __syncthreads released its warps. */
  barrier(b: Index3): void {
    this.blockSync.set(this.blockId(b), ++this.clock);
  }

  /** Warp `W` synchronised (__syncwarp, a tile's sync). */
  syncWarp(W: WarpCtx): void {
    this.warpSync.set(this.blockOf(W) * this.warpsPerBlock + W.id, ++this.clock);
  }

  /** One lane ran a fence. */
  fence(W: WarpCtx, lane: number, scope: 'block' | 'device'): void {
    (scope === 'block' ? this.blockFence : this.deviceFence).set(this.threadOf(W, lane), ++this.clock);
  }

  /** One lane's access of `bytes` at `address`; `code` packs its location and kind. */
  access(address: number, bytes: number, store: boolean, code: number, lane: number, W: WarpCtx, kernel: string): void {
    const t = this.threadOf(W, lane);
    for (let a = address; a < address + bytes; a++) {
      const p = this.page(a);
      const i = a & (PAGE - 1);
      this.meet(p.wThread[i]!, p.wCode[i]!, p.wStamp[i]!, t, code, kernel);
      if (store) {
        this.meet(p.rThread[i]!, p.rCode[i]!, p.rStamp[i]!, t, code, kernel);
        p.wThread[i] = t + 1;
        p.wCode[i] = code;
        p.wStamp[i] = this.clock;
      } else {
        p.rThread[i] = t + 1;
        p.rCode[i] = code;
        p.rStamp[i] = this.clock;
      }
    }
  }

  /** The current access meets a byte's earlier one; a hazard when no synchronisation since `stamp` orders them. */
  private meet(prev1: number, prevCode: number, stamp: number, t: number, code: number, kernel: string): void {
    if (prev1 === 0) return;
    const prev = prev1 - 1;
    if (prev === t) return;
    const hazard = hazardOf(prevCode, code);
    if (hazard === null) return;
    const tpb = this.threadsPerBlock;
    const sameBlock = Math.floor(prev / tpb) === Math.floor(t / tpb);
    const sameWarp = sameBlock && Math.floor((prev % tpb) / 32) === Math.floor((t % tpb) / 32);
    if ((this.deviceFence.get(prev) ?? 0) > stamp) return;
    if (sameBlock && ((this.blockSync.get(Math.floor(t / tpb)) ?? 0) > stamp || (this.blockFence.get(prev) ?? 0) > stamp)) return;
    if (sameWarp && (this.warpSync.get(this.warpKey(t)) ?? 0) > stamp) return;
    this.log.record('global', kernel, prevCode, code, hazard, sameWarp, () => [this.describe(prev), this.describe(t)]);
  }

  /** The grid-wide key of thread t's warp. */
  private warpKey(t: number): number {
    const tpb = this.threadsPerBlock;
    return Math.floor(t / tpb) * this.warpsPerBlock + Math.floor((t % tpb) / 32);
  }

  /** A grid-linear thread number as report indices. */
  private describe(t: number): RaceThread {
    const tpb = this.threadsPerBlock;
    return { block: unlinear(Math.floor(t / tpb), this.grid), thread: unlinear(t % tpb, this.block) };
  }

  private blockId(b: Index3): number {
    return b.x + this.grid.x * (b.y + this.grid.y * b.z);
  }

  private blockOf(W: WarpCtx): number {
    return W.bx + this.grid.x * (W.by + this.grid.y * W.bz);
  }

  /** Lane `lane` of W numbered across the grid: block-linear * threads per block + thread-linear. */
  private threadOf(W: WarpCtx, lane: number): number {
    return this.blockOf(W) * this.threadsPerBlock + W.tx[lane]! + W.bdx * (W.ty[lane]! + W.bdy * W.tz[lane]!);
  }

  private page(a: number): Page {
    const n = Math.floor(a / PAGE);
    let p = this.pages.get(n);
    if (p === undefined) {
      if ((this.pages.size + 1) * PAGE_BYTES > BUDGET) this.pages.delete(this.pages.keys().next().value as number);
      p = new Page();
      this.pages.set(n, p);
    }
    return p;
  }
}

/** A linear index (x fastest) in `d` as x, y, z. */
function unlinear(i: number, d: Dim3): Index3 {
  return { x: i % d.x, y: Math.floor(i / d.x) % d.y, z: Math.floor(i / (d.x * d.y)) };
}
