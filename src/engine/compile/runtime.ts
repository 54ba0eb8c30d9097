import { CONVERSIONS } from '../lib/cvt.js';
import type { SourceLoc } from '../front/token.js';
import { lanePool } from '../exec/lane-pool.js';
import type { CType } from '../check/types.js';
import type { Dim3, HostEnv, Resumable, Scalar, Suspend } from '../exec/env.js';
import type { IFunction } from '../check/ir.js';
import type { DeviceEnv } from '../exec/grid.js';
import { DeviceAssert } from '../exec/launch-outcome.js';
import { StepLimitError, type StepCounter, type WarpCtx } from '../exec/warp.js';
import { deviceMath, doubleAsLongLong, longLongAsDouble } from '../lib/cudamath.js';
import { MATH, type MathFn } from './devmath.js';
import { SimulatorError } from '../exec/env.js';
import { fmaDouble, fmaFloat } from '../lib/fma.js';
import { formatDevicePrintf } from '../lib/printf.js';
import { toPrintfArgs } from '../runtime/printf-args.js';
import { devicePrintfArgs } from '../runtime/device-printf-args.js';
import type { Memory } from '../memory/memory.js';
import { SPACE_NAMES } from '../memory/layout.js';
import type { Generated } from './generate.js';
import * as ops from './rt.js';
import type { Diagnostic } from '../front/diag.js';
import { warpMaskMessage, type WarpMaskEvent } from './warp-diag.js';
import { TRAFFIC_SAMPLE_PERIOD, TrafficSites, type SiteTraffic } from '../exec/transactions.js';

/** A memory access's address, value and replaced value, as generated code hands them to Observer.accessValues. */
export const ACCESS_VALUES = new Float64Array(3);

/**
 * Receives debugger events from instrumented code. Blocks of a grid interleave at barriers, so
 * events name their warp: `warp.bx/by/bz` is its block, `warp.id` its index in the block.
 */
export interface Observer {
  /**
   * A warp (or the host thread) is about to execute a statement with these lanes; return true to suspend with a 'step'.
   * `site` numbers `loc` among the program's locations (the same number for the same object all run long), so an
   * observer can keep what it knows of a location in an array instead of a map keyed by the object.
   */
  statement(warp: WarpCtx, mask: number, loc: SourceLoc, site: number): boolean;
  /** One lane's memory access by `warp` (the host thread's WarpCtx for host code); a store names the value it replaces when the engine read it; `atomic`: the load or store half of an atomic. */
  access(kind: 'load' | 'store', space: string, address: number, bytes: number, value: Scalar, lane: number, warp: WarpCtx, old?: Scalar, code?: number, atomic?: boolean): void;
  /**
   * access() of a lane whose values are numbers, left in ACCESS_VALUES (address, value, and the
   * value replaced when `hasOld`); `space` is a SPACE_NAMES index. An observer that has it hears
   * these accesses here instead: a number passed to a call the engine's kernel code does not
   * inline is boxed on the heap, three per lane, which made most of a recording's garbage.
   */
  accessValues?(store: boolean, space: number, bytes: number, lane: number, warp: WarpCtx, code: number, hasOld: boolean, atomic: boolean): void;
  /**
   * One lane of device code is about to access memory (before the engine resolves the address, so
   * before any fault): false stops the access (a load reads 0, a store is dropped) as a sanitizer
   * stops the instruction it reports. Only called when the observer has it.
   */
  guard?(kind: 'load' | 'store', space: string, address: number, bytes: number, lane: number, warp: WarpCtx, atomic: boolean): boolean;
  /** A warp executed __syncwarp with the lanes of `active`; `masks` holds each active lane's mask argument. */
  warpSync?(warp: WarpCtx, active: number, masks: ArrayLike<number>, loc: SourceLoc): void;
  /** A function activation begins on `warp`: its frame pointer and, in FrameVar order (Generated.frames), each variable's register lane array (null for one in memory at fp + offset). */
  enter?(warp: WarpCtx, fn: number, fp: number, regs: readonly (Float64Array | bigint[] | null)[]): void;
  /**
   * The innermost activation on `warp` returns; `rv` holds its lanes' return values when the function returns a scalar,
   * `slot` the address in the caller's frame its lanes copied a returned struct to (each lane's own local memory).
   */
  leave?(warp: WarpCtx, rv?: Float64Array | bigint[] | null, slot?: number): void;
  /** An atomic (its lanes' load/store pairs were just reported) or a shuffle (its results go to registers) ran on the lanes of `mask`. */
  warpOp?(warp: WarpCtx, op: string, mask: number): void;
  /** Barrier traffic: 'arrive' when a warp's lanes (`mask`) reach a barrier, 'release' per waiting warp when its block's barrier opens. Reported whenever an observer is attached. */
  barrier?(kind: 'arrive' | 'release', block: Dim3, warp: number, mask: number, loc: SourceLoc): void;
  /** A warp primitive ran with a mask naming inactive lanes, or a shuffle read one (every time, not only the first per call site). */
  warpMask?(e: WarpMaskEvent): void;
  /**
   * A device warp's turn ended: it parked at a barrier (heard after its 'arrive'), its time slice or
   * the scheduler's statement ended, its kernel returned, or the launch stopped during the turn
   * (fault, hang, step limit). Reported whenever an observer is attached, under every scheduler.
   */
  turnEnd?(warp: WarpCtx): void;
  /** One lane ran __threadfence (scope 'device'; __threadfence_system too) or __threadfence_block ('block'). */
  fence?(warp: WarpCtx, lane: number, scope: 'block' | 'device'): void;
  /** A warp's active lanes (`mask`) split between `targets` (2 or more) ways at a branch: an if, a loop condition or a switch. */
  diverge?(warp: WarpCtx, mask: number, targets: number, loc: SourceLoc): void;
  /**
   * The memory traffic of the launch that just ended, per access site, counted over every warp
   * instruction. Having this hook makes the run count every instruction instead of sampling (the
   * modelled times stay those of a plain run); without it nothing extra is counted.
   */
  traffic?(sites: readonly SiteTraffic[]): void;
}

