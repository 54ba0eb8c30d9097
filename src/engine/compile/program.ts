import type { SourceLoc } from '../front/token.js';
import type { Diagnostic } from '../front/diag.js';
import type { IFunction, IProgram, VarSym } from '../check/ir.js';
import { isScalar, isWide, sizeOf, type CType } from '../check/types.js';
import { alignOfVar } from '../check/layout.js';
import { SimulatorError, StackOverflow, isStackExhausted, type Dim3, type HostEnv, type Resumable, type Scalar, type Suspend } from '../exec/env.js';
import { MemoryFault } from '../memory/fault.js';
import { runGrid, type DeviceEnv } from '../exec/grid.js';
import type { KernelEntry } from '../exec/admission.js';
import type { LaunchOutcome } from '../exec/launch-outcome.js';
import { StepLimitError, WarpCtx } from '../exec/warp.js';
import { PARAM_BASE, SHARED_BASE } from '../memory/layout.js';
import type { Memory, StaticPlace } from '../memory/memory.js';
import { generate, type Generated } from './generate.js';
import { HostSigfpe } from './rt.js';
import { makeRuntime, type Observer, type RuntimeHelpers } from './runtime.js';
import { probe, spinClock, type HostCounter } from '../exec/spin.js';
import { doesNothing } from './analyze.js';

/** Compilation options: fmad contracts a*b+c into fma (nvcc's default; the engine's default is off, like -fmad=false); instrument reports statements and accesses to an Observer. */
export interface CompileOptions {
  readonly fmad?: boolean;
  readonly instrument?: boolean;
  /** Instrumented statement heads may suspend (default true): false when the observer never asks to, which keeps functions that need no suspending plain functions, as an uninstrumented run has them. */
  readonly suspend?: boolean;
  /** Device statement heads may end a warp's turn (round-robin and random schedulers; needs `instrument`). */
  readonly switches?: boolean;
}

/** Options of one program run. */
export interface RunOptions {
  /** Host statements allowed before the run is stopped with StepLimitError (default unlimited). */
  readonly maxSteps?: number;
  /** Where host-side crash messages go ("Floating point exception" on SIGFPE); also used for device asserts when the DeviceEnv has none. */
  readonly stderr?: (text: string) => void;
  readonly observer?: Observer;
  /** Where run-time warnings about the program go (warp masks naming inactive lanes). */
  readonly report?: (d: Diagnostic) => void;
  /** Whether host code proven to loop forever may be stopped now (exec/spin.ts); never when absent. */
  readonly spinStop?: () => boolean;
}

/** A kernel's resources and its launcher. */
export interface KernelInfo {
  readonly staticSharedBytes: number;
  /** Local (stack frame) bytes per thread of the kernel itself. */
  readonly localBytes: number;
  runGrid(config: { grid: Dim3; block: Dim3; sharedBytes: number }, args: readonly Scalar[], env: DeviceEnv): Resumable<LaunchOutcome>;
}

/** The compiled program. */
export interface CompiledProgram {
  /** The generated JS (for debugging the compiler). */
  readonly source: string;
  runMain(env: HostEnv, argv: readonly string[], memory: Memory, opts?: RunOptions): Resumable<number>;
  /** Address of a static variable in the memory of the latest run (cudaMemcpyToSymbol). */
  symbolAddress(v: VarSym): number;
  kernelInfo(kernel: IFunction): KernelInfo;
  /** Calls host function `fnId` (an IFunction id) on the host thread of the running main(): a stream callback. */
  callHost(fnId: number, args: readonly Scalar[]): Resumable<void>;
  /** Where the program's objects live in `memory` (placing its statics there first): what a debugger needs to find variables. */
  layout(memory: Memory): ProgramLayout;
}

/** The placement of a program's variables, for debuggers. */
export interface ProgramLayout {
  /** Namespace-scope and static variables with their addresses. */
  readonly statics: readonly { readonly v: VarSym; readonly address: number }[];
  /** Per kernel (IFunction id): its __shared__ variables' addresses and where dynamic shared memory starts. */
  readonly shared: ReadonlyMap<number, { readonly vars: readonly { readonly v: VarSym; readonly address: number }[]; readonly dynamic: number }>;
  /** Each function's named variables: register or frame offset (Generated.frames). */
  readonly frames: Generated['frames'];
}

type Fn = (...a: unknown[]) => unknown;
type Module = { fns: Record<string, Fn>; setObserver(o: Observer | null): void };

interface Instance {
  readonly mod: Module;
  readonly G: number[];
  readonly rt: RuntimeHelpers;
}

