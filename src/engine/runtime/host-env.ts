import type { SourceLoc } from '../front/token.js';
import type { IFunction } from '../check/ir.js';
import type { CType } from '../check/types.js';
import { ProgramExit, type Dim3, type HostEnv, type Resumable, type Scalar } from '../exec/env.js';
import type { CompiledProgram, KernelInfo } from '../compile/index.js';
import { DeviceMemoryLimit, type Memory } from '../memory/index.js';
import { hostLibc } from './host-libc.js';
import { iostreamApi } from './iostream-api.js';
import { hostMath } from './host-math.js';
import { cudaApi } from './cuda-api.js';
import { memoryApi, symbolRangeOk } from './memory-api.js';
import { deviceApi } from './device-api.js';
import { launchConfigError } from './launch-config.js';
import type { DeviceState } from './device-state.js';
import type { HostBuiltin, ResumableBuiltin, RuntimeContext } from './context.js';
import type { ProgramRun } from './program.js';
import type { LaunchEvent } from './listener.js';
import { Streams, type Stream } from './streams.js';
import { EventTable } from './events.js';
import { streamApi } from './stream-api.js';
import { copyApi } from './copy-api.js';
import { poolApi } from './pool-api.js';
import { deviceResidency, kernelNs } from './timing.js';
import { deviceTraffic, deviceWork, trafficSnapshot } from '../exec/index.js';
import { isScalar, sizeOf } from '../check/types.js';
import { cudaErrorInvalidResourceHandle } from './api-common.js';

/*
 * The HostEnv that compiled host code calls: built-ins by name, and kernel launches
 * with CUDA's validation, asynchronous faults and printf flushing.
 */

/** The exit status of a program stopped because the GPU would hang: what `timeout` reports for a killed process. */
export const HANG_STATUS = 124;

/**
 * Other groups' built-ins that wait for the device before they act: cudaFree and cudaFreeHost
 * synchronise the whole device; symbol and 2D copies are blocking copies in the legacy stream.
 */
const WAITS_FOR_DEVICE = new Set(['cudaFree', 'cudaFreeHost']);
const WAITS_FOR_LEGACY = new Set(['cudaMemcpyToSymbol', 'cudaMemcpyFromSymbol', 'cudaMemcpy2D', 'cudaMemcpy3D', 'cudaMemcpyPeer']);