/**
 * The RT object generated code calls: scalar helpers plus the run's environment (host env,
 * device env, observer). One per Memory instance; runMain/runGrid fill in the environment.
 */
export class RuntimeHelpers {
  env: HostEnv | null = null;
  denv: DeviceEnv | null = null;
  observer: Observer | null = null;
  hostW: WarpCtx | null = null;
  /** The warp whose statement is executing (instrumented code sets it): access events name it. */
  cw: WarpCtx | null = null;
  stderr: (text: string) => void = () => undefined;
  /** Where run-time warnings go (the run's diagnostics); null leaves them unreported. */
  report: ((d: Diagnostic) => void) | null = null;
  /** Call sites already warned about, so a loop warns once. */
  private readonly warned = new Set<SourceLoc>();
  readonly DM = deviceMath;
  readonly sdiv32d = ops.sdiv32d; readonly udiv32d = ops.udiv32d; readonly srem32d = ops.srem32d; readonly urem32d = ops.urem32d;
  readonly sdiv32h = ops.sdiv32h; readonly udiv32h = ops.udiv32h; readonly srem32h = ops.srem32h; readonly urem32h = ops.urem32h;
  readonly div64 = ops.div64; readonly rem64 = ops.rem64; readonly shl64 = ops.shl64; readonly shr64 = ops.shr64;
  readonly shl32d = ops.shl32d; readonly sar32d = ops.sar32d; readonly shr32d = ops.shr32d;
  readonly f2i32d = ops.f2i32d; readonly f2u32d = ops.f2u32d; readonly f2i32h = ops.f2i32h; readonly f2u32h = ops.f2u32h; readonly f2i64 = ops.f2i64;
  readonly fma = fmaDouble;
  readonly fmaf = fmaFloat;
  readonly toPtr = ops.toPtr;
  readonly d2ll = doubleAsLongLong;
  /** CUDA's conversion intrinsics with a rounding mode, by name. */
  readonly CVT = CONVERSIONS;
  readonly ll2d = longLongAsDouble;

  /** Address buffers and counting of the program's access sites (generated code binds it as TX). */
  readonly tx: TrafficSites;

  constructor(
    private readonly M: Memory,
    private readonly gen: Generated,
  ) {
    // Instrumented (recorded, debugged) runs sample as normal runs do (exec/transactions.ts), so the
    // modelled times, and any cudaEventElapsedTime a program prints, are the same under `record`.
    this.tx = new TrafficSites(gen.sites, gen.laneLoops, TRAFFIC_SAMPLE_PERIOD);
  }

  /** Every device math function by base name (generated code binds it as MF). */
  readonly MF: Readonly<Record<string, MathFn>> = MATH;

  /** A device math function by base name. */
  math(name: string): MathFn {
    const f = MATH[name];
    if (!f) this.unimplemented(name);
    return f;
  }

  /** Stops a run that reached a built-in the simulator lacks, with a message instead of a crash. */
  unimplemented(name: string): never {
    throw new SimulatorError(`Warpscope does not implement the device function ${name}`);
  }

  fmod(a: number, b: number): number {
    return a % b;
  }

  /** Device lround/lrint (even: half to even): the integer as a 64-bit value, saturated as the GPU's conversion saturates (NaN gives INT64_MIN). */
  roundToI64(x: number, even: boolean): bigint {
    if (x !== x) return -(2n ** 63n);
    if (x >= 2 ** 63) return 2n ** 63n - 1n;
    if (x < -(2 ** 63)) return -(2n ** 63n);
    return BigInt(even ? deviceMath['rint']!(x) : deviceMath['round']!(x));
  }