/** Compiles every function of the program once into one JS module. */
export function compileProgram(prog: IProgram, options: CompileOptions = {}): CompiledProgram {
  const instrument = options.instrument ?? false;
  const gen = generate(prog, { fmad: options.fmad ?? false, instrument, suspend: instrument && (options.suspend ?? true), switches: instrument && (options.switches ?? false) });
  const factory = new Function('ENV', gen.source) as (env: unknown) => Module;
  const instances = new WeakMap<Memory, Instance>();
  let latest: Instance | null = null;
  const layouts = new Map<IFunction, { shv: number[]; bytes: number }>();

  const instance = (memory: Memory): Instance => {
    let inst = instances.get(memory);
    if (inst) return inst;
    const G = placeStatics(gen, memory);
    const rt = makeRuntime(memory, gen);
    const mod = factory({ RT: rt, M: memory, G, LOC: gen.locs, FN: gen.fns, TY: gen.types, SP: probe, SC: spinClock });
    inst = { mod, G, rt };
    instances.set(memory, inst);
    return inst;
  };

  const sharedLayout = (k: IFunction): { shv: number[]; bytes: number } => {
    let lay = layouts.get(k);
    if (lay) return lay;
    const shv: number[] = [];
    let off = 0;
    for (const f of gen.reach(k))
      for (const v of gen.facts.get(f)?.shared ?? []) {
        if (v.storage !== 'shared') continue;
        const i = gen.shared.indexOf(v);
        if (i < 0 || shv[i] !== undefined) continue;
        const a = alignOfVar(v);
        off = Math.ceil(off / a) * a;
        shv[i] = SHARED_BASE + off;
        off += sizeOf(v.type);
      }
    lay = { shv, bytes: off };
    layouts.set(k, lay);
    return lay;
  };

  const kernelInfo = (kernel: IFunction): KernelInfo => {
    const lay = sharedLayout(kernel);
    const idle = doesNothing(kernel);
    const localBytes = kernel.locals.concat(kernel.params).filter((v) => !isScalar(v.type) || gen.facts.get(kernel)?.addressTaken.has(v)).reduce((n, v) => n + sizeOf(v.type), 0);
    return {
      staticSharedBytes: lay.bytes,
      localBytes,
      runGrid(config, args, env) {
        const inst = instance(env.memory);
        latest = inst;
        inst.rt.denv = env;
        // A launch stopped inside an atomic (a fault, a sanitizer) leaves the atomic flag set.
        inst.rt.ia = 0;
        if (env.observer) {
          inst.mod.setObserver(env.observer);
          inst.rt.observer = env.observer;
          if (env.observer.traffic) inst.rt.tx.setExact();
        }
        const entry = inst.mod.fns[`D${kernel.id}`] as unknown as KernelEntry;
        return settled(inst.rt, gen.locs, runGrid({ entry, staticShared: lay.bytes, shv: lay.shv, wide: kernel.params.map((p) => isWide(p.type)), structBytes: kernel.params.map((p) => (isScalar(p.type) ? 0 : sizeOf(p.type))), paramBase: PARAM_BASE, idle }, config, args, env));
      },
    };
  };

  return {
    source: gen.source,
    kernelInfo,
    layout(memory) {
      const inst = instance(memory);
      const shared = new Map<number, { vars: { v: VarSym; address: number }[]; dynamic: number }>();
      for (const k of prog.functions) {
        if (k.space !== 'global') continue;
        const lay = sharedLayout(k);
        const vars = lay.shv.flatMap((address, i) => (address === undefined ? [] : [{ v: gen.shared[i]!, address }]));
        const dynamic = SHARED_BASE + Math.ceil(lay.bytes / 16) * 16;
        // Every `extern __shared__` array the kernel reaches names the start of its dynamic shared memory.
        const seen = new Set<VarSym>();
        for (const f of gen.reach(k)) for (const v of gen.facts.get(f)?.shared ?? []) if (v.storage === 'dynamicShared' && !seen.has(v)) seen.add(v), vars.push({ v, address: dynamic });
        shared.set(k.id, { vars, dynamic });
      }
      return { statics: gen.statics.map((v, i) => ({ v, address: inst.G[i]! })), shared, frames: gen.frames };
    },
    symbolAddress(v) {
      if (!latest) throw new Error('symbolAddress before the program ran');
      const i = gen.statics.indexOf(v);
      if (i < 0) throw new Error(`${v.name} is not a static variable`);
      return latest.G[i]!;
    },
    *callHost(fnId, args) {
      const fn = prog.functions.find((f) => f.id === fnId);
      const f = latest?.mod.fns[`H${fnId}`];
      const W = latest?.rt.hostW;
      if (!fn || !f || !W) throw new Error(`host function ${fnId} is not available`);
      const params = fn.params.map((p, i) => (isWide(p.type) ? new Array<bigint>(32).fill(BigInt(args[i] ?? 0)) : new Float64Array(32).fill(Number(args[i] ?? 0))));
      const r = f(W, 1, new Float64Array(32), 0, ...params) as Generator<Suspend, void, void> | undefined;
      // Host functions that reach no launch or runtime call are compiled as plain functions.
      if (r !== undefined && typeof r.next === 'function') yield* r;
    },
    *runMain(env, argv, memory, opts = {}) {
      const inst = instance(memory);
      latest = inst;
      inst.rt.env = env;
      inst.rt.stderr = opts.stderr ?? (() => undefined);
      inst.rt.report = opts.report ?? null;
      inst.mod.setObserver(opts.observer ?? null);
      inst.rt.observer = opts.observer ?? null;
      if (!prog.main) throw new Error('no main function');
      const S: HostCounter = { n: 0, max: opts.maxSteps ?? Infinity, lim: opts.maxSteps ?? Infinity, t: 0, spinStop: opts.spinStop };
      const W = new WarpCtx(S, memory, true);
      inst.rt.hostW = W;
      // argv strings and the argv array live in host memory, like the kernel gives them to main.
      const ptrs = argv.map((a) => {
        const p = memory.allocHost(a.length + 1);
        memory.writeBytes(p, new Uint8Array([...a].map((c) => c.charCodeAt(0) & 255).concat(0)));
        return p;
      });
      const arr = memory.allocHost(8 * (argv.length + 1));
      ptrs.forEach((p, i) => memory.store(arr + 8 * i, { kind: 'pointer', to: { kind: 'void' } }, p));
      const main = inst.mod.fns[`H${prog.main.id}`] as (...a: unknown[]) => Generator<Suspend, void, void>;
      const rv = new Float64Array(32);
      const params = prog.main.params.map((p, i) => {
        const v = i === 0 ? argv.length : arr;
        return isWide(p.type) ? new Array<bigint>(32).fill(BigInt(v)) : new Float64Array(32).fill(v);
      });
      try {
        // C++ initialises host globals that need code before main runs, in declaration order.
        if (prog.init) yield* (inst.mod.fns[`H${prog.init.id}`] as (...a: unknown[]) => Generator<Suspend, void, void>)(W, 1, new Float64Array(32), 0);
        yield* main(W, 1, rv, 0, ...params);
      } catch (e) {
        if (e instanceof StepLimitError) throw e;
        if (e instanceof HostSigfpe) inst.rt.stderr('Floating point exception\n');
        throw hostFailure(e, W);
      }
      return isScalar(prog.main.ret) ? rv[0]! | 0 : 0;
    },
  };
}

