import type { Dim3, Scalar, Suspend } from './env.js';
import type { Memory } from '../memory/memory.js';
import type { StepCounter, WarpCtx } from './warp.js';
import { ResidentBlock, type BlockShape, type WarpGen } from './block.js';

/*
 * A launch's blocks in grid order: struct arguments copied to the parameter area once, then each
 * block made resident in turn, in a retired block's state where one is free. The turn loops
 * (grid.ts) decide when; this module only hands the blocks out.
 */

/** A compiled kernel entry: runs the whole warp from its first statement (a generator). */
export type KernelEntry = (W: WarpCtx, A: number, RV: null, RS: number, ...params: (Float64Array | bigint[])[]) => Generator<number | Suspend, void, void>;

/** What runGrid needs about the kernel besides the config. */
export interface KernelLaunch {
  readonly entry: KernelEntry;
  readonly staticShared: number;
  /** Shared variable addresses by shared index for this kernel's layout. */
  readonly shv: number[];
  /** Per-parameter: true when the value is a 64-bit integer (bigint lanes). */
  readonly wide: readonly boolean[];
  /** Per-parameter struct size (0 for scalars): struct arguments are copied to the parameter area. */
  readonly structBytes: readonly number[];
  readonly paramBase: number;
  /** The kernel does nothing (an empty body): an uninstrumented launch need not run its blocks. */
  readonly idle?: boolean;
}

/** A launch's geometry: grid and block sizes and the dynamic shared bytes per block. */
export interface LaunchConfig {
  readonly grid: Dim3;
  readonly block: Dim3;
  readonly sharedBytes: number;
}

/** What the turn loops need of a launch: its memory, geometry and the grid's blocks in order. */
export interface Launch {
  readonly M: Memory;
  /** Warps per block. */
  readonly nw: number;
  readonly sharedSize: number;
  /** Blocks in the grid. */
  readonly total: number;
  /** Makes the next block of the grid resident, in a retired block's state when there is one; null when every block has started. */
  admit(): ResidentBlock | null;
  /** Keeps a finished block's state for the next admit. */
  retire(B: ResidentBlock): void;
  /** Blocks of the grid not yet admitted. */
  pending(): boolean;
  /** Blocks admitted so far. */
  started(): number;
}

/** Copies the struct arguments to the parameter area and sets up the grid's block admission. */
export function prepareLaunch(k: KernelLaunch, config: LaunchConfig, args: readonly Scalar[], M: Memory, S: StepCounter): Launch {
  const { grid, block } = config;
  const nw = Math.ceil((block.x * block.y * block.z) / 32);
  const sharedSize = Math.ceil(k.staticShared / 16) * 16 + config.sharedBytes;
  const shape: BlockShape = { grid, block, staticShared: k.staticShared, sharedSize, shv: k.shv, wide: k.wide };
  // Struct arguments: snapshot the caller's bytes into the parameter area (device-readable).
  let pOff = k.paramBase;
  const vals = args.map((a, i) => {
    const n = k.structBytes[i] ?? 0;
    if (!n) return a;
    pOff = Math.ceil(pOff / 16) * 16;
    M.writeBytes(pOff, M.readBytes(Number(a), n));
    const at = pOff;
    pOff += n;
    return at;
  });
  const entry = (W: WarpCtx, ps: (Float64Array | bigint[])[]): WarpGen => k.entry(W, W.lanes, null, 0, ...ps);
  const total = grid.x * grid.y * grid.z;
  let next = 0;
  const free: ResidentBlock[] = [];
  return {
    M,
    nw,
    sharedSize,
    total,
    admit() {
      if (next >= total) return null;
      const B = free.pop() ?? new ResidentBlock(S, M, shape, vals.length);
      const bx = next % grid.x;
      const by = Math.floor(next / grid.x) % grid.y;
      const bz = Math.floor(next / (grid.x * grid.y));
      next++;
      B.start(entry, bx, by, bz, vals, M);
      return B;
    },
    retire: (B) => void free.push(B),
    pending: () => next < total,
    started: () => next,
  };
}

/** How many blocks run at once: the residency the runtime worked out, at least one, at most the grid. */
export function slotCount(L: Launch, residentBlocks: number): number {
  return Math.min(L.total, Math.max(1, residentBlocks));
}
