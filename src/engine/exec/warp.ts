import type { SourceLoc } from '../front/token.js';
import { MemoryFault } from '../memory/fault.js';
import { LOCAL_BASE, MAX_LOCAL_STRIDE, STACK_BASE } from '../memory/layout.js';
import type { Memory } from '../memory/memory.js';
import { Region } from '../memory/region.js';
import { MAX_CALL_DEPTH, StackOverflow } from './env.js';
import type { SpinState } from './spin.js';

/** The executed-statement counter shared by all warps of a launch (or by host code). */
export interface StepCounter {
  /** Warp-statements executed (the step limit counts these). */
  n: number;
  /** When generated code next calls RT.stepOver: the limit, or earlier to end a warp's time slice. */
  max: number;
  /** The step limit proper. */
  lim: number;
  /** Thread-statements: each device statement counts its active lanes (host code leaves it at 0). */
  t: number;
}

/** Work done by every device launch of this process so far (benchmarks read it before and after a run). */
export const deviceWork = { warpStatements: 0, threadStatements: 0 };

/** Thrown when the step budget is exhausted. */
export class StepLimitError extends Error {
  constructor(readonly steps: number) {
    super(`step limit of ${steps} reached`);
  }
}

const HOST_STACK_LIMIT = 8 * 1024 * 1024;
const NOWHERE: SourceLoc = { file: '', line: 0, col: 0 };
/** The local memory of a warp that has pushed no frame yet (stride 0: every access faults). Never written. */
const NO_LOCAL = new Region(LOCAL_BASE, 8);

/**
 * The state generated code reads through `W`: geometry, frame pointer, barrier handshake.
 * One per warp (device) or one for the host thread (a one-lane warp).
 */
export class WarpCtx {
  sp: number;
  lim: number;
  loc: SourceLoc = NOWHERE;
  /** Activations of recursive functions this warp has (generated code counts them against MAX_CALL_DEPTH). */
  depth = 0;
  readonly tx = new Float64Array(32);
  readonly ty = new Float64Array(32);
  readonly tz = new Float64Array(32);
  bx = 0; by = 0; bz = 0;
  bdx = 1; bdy = 1; bdz = 1;
  gdx = 1; gdy = 1; gdz = 1;
  /** Addresses of __shared__ variables by shared index (the launching kernel's layout). */
  shv: number[] = [];
  /** Address of dynamic shared memory. */
  dyn = 0;
  /** Lanes that hold threads of the block. */
  lanes = 0;
  /** Lanes whose threads returned from the kernel. */
  exited = 0;
  /** Warp index within its block. */
  id = 0;
  barMask = 0;
  barPred = 0;
  barKind = 0;
  barLoc: SourceLoc = NOWHERE;
  barResult = 0;
  /** Device printf text this warp produced in its block's current turn (runGrid hands it on, highest warp first). */
  printed = '';
  /** Per-lane local memory (device warps). */
  local: Region;
  stride: number;
  /** Lane arrays of non-recursive functions, by function slot, reused by every activation on this warp (see FnCompiler). */
  readonly pool: (Float64Array | bigint[])[][] = [];
  /** Its probing of the spin loop it runs, once it ran one long enough (spin.ts). */
  spin: SpinState | null = null;

  constructor(
    readonly S: StepCounter,
    readonly memory: Memory,
    readonly host: boolean,
    local?: Region,
  ) {
    if (host) {
      this.local = memory.stack;
      this.stride = 0;
      this.sp = STACK_BASE + 16;
      this.lim = STACK_BASE + memory.stack.capacity;
    } else {
      // Most kernels never take a local's address: a resident grid holds thousands of warps, so each
      // starts with no stack (the shared NO_LOCAL) and gets one, doubling as needed, at its first frame push.
      this.stride = local ? local.capacity / 32 : 0;
      this.local = local ?? NO_LOCAL;
      this.sp = LOCAL_BASE + 16;
      this.lim = LOCAL_BASE + this.stride;
    }
  }

  /** Makes a device warp ready to run the next block: stack pointer, exits and barrier state back to the start. */
  resetForBlock(): void {
    this.depth = 0;
    this.sp = LOCAL_BASE + 16;
    this.lim = LOCAL_BASE + this.stride;
    this.exited = 0;
    this.barMask = 0;
    this.barPred = 0;
    this.barKind = 0;
    this.barResult = 0;
    this.printed = '';
    this.loc = NOWHERE;
  }

  /** Stops a call of the recursive function `fn` that would pass MAX_CALL_DEPTH. */
  tooDeep(fn: string): never {
    this.depth--;
    throw new StackOverflow(MAX_CALL_DEPTH, fn, this.host, this.loc);
  }

  /** Grows the stack after a frame push crossed `lim` (host: up to 8 MiB; device: per-lane stride doubling). */
  grow(): void {
    if (this.host) {
      const need = this.sp - STACK_BASE;
      if (need > HOST_STACK_LIMIT) throw new MemoryFault('illegal-address', this.sp, 0, 'host');
      this.memory.stack.ensure(need);
      this.lim = STACK_BASE + this.memory.stack.capacity;
      return;
    }
    const need = this.sp - LOCAL_BASE;
    let stride = Math.max(this.stride, 16);
    while (stride < need) stride *= 2;
    if (stride > MAX_LOCAL_STRIDE) throw new MemoryFault('illegal-address', this.sp, 0, 'local');
    const r = new Region(LOCAL_BASE, 32 * stride);
    for (let l = 0; l < 32; l++) r.u8.set(this.local.u8.subarray(l * this.stride, (l + 1) * this.stride), l * stride);
    this.local = r;
    this.stride = stride;
    this.lim = LOCAL_BASE + stride;
    this.memory.setLocal(r, stride);
  }
}