/** An exception leaving host code: JavaScript's stack running out is the program's stack overflow; faults and limits learn the statement they stopped. */
function hostFailure(e: unknown, W: WarpCtx): unknown {
  const at = W.loc.line > 0 ? W.loc : null;
  if (isStackExhausted(e)) return new StackOverflow(W.depth, null, true, at);
  if (e instanceof SimulatorError || e instanceof MemoryFault) e.loc ??= at;
  return e;
}

/** Runs a launch and then adds its memory traffic to deviceTraffic, however it ends, and tells an observer that asked for them the exact counts. */
function* settled(rt: RuntimeHelpers, locs: readonly SourceLoc[], launch: Resumable<LaunchOutcome>): Resumable<LaunchOutcome> {
  try {
    return yield* launch;
  } finally {
    rt.tx.settle();
    const exact = rt.tx.takeExact(locs);
    if (exact !== null) rt.observer?.traffic?.(exact);
  }
}

function placeStatics(gen: Generated, memory: Memory): number[] {
  const addrs = gen.statics.map((v) => {
    const where: StaticPlace = v.storage === 'device' ? 'global' : v.storage === 'managed' ? 'managed' : v.storage === 'constant' ? 'constant' : v.storage === 'literal' ? 'rodata' : 'hdata';
    const addr = memory.placeStatic(sizeOf(v.type), alignOfVar(v), where);
    if (v.init) memory.writeBytes(addr, v.init);
    return addr;
  });
  // Addresses in initialisers (a table of string literals) are known once everything is placed, as at link time.
  gen.statics.forEach((v, i) => {
    for (const r of v.relocs ?? []) {
      const target = gen.statics.indexOf(r.target);
      if (target < 0) throw new Error(`internal: relocation to unplaced '${r.target.name}'`);
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setBigUint64(0, BigInt(addrs[target]! + r.addend), true);
      memory.writeBytes(addrs[i]! + r.offset, bytes);
    }
  });
  return addrs;
}

export type { SourceLoc, CType };
