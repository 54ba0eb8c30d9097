import type { SourceLoc } from '../front/token.js';
import { SimulatorError, type Dim3, type Resumable, type Scalar, type Suspend } from './env.js';
import { MemoryFault } from '../memory/fault.js';
import type { Memory } from '../memory/memory.js';
import { LOCAL_BASE } from '../memory/layout.js';
import { Region } from '../memory/region.js';
import { StepLimitError, WarpCtx, deviceWork, type StepCounter } from './warp.js';
import { formatThreads, threadWord } from './threads.js';
import type { Observer } from '../compile/runtime.js';

/** What a launch needs from the runtime. */
export interface DeviceEnv {
  readonly memory: Memory;
  /** Receives device printf output, one call per printing thread, in GPU order. */
  printf(text: string): void;
  /** Receives device assert messages (the program's stderr). */
  stderr(text: string): void;
  /** Warp-statements a launch may execute before it is stopped. */
  readonly maxSteps: number;
  /** Receives non-fatal diagnostics. None is produced since barriers count threads (sm_70+): a barrier reached by part of a warp is a deadlock outcome now. */
  diagnostic?(d: LaunchDiagnostic): void;
  /** Debugger hooks; only reported by programs compiled with `instrument`. */
  readonly observer?: Observer;
}

/** A note about questionable but non-fatal behaviour. */
export interface LaunchDiagnostic {
  readonly kind: 'barrier-divergence';
  readonly loc: SourceLoc;
  readonly block: Dim3;
  /** Threads (x,y,z) of the warp that arrived. */
  readonly arrived: readonly Dim3[];
}

/** How a launch ended. */
export type LaunchOutcome =
  | { kind: 'ok' }
  | { kind: 'fault'; code: number; message: string; loc: SourceLoc; block: Dim3; thread: Dim3 }
  | { kind: 'barrier-deadlock'; loc: SourceLoc; detail: string }
  | { kind: 'step-limit'; steps: number };

/** Thrown by device assert: CUDA error 710 after the message is printed. */
export class DeviceAssert extends Error {
  constructor(readonly lane: number) {
    super('device-side assert triggered');
  }
}

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
}

const dim = (x: number, y: number, z: number): Dim3 => ({ x, y, z });

/** Runs every block of a grid, one after another; warps of a block round-robin (highest first) between barriers. */
export function* runGrid(k: KernelLaunch, config: { grid: Dim3; block: Dim3; sharedBytes: number }, args: readonly Scalar[], env: DeviceEnv): Resumable<LaunchOutcome> {
  const S: StepCounter = { n: 0, max: env.maxSteps, t: 0 };
  try {
    return yield* runBlocks(k, config, args, env, S);
  } finally {
    deviceWork.warpStatements += S.n;
    deviceWork.threadStatements += S.t;
  }
}