/** The host side of a simulated CUDA process. */
export class HostRuntime implements HostEnv {
  private readonly table: Record<string, HostBuiltin>;
  private readonly resumable: Record<string, ResumableBuiltin>;
  /** The device's streams and the host and device clocks of the timing model. */
  readonly streams: Streams;

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly device: DeviceState,
    private readonly compiled: CompiledProgram,
    private readonly memory: Memory,
    private readonly run: ProgramRun,
    private readonly devicePrintf: (text: string) => void,
  ) {
    this.table = { ...hostLibc, ...iostreamApi(), ...cudaApi(device), ...memoryApi(device), ...deviceApi(device), ...device.config.builtins(), assert: (c, args) => this.hostAssert(c, args) };
    this.streams = new Streams(device.preset.timing, (op) => {
      run.listener?.operation?.(op);
      run.timeline?.(op);
    });
    const events = new EventTable();
    const streamRuntime = { streams: this.streams, events, callHost: compiled.callHost.bind(compiled), resetDevice: () => device.reset() };
    this.resumable = { ...streamApi(streamRuntime), ...copyApi(this.streams, Number(device.preset.props.memPitch), (sym, off, n) => symbolRangeOk(device, sym, off, n)), ...poolApi(this.streams) };
  }

  /** Runs a CUDA runtime built-in; one that waits for the device runs the queued work it waits for first. */
  *call(key: string, args: readonly Scalar[], argTypes: readonly CType[], loc: SourceLoc): Resumable<Scalar | undefined> {
    const base = key.split(':')[0]!;
    const fn = this.resumable[base];
    // Host time passes between runtime calls, so a query right after a long kernel's launch finds it running.
    this.streams.hostNs += this.streams.timing.apiCallNs;
    if (fn === undefined) {
      if (WAITS_FOR_DEVICE.has(base)) yield* this.streams.waitAll();
      else if (WAITS_FOR_LEGACY.has(base)) yield* this.streams.waitFor(this.streams.legacy);
      return this.intrinsic(key, args, argTypes, loc);
    }
    let result: Scalar | undefined;
    try {
      result = yield* fn(this.ctx, args, argTypes, loc);
    } catch (e) {
      throw madeBy(e, base);
    }
    this.run.listener?.apiCall({ name: base, args, result, loc });
    return result;
  }

  /** What the CUDA runtime does at exit: waits for the device, so queued work runs and prints. */
  *teardown(): Resumable<void> {
    yield* this.streams.waitAll();
  }

  /** Runs a host built-in by its builtins.ts key (overloads share the part before ':'). */
  intrinsic(key: string, args: readonly Scalar[], argTypes: readonly CType[], loc: SourceLoc): Scalar | undefined {
    const base = key.split(':')[0]!;
    const fn = this.table[base] ?? hostMath(base);
    if (fn === undefined) {
      this.run.report({ severity: 'error', message: `'${base}' is not supported by Warpscope in host code`, loc });
      throw new ProgramExit(1);
    }
    const listener = this.run.listener;
    try {
      if (listener === undefined) return fn(this.ctx, args, argTypes, loc);
      const result = fn(this.ctx, args, argTypes, loc);
      listener.apiCall({ name: base, args, result, loc });
      return result;
    } catch (e) {
      throw madeBy(e, base);
    }
  }

  /** glibc's assert: message on stderr, then SIGABRT (the stdout buffer is lost). */
  private hostAssert(ctx: RuntimeContext, args: readonly Scalar[]): undefined {
    if (Number(args[0]) !== 0) return undefined;
    const m = ctx.memory;
    const [expr, file, line, fn] = [m.readCString(Number(args[1])), m.readCString(Number(args[2])), Number(args[3]), m.readCString(Number(args[4]))];
    ctx.out.discard();
    ctx.out.writeStderr(`${ctx.programName}: ${file}:${line}: ${fn}: Assertion \`${expr}' failed.\n`);
    throw new ProgramExit(134);
  }

  /**
   * Ends a program the GPU would never finish. Such a process only ends when it is killed,
   * which loses what its stdout buffer held; 124 is the status `timeout` gives it.
   */
  private hang(message: string, loc: SourceLoc): never {
    this.ctx.out.discard();
    this.run.report({ severity: 'error', message, loc });
    throw new ProgramExit(HANG_STATUS);
  }

  /** Validates a launch and queues the kernel in its stream; it runs when the host waits for it or queues work after it. */
  *launch(kernel: IFunction, grid: Dim3, block: Dim3, sharedBytes: number, stream: Scalar, args: readonly Scalar[], loc: SourceLoc): Resumable<void> {
    const { ctx } = this;
    this.streams.hostNs += this.streams.timing.launchCallNs;
    if (ctx.errors.stickyError !== 0) return;
    const info = this.compiled.kernelInfo(kernel);
    const bad = launchConfigError(grid, block, sharedBytes, info.staticSharedBytes, this.device.preset.props, this.device.maxDynamicShared.get(kernel.id), kernel.launchBounds?.maxThreads);
    const listener = this.run.listener;
    const shape = { kernel: kernel.name, grid, block, sharedBytes, staticSharedBytes: info.staticSharedBytes, loc };
    const s = this.streams.get(Number(stream));
    if (bad !== 0 || s === null) {
      const code = bad !== 0 ? bad : cudaErrorInvalidResourceHandle;
      ctx.errors.record(code);
      listener?.launch({ phase: 'rejected', outcome: code, ...shape });
      return;
    }
    // Kernel parameters are copied at the launch: struct arguments are snapshots of the caller's objects now.
    const params = args.map((a, i) => {
      const t = kernel.params[i]?.type;
      if (t === undefined || isScalar(t)) return { value: a, copy: 0 };
      const copy = this.memory.allocHost(sizeOf(t), 16);
      this.memory.copy(copy, Number(a), sizeOf(t));
      return { value: copy, copy };
    });
    yield* this.streams.submit(s, { kind: 'kernel', grid, block }, kernel.name, () => this.runKernel(kernel, info, params, shape));
    // A launch prints what earlier kernels left in the printf buffer.
    ctx.flushDevicePrintf();
  }

  /** Runs a queued kernel; returns its modelled duration. Faults surface at the next synchronising call, as on a GPU. */
  private *runKernel(kernel: IFunction, info: KernelInfo, params: readonly { value: Scalar; copy: number }[], shape: LaunchShape): Resumable<number> {
    const { ctx } = this;
    const listener = this.run.listener;
    const { grid, block, sharedBytes, loc } = shape;
    // A kernel queued before a fault made the context unusable never runs.
    if (ctx.errors.stickyError !== 0) return 0;
    listener?.launch({ phase: 'begin', ...shape });
    yield { kind: 'launch', kernel: kernel.name, loc };
    const before = deviceWork.warpStatements;
    const t0 = trafficSnapshot();
    const warpsPerBlock = Math.ceil((block.x * block.y * block.z) / 32);
    const timing = this.streams.timing;
    // The preset's SMs and per-SM limits decide how many blocks run at once (and interleave at barriers).
    const residentBlocks = deviceResidency(timing, this.device.preset.sm, warpsPerBlock, Math.ceil(info.staticSharedBytes / 16) * 16 + sharedBytes);
    const outcome = yield* info.runGrid({ grid, block, sharedBytes }, params.map((p) => p.value), {
      residentBlocks,
      memory: this.memory,
      printf: this.devicePrintf,
      stderr: (text: string) => ctx.out.writeStderr(text),
      maxSteps: this.run.options.maxSteps,
      observer: listener,
      scheduler: this.run.options.scheduler,
      // Nothing else may write memory while the warps spin: no debugger the user drives, no kernel a GPU would run beside this one.
      stopSpins: !interactive(this.run) && !this.streams.busyBeside(),
    });
    for (const p of params) if (p.copy !== 0) this.memory.freeHost(p.copy);
    listener?.launch({ phase: 'end', outcome: outcome.kind, ...shape, ...(outcome.kind === 'fault' ? { fault: outcome } : {}) });
    const t = deviceTraffic;
    const duration = kernelNs(timing, {
      warpStatements: deviceWork.warpStatements - before,
      globalLoads: t.globalLoads - t0.globalLoads + t.localLoads - t0.localLoads,
      sectors: t.globalLoadSectors - t0.globalLoadSectors + t.globalStoreSectors - t0.globalStoreSectors + t.localSectors - t0.localSectors,
      sharedWavefronts: t.sharedLoadWavefronts - t0.sharedLoadWavefronts + t.sharedStoreWavefronts - t0.sharedStoreWavefronts,
      blocks: grid.x * grid.y * grid.z,
      warpsPerBlock,
      residentBlocks,
    });
    switch (outcome.kind) {
      case 'ok':
        return duration;
      case 'fault':
        ctx.errors.kernelFault(outcome.code);
        return duration;
      case 'barrier-deadlock': {
        // An analysis (synccheck) may report the hang and end the launch as failed instead, where a GPU would hang.
        const code = listener?.deadlock?.({ kernel: kernel.name, loc: outcome.loc, detail: outcome.detail });
        if (code !== undefined) {
          ctx.errors.kernelFault(code);
          return duration;
        }
        this.hang(`deadlock in kernel '${kernel.name}': ${outcome.detail}; a GPU would hang here`, outcome.loc);
      }
      case 'step-limit':
        if (outcome.spin) this.hang(`kernel '${kernel.name}' makes no progress: ${outcome.spin.detail}; a GPU would hang here`, outcome.spin.loc);
        if (outcome.idle !== undefined) this.hang(`kernel '${kernel.name}' stopped after ${outcome.steps} warp steps (--max-steps), ${outcome.idle} of its ${grid.x * grid.y * grid.z} blocks started; each warp that runs no statement counts as a step`, loc);
        this.hang(`kernel '${kernel.name}' stopped after ${outcome.steps} warp steps (--max-steps); it may loop forever`, loc);
    }
  }
}

/** An exception from the runtime call `name`: a device memory limit it met names it. */
function madeBy(e: unknown, name: string): unknown {
  if (e instanceof DeviceMemoryLimit) e.by(name);
  return e;
}

/** Whether a user drives the run (a live debugger, whose listener suspends it): they may change memory while it is stopped, and stop a hung kernel themselves. */
export function interactive(run: ProgramRun): boolean {
  return run.listener?.suspends === true;
}

/** What every launch event (rejected, begin, end) says about a launch. */
type LaunchShape = Pick<LaunchEvent, 'kernel' | 'grid' | 'block' | 'sharedBytes' | 'staticSharedBytes' | 'loc'>;
