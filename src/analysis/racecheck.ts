import type { WarpCtx } from '../engine/exec/warp.js';
import type { Dim3, Scalar } from '../engine/exec/env.js';
import type { LaunchEvent } from '../engine/runtime/listener.js';
import { SHARED_BASE } from '../engine/memory/layout.js';
import { Analysis } from './base.js';
import type { Finding, Index3 } from './findings.js';
import { ATOMIC, PairLog, READ, WRITE, hazardOf } from './racecheck-pairs.js';
import { GlobalShadow } from './racecheck-global.js';

/*
 * racecheck: shared-memory hazards between threads that no barrier orders. Each byte of a block's
 * shared memory remembers its last write and last read (thread, source line, kind) with the barrier
 * epoch they happened in: __syncthreads opens a new epoch for the block, __syncwarp one for its
 * warp. An access meeting the other thread's unordered access to the byte is a hazard (RAW, WAR or
 * WAW; two atomics never are). Hazards are counted per byte as compute-sanitizer counts them, and
 * the ones within a warp are warnings, as on GPUs since Volta. compute-sanitizer's racecheck checks
 * shared memory only (the H100 reports nothing for the seeds' in-place global filters); global
 * memory is checked only when asked (`--racecheck-memory`), by racecheck-global.ts.
 */

/** Which memories racecheck watches: compute-sanitizer's shared (the default), Warpscope's global, or both. */
export type RaceMemory = 'shared' | 'global' | 'all';

/** Shadow bytes kept before the least recently used block's shadow is dropped (costing missed hazards, never false ones). */
const SHADOW_BUDGET = 64 * 1024 * 1024;
const BYTES_PER_ENTRY = 24;

/** Per byte of one block's shared memory: the last write and the last read. */
class BlockShadow {
  size = 0;
  /** Thread (linear) + 1, 0 when none; location+kind code; block epoch; the thread's warp's __syncwarp epoch. */
  wThread = new Int32Array(0);
  wCode = new Int32Array(0);
  wEpoch = new Int32Array(0);
  wWarpEpoch = new Int32Array(0);
  rThread = new Int32Array(0);
  rCode = new Int32Array(0);
  rEpoch = new Int32Array(0);
  rWarpEpoch = new Int32Array(0);
  /** __syncthreads epoch of the block; arrivals since its last release. */
  epoch = 1;
  arrived = false;
  /** __syncwarp epoch per warp of the block. */
  readonly warpEpoch: number[] = [];

  constructor(readonly dims: Dim3, readonly block: Index3) {}

  ensure(end: number): number {
    if (end <= this.size) return 0;
    const size = Math.max(end, this.size * 2, 256);
    const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    [this.wThread, this.wCode, this.wEpoch, this.wWarpEpoch] = [grow(this.wThread), grow(this.wCode), grow(this.wEpoch), grow(this.wWarpEpoch)];
    [this.rThread, this.rCode, this.rEpoch, this.rWarpEpoch] = [grow(this.rThread), grow(this.rCode), grow(this.rEpoch), grow(this.rWarpEpoch)];
    const added = (size - this.size) * BYTES_PER_ENTRY;
    this.size = size;
    return added;
  }
}

/** The racecheck analysis. */
export class Racecheck extends Analysis {
  private readonly blocks = new Map<string, BlockShadow>();
  private shadowBytes = 0;
  private readonly log = new PairLog();
  private readonly shared: boolean;
  /** The global-memory shadow, when global memory is watched. */
  private readonly global: GlobalShadow | null;
  /** Whether a launch is running: host code's accesses to managed memory are not a kernel's. */
  private running = false;

  constructor(memory: RaceMemory = 'shared') {
    super();
    this.shared = memory !== 'global';
    this.global = memory === 'shared' ? null : new GlobalShadow(this.log);
    // A new pair is met by the access being checked: its warp and lane made the second access.
    this.log.onNew = (race) => this.onFinding?.(this.signed(race), this.accessWarp, this.accessLane);
  }

  /** The access being checked (the one that meets an earlier access when a pair is new). */
  private accessWarp: WarpCtx | null = null;
  private accessLane = 0;

  override launch(e: LaunchEvent): void {
    super.launch(e);
    // Shared memory lives only as long as its block: a new launch starts clean.
    this.blocks.clear();
    this.shadowBytes = 0;
    this.running = e.phase === 'begin';
    if (e.phase === 'begin') this.global?.begin(e.grid, e.block);
  }

  barrier(kind: 'arrive' | 'release', block: Dim3): void {
    if (kind === 'release') this.global?.barrier(block);
    const b = this.blocks.get(`${block.x},${block.y},${block.z}`);
    if (b === undefined) return;
    if (kind === 'arrive') b.arrived = true;
    else if (b.arrived) {
      b.arrived = false;
      b.epoch++;
    }
  }