/** The launch proper; runGrid adds its step counts to deviceWork however it ends. */
function* runBlocks(k: KernelLaunch, config: { grid: Dim3; block: Dim3; sharedBytes: number }, args: readonly Scalar[], env: DeviceEnv, S: StepCounter): Resumable<LaunchOutcome> {
  const M = env.memory;
  const { grid, block } = config;
  const threads = block.x * block.y * block.z;
  const nw = Math.ceil(threads / 32);
  const sharedSize = Math.ceil(k.staticShared / 16) * 16 + config.sharedBytes;
  const sharedRegion = new Region(M.shared.base, Math.max(sharedSize, 8));
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
  // One WarpCtx and one set of parameter lanes per warp for the whole launch: blocks run one after
  // another, so the next block reuses them (allocating them per block dominated many-block launches).
  const warps: WarpCtx[] = [];
  const params: (Float64Array | bigint[])[][] = [];
  for (let w = 0; w < nw; w++) {
    const W = new WarpCtx(S, M, false);
    W.id = w;
    W.bdx = block.x; W.bdy = block.y; W.bdz = block.z;
    W.gdx = grid.x; W.gdy = grid.y; W.gdz = grid.z;
    W.shv = k.shv;
    W.dyn = M.shared.base + Math.ceil(k.staticShared / 16) * 16;
    for (let l = 0; l < 32; l++) {
      const t = w * 32 + l;
      if (t >= threads) break;
      W.lanes |= 1 << l;
      W.tx[l] = t % block.x;
      W.ty[l] = Math.floor(t / block.x) % block.y;
      W.tz[l] = Math.floor(t / (block.x * block.y));
    }
    warps.push(W);
    params.push(vals.map((_, i) => (k.wide[i] ? new Array<bigint>(32) : new Float64Array(32))));
  }
  for (let bz = 0; bz < grid.z; bz++)
    for (let by = 0; by < grid.y; by++)
      for (let bx = 0; bx < grid.x; bx++) {
        sharedRegion.u8.fill(0);
        M.setShared(sharedRegion, sharedSize);
        const gens: (Generator<number | Suspend, void, void> | null)[] = [];
        for (let w = 0; w < nw; w++) {
          const W = warps[w]!;
          W.resetForBlock();
          W.bx = bx; W.by = by; W.bz = bz;
          // Kernels may assign their parameters: every block starts from the launch's values.
          const ps = params[w]!;
          for (let i = 0; i < ps.length; i++) {
            const p = ps[i]!;
            if (p instanceof Float64Array) p.fill(Number(vals[i]));
            else p.fill(BigInt(vals[i]!));
          }
          M.setLocal(W.local, W.stride);
          gens.push(k.entry(W, W.lanes, null, 0, ...ps));
        }
        const waiting = new Uint8Array(nw);
        const blockIdx = dim(bx, by, bz);
        let cur: WarpCtx = warps[0]!;
        try {
          for (;;) {
            // Run every warp that is not parked until it parks at a barrier or finishes, highest warp
            // first: an H100 printed device printf of one block's warps in that order.
            let alive = 0;
            for (let w = nw - 1; w >= 0; w--) {
              const g = gens[w];
              if (!g) continue;
              if (!waiting[w]) {
                cur = warps[w]!;
                M.setLocal(cur.local, cur.stride);
                for (;;) {
                  const r = g.next();
                  if (r.done) {
                    gens[w] = null;
                    break;
                  }
                  if (typeof r.value === 'number') {
                    waiting[w] = 1;
                    break;
                  }
                  yield r.value;
                  M.setShared(sharedRegion, sharedSize);
                  M.setLocal(cur.local, cur.stride);
                }
              }
              if (gens[w]) alive++;
            }
            if (alive === 0) break;
            // Every live warp is parked now. sm_70+ barriers count threads: they release once every
            // non-exited thread waits at one. Lanes that diverged away from a barrier wait for their
            // warp to reconverge, so they never arrive: the block hangs, as the GPU would.
            const missing = barrierShortfall(warps, gens);
            if (missing !== null) return { kind: 'barrier-deadlock', loc: firstBarrierLoc(warps, gens), detail: deadlockDetail(warps, gens, blockIdx, missing) };
            releaseBarrier(warps, waiting, gens);
          }
        } catch (e) {
          if (e instanceof StepLimitError) {
            // Some warps wait at a barrier that a looping warp never reaches: that is the hang to report.
            if (warps.some((_, i) => waiting[i] && gens[i])) {
              const parked = warps.map((W, i) => (waiting[i] && gens[i] ? W : null));
              const missing = warps.flatMap((W, i) => (parked[i] ? threadsOf(W, W.lanes & ~W.exited & ~W.barMask) : gens[i] ? threadsOf(W, W.lanes & ~W.exited) : []));
              return { kind: 'barrier-deadlock', loc: firstBarrierLoc(warps, parked), detail: deadlockDetail(warps, parked, blockIdx, missing) };
            }
            return { kind: 'step-limit', steps: e.steps };
          }
          if (e instanceof MemoryFault) {
            const lane = e.lane >= 0 ? e.lane : 31 - Math.clz32(cur.lanes & -cur.lanes);
            return { kind: 'fault', code: e.kind === 'misaligned' ? 716 : 700, message: e.kind === 'misaligned' ? 'misaligned address' : 'an illegal memory access was encountered', loc: cur.loc, block: blockIdx, thread: dim(cur.tx[lane]!, cur.ty[lane]!, cur.tz[lane]!) };
          }
          if (e instanceof SimulatorError) e.loc ??= cur.loc;
          if (e instanceof DeviceAssert) {
            const lane = e.lane;
            return { kind: 'fault', code: 710, message: 'device-side assert triggered', loc: cur.loc, block: blockIdx, thread: dim(cur.tx[lane]!, cur.ty[lane]!, cur.tz[lane]!) };
          }
          throw e;
        }
      }
  return { kind: 'ok' };
}

/** Threads that are neither exited nor waiting at a barrier, or null when every live thread waits (all warps parked). */
function barrierShortfall(warps: readonly WarpCtx[], gens: readonly unknown[]): Dim3[] | null {
  let short = false;
  for (let w = 0; w < warps.length; w++) {
    const W = warps[w]!;
    if (gens[w] && (W.lanes & ~W.exited & ~W.barMask) !== 0) short = true;
  }
  if (!short) return null;
  return warps.flatMap((W, w) => (gens[w] ? threadsOf(W, W.lanes & ~W.exited & ~W.barMask) : []));
}

function firstBarrierLoc(warps: readonly WarpCtx[], parked: readonly unknown[]): SourceLoc {
  return warps.find((_, i) => parked[i])!.barLoc;
}

/** "threads (1..254,0,0) of block (0,0,0) wait at line 26; threads (0,0,0) and (255,0,0) never arrive". */
function deadlockDetail(warps: readonly WarpCtx[], parked: readonly unknown[], block: Dim3, missing: readonly Dim3[]): string {
  const byLine = new Map<number, Dim3[]>();
  for (let w = 0; w < warps.length; w++) {
    if (!parked[w]) continue;
    const W = warps[w]!;
    const list = byLine.get(W.barLoc.line) ?? [];
    list.push(...threadsOf(W, W.barMask));
    byLine.set(W.barLoc.line, list);
  }
  const waits = [...byLine].map(([line, ts], i) => `${threadWord(ts.length)} ${formatThreads(ts)}${i === 0 ? ` of block (${block.x},${block.y},${block.z})` : ''} ${ts.length === 1 ? 'waits' : 'wait'} at line ${line}`);
  return `${waits.join(', ')}; ${threadWord(missing.length)} ${formatThreads(missing)} never ${missing.length === 1 ? 'arrives' : 'arrive'}`;
}

/** Releases the parked warps and gives each the block-wide result of __syncthreads_count/_and/_or. */
function releaseBarrier(warps: WarpCtx[], waiting: Uint8Array, gens: unknown[]): void {
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
  }
}

function threadsOf(W: WarpCtx, mask: number): Dim3[] {
  const out: Dim3[] = [];
  for (let l = 0; l < 32; l++) if (mask & (1 << l)) out.push(dim(W.tx[l]!, W.ty[l]!, W.tz[l]!));
  return out;
}

export { LOCAL_BASE };