  popc(x: number): number {
    let c = 0;
    for (let m = x | 0; m !== 0; m &= m - 1) c++;
    return c;
  }
  popc64(x: bigint): number {
    return this.popc(Number(BigInt.asUintN(32, x))) + this.popc(Number(BigInt.asUintN(32, x >> 32n)));
  }
  clz64(x: bigint): number {
    const hi = Number(BigInt.asUintN(32, x >> 32n));
    return hi !== 0 ? Math.clz32(hi) : 32 + Math.clz32(Number(BigInt.asUintN(32, x)));
  }
  ffs64(x: bigint): number {
    const lo = Number(BigInt.asUintN(32, x));
    if (lo !== 0) return 32 - Math.clz32(lo & -lo);
    const hi = Number(BigInt.asUintN(32, x >> 32n));
    return hi === 0 ? 0 : 64 - Math.clz32(hi & -hi);
  }
  brev(x: number): number {
    let r = 0;
    for (let i = 0; i < 32; i++) r = (r << 1) | ((x >>> i) & 1);
    return r >>> 0;
  }
  brev64(x: bigint): bigint {
    const u = BigInt.asUintN(64, x);
    return (BigInt(this.brev(Number(u & 0xffffffffn))) << 32n) | BigInt(this.brev(Number(u >> 32n)));
  }

  /** A warp's lane arrays for one function (generated code keeps them in the warp's pool). */
  lanePool(spec: string): (Float64Array | bigint[])[] {
    return lanePool(spec);
  }

  /** Throws the step-limit stop. */
  stepLimit(max?: number): never {
    throw new StepLimitError(max ?? this.denv?.maxSteps ?? 0);
  }

  /**
   * Called when the step count passes S.max: throws at the step limit; otherwise the warp's time
   * slice has ended and the result is true (a loop back-edge in a generator then yields). Without a
   * yield the check comes back a little later rather than on every statement.
   */
  stepOver(S: StepCounter): boolean {
    if (S.n > S.lim) throw new StepLimitError(S.lim);
    S.max = Math.min(S.lim, S.n + 1024);
    return true;
  }

  stepSuspend(loc: SourceLoc): Suspend {
    return { kind: 'step', loc };
  }

  obsAccess(kind: 'load' | 'store', space: string, a: number, n: number, v: Scalar, l: number, old?: Scalar, code?: number): void {
    if (this.observer && this.cw) this.observer.access(kind, space, a, n, v, l, this.cw, old, code, this.ia !== 0);
  }

  /** The values generated code leaves for obsValues (its OA). */
  readonly av = ACCESS_VALUES;

  /** Lane l's load or store of a number: address, value and (a store's, when `hasOld`) the value it replaces in ACCESS_VALUES; `space` indexes SPACE_NAMES (memory/layout.ts). */
  obsValues(store: boolean, space: number, n: number, l: number, code: number, hasOld: boolean): void {
    const o = this.observer;
    const w = this.cw;
    if (o === null || w === null) return;
    if (o.accessValues !== undefined) o.accessValues(store, space, n, l, w, code, hasOld, this.ia !== 0);
    else o.access(store ? 'store' : 'load', SPACE_NAMES[space]!, ACCESS_VALUES[0]!, n, ACCESS_VALUES[1]!, l, w, hasOld ? ACCESS_VALUES[2]! : undefined, code, this.ia !== 0);
  }

  /** 1 while an atomic's load and store run (instrumented code sets it around them), so observers can tell them from plain accesses. */
  ia = 0;

  /** Asks the observer's guard whether a device access may happen (generated code calls it only when the observer has one). */
  guard(kind: 'load' | 'store', space: string, a: number, n: number, l: number): boolean {
    const o = this.observer;
    return o === null || o.guard === undefined || this.cw === null || o.guard(kind, space, a, n, l, this.cw, this.ia !== 0);
  }

  /** A warp primitive met lanes that were not active (warp-intrinsics.ts): the listener hears every time, the user once per call site. */
  warpMask(W: WarpCtx, primitive: string, masks: Float64Array, named: number, readers: number, sources: number, outside: number, A: number, loc: SourceLoc): void {
    const first = masks[31 - Math.clz32(A & -A)]!;
    let uniform = true;
    for (let q = A; q !== 0; q &= q - 1) if (masks[31 - Math.clz32(q & -q)] !== first) uniform = false;
    const e: WarpMaskEvent = {
      primitive, loc, block: { x: W.bx, y: W.by, z: W.bz }, warp: W.id, mask: first >>> 0, uniformMask: uniform, active: A >>> 0,
      inactiveNamed: named >>> 0, readersOfInactive: readers >>> 0, readersOutsideMask: outside >>> 0, sources: sources >>> 0,
    };
    this.observer?.warpMask?.(e);
    if (this.warned.has(loc)) return;
    this.warned.add(loc);
    this.report?.({ severity: 'warning', message: warpMaskMessage(e, W.exited, W.lanes), loc });
  }