  warpSync(W: WarpCtx): void {
    this.global?.syncWarp(W);
    const b = this.shadow(W);
    b.warpEpoch[W.id] = (b.warpEpoch[W.id] ?? 0) + 1;
  }

  fence(W: WarpCtx, lane: number, scope: 'block' | 'device'): void {
    this.global?.fence(W, lane, scope);
  }

  override access(kind: 'load' | 'store', space: string, address: number, bytes: number, value: Scalar, lane: number, W: WarpCtx, old?: Scalar, _code?: number, atomic?: boolean): void {
    // A store that leaves the bytes as they were cannot race: compute-sanitizer stays silent on threads
    // writing the value already there (seeds/avgfilter_shadowed_i, all threads writing Bds[i] alike).
    if (kind === 'store' && !atomic && old !== undefined && old === value) return;
    const accessKind = atomic ? ATOMIC : kind === 'load' ? READ : WRITE;
    this.accessWarp = W;
    this.accessLane = lane;
    if (space === 'global') {
      if (this.global !== null && this.running) this.global.access(address, bytes, kind === 'store', this.log.code(W.loc, accessKind), lane, W, this.kernel);
      return;
    }
    if (space !== 'shared' || !this.shared) return;
    const b = this.shadow(W);
    const o = address - SHARED_BASE;
    this.shadowBytes += b.ensure(o + bytes);
    const thread = W.tx[lane]! + W.bdx * (W.ty[lane]! + W.bdy * W.tz[lane]!);
    const code = this.log.code(W.loc, accessKind);
    const warpEpoch = b.warpEpoch[W.id] ?? 0;
    const warpSize = 32;
    for (let i = o; i < o + bytes; i++) {
      if (kind === 'store') {
        this.meet(b, b.wThread[i]!, b.wCode[i]!, b.wEpoch[i]!, b.wWarpEpoch[i]!, thread, code, warpEpoch, warpSize);
        this.meet(b, b.rThread[i]!, b.rCode[i]!, b.rEpoch[i]!, b.rWarpEpoch[i]!, thread, code, warpEpoch, warpSize);
        b.wThread[i] = thread + 1;
        b.wCode[i] = code;
        b.wEpoch[i] = b.epoch;
        b.wWarpEpoch[i] = warpEpoch;
      } else {
        this.meet(b, b.wThread[i]!, b.wCode[i]!, b.wEpoch[i]!, b.wWarpEpoch[i]!, thread, code, warpEpoch, warpSize);
        b.rThread[i] = thread + 1;
        b.rCode[i] = code;
        b.rEpoch[i] = b.epoch;
        b.rWarpEpoch[i] = warpEpoch;
      }
    }
  }

  override finish(): readonly Finding[] {
    return this.log.races().map((r) => this.signed(r));
  }

  /** The current access (thread, code) meets a byte's earlier access; records a hazard when nothing orders them. */
  private meet(b: BlockShadow, prevThread1: number, prevCode: number, prevEpoch: number, prevWarpEpoch: number, thread: number, code: number, warpEpoch: number, warpSize: number): void {
    if (prevThread1 === 0 || prevEpoch !== b.epoch) return;
    const prev = prevThread1 - 1;
    if (prev === thread) return;
    const sameWarp = Math.floor(prev / warpSize) === Math.floor(thread / warpSize);
    if (sameWarp && prevWarpEpoch !== warpEpoch) return;
    const hazard = hazardOf(prevCode, code);
    if (hazard === null) return;
    const idx = (t: number): Index3 => ({ x: t % b.dims.x, y: Math.floor(t / b.dims.x) % b.dims.y, z: Math.floor(t / (b.dims.x * b.dims.y)) });
    this.log.record('shared', this.kernel, prevCode, code, hazard, sameWarp, () => [{ thread: idx(prev), block: b.block }, { thread: idx(thread), block: b.block }]);
  }

  private shadow(W: WarpCtx): BlockShadow {
    const key = `${W.bx},${W.by},${W.bz}`;
    let b = this.blocks.get(key);
    if (b === undefined) {
      if (this.shadowBytes > SHADOW_BUDGET) this.evictOldest();
      b = new BlockShadow({ x: W.bdx, y: W.bdy, z: W.bdz }, { x: W.bx, y: W.by, z: W.bz });
      this.blocks.set(key, b);
    }
    return b;
  }

  private evictOldest(): void {
    const [key, b] = this.blocks.entries().next().value as [string, BlockShadow];
    this.blocks.delete(key);
    this.shadowBytes -= b.size * BYTES_PER_ENTRY;
  }
}