  undefinedFunction(name: string): never {
    throw new SimulatorError(`undefined reference to '${name}' (the function is declared but never defined)`);
  }

  /** Per-lane zero fill of an object (local arrays/structs with `= {}` style initialisers). */
  zeroLane(addr: number, n: number, lane: number, who: 0 | 1): void {
    const o = this.M.resolve(addr, n, lane, who, 1);
    this.M.rr.u8.fill(0, o, o + n);
  }

  /** A host built-in through the runtime. */
  hi(key: string, args: Scalar[], types: readonly CType[], loc: SourceLoc): Scalar {
    if (!this.env) throw new Error('no host environment');
    return this.env.intrinsic(key, args, types, loc) ?? 0;
  }

  /** A CUDA runtime call from host code: it may run queued kernels, so the host drives it as a generator. */
  *hg(key: string, args: Scalar[], types: readonly CType[], loc: SourceLoc): Resumable<Scalar> {
    if (!this.env) throw new Error('no host environment');
    if (!this.env.call) return this.env.intrinsic(key, args, types, loc) ?? 0;
    return (yield* this.env.call(key, args, types, loc)) ?? 0;
  }

  /** Reads a dim3 object (3 unsigned ints) from host memory. */
  dim3(addr: number): Dim3 {
    return { x: Number(this.M.hostLoad(addr, 4)), y: Number(this.M.hostLoad(addr + 4, 4)), z: Number(this.M.hostLoad(addr + 8, 4)) };
  }

  launch(kernel: IFunction, grid: Dim3, block: Dim3, shared: number, stream: Scalar, args: Scalar[], loc: SourceLoc): Resumable<void> {
    if (!this.env) throw new Error('no host environment');
    return this.env.launch(kernel, grid, block, shared, stream, args, loc);
  }

  /**
   * Device printf for one lane: formats the text and keeps it with its warp, which runGrid hands to the launch's env in the H100's order.
   * Returns the number of arguments after the format, as CUDA's device printf does (not the length printed).
   */
  dprintf(W: WarpCtx, args: Scalar[], types: readonly CType[], _l: number): number {
    const fmt = this.M.readCString(Number(args[0]));
    const values = args.slice(1);
    const read = (a: number): string | null => this.M.readCString(a);
    const text = formatDevicePrintf(fmt, devicePrintfArgs(fmt, values, types.slice(1), read) ?? toPrintfArgs(fmt, values, types.slice(1), read));
    W.printed += text;
    return args.length - 1;
  }

  /** Device assert(cond, text, file, line, function) for one lane: when it fails, prints nvcc's message and returns true (the warp traps once every lane has run it: dassertTrap). */
  dassert(W: WarpCtx, _base: string, args: Scalar[], l: number, _loc: SourceLoc): boolean {
    if (Number(args[0]) !== 0) return false;
    const s = (i: number): string => (args[i] ? this.M.readCString(Number(args[i])) : '');
    const msg = `${s(2)}:${Number(args[3] ?? 0)}: ${s(4)}: block: [${W.bx},${W.by},${W.bz}], thread: [${W.tx[l]},${W.ty[l]},${W.tz[l]}] Assertion \`${s(1)}\` failed.\n`;
    if (this.denv) this.denv.stderr(msg);
    else this.stderr(msg);
    return true;
  }

  /** The trap after a warp's failed assert: the launch faults (710), blamed on `lane`, the first lane that failed. */
  dassertTrap(lane: number): never {
    throw new DeviceAssert(lane);
  }

  /** Device-side malloc/free/memset/memcpy for one lane. */
  dlib(name: string, args: Scalar[], l: number): number {
    const a = (i: number): number => Number(args[i] ?? 0);
    switch (name) {
      case 'malloc':
        return this.M.allocGlobal(a(0)) ?? 0;
      case 'free':
        this.M.freeGlobal(a(0));
        return 0;
      case 'memset': {
        const o = this.M.resolve(a(0), a(2), l, 0, 1);
        this.M.rr.u8.fill(a(1) & 255, o, o + a(2));
        return a(0);
      }
      default:
        this.M.copyLane(a(0), a(1), a(2), l, 0);
        return a(0);
    }
  }

  /** Names of the generated module's tables, for diagnostics. */
  get generated(): Generated {
    return this.gen;
  }
}

/** Creates the helper object for one Memory. */
export function makeRuntime(M: Memory, gen: Generated): RuntimeHelpers {
  return new RuntimeHelpers(M, gen);
}
