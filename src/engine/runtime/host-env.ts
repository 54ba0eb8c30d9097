import type { SourceLoc } from '../front/token.js';
import type { IFunction } from '../check/ir.js';
import type { CType } from '../check/types.js';
import { ProgramExit, type Dim3, type HostEnv, type Resumable, type Scalar } from '../exec/env.js';
import type { CompiledProgram } from '../compile/index.js';
import type { Memory } from '../memory/index.js';
import { hostLibc } from './host-libc.js';
import { hostMath } from './host-math.js';
import { cudaApi } from './cuda-api.js';
import { memoryApi } from './memory-api.js';
import { deviceApi } from './device-api.js';
import { launchConfigError } from './launch-config.js';
import type { DeviceState } from './device-state.js';
import type { HostBuiltin, RuntimeContext } from './context.js';
import type { ProgramRun } from './program.js';

/*
 * The HostEnv that compiled host code calls: built-ins by name, and kernel launches
 * with CUDA's validation, asynchronous faults and printf flushing.
 */

/** Nanoseconds a launch costs before any work: the H100's launch latency is a few microseconds. */
const LAUNCH_OVERHEAD_NS = 4000;

/** The exit status of a program stopped because the GPU would hang: what `timeout` reports for a killed process. */
export const HANG_STATUS = 124;

/** The host side of a simulated CUDA process. */
export class HostRuntime implements HostEnv {
  private readonly table: Record<string, HostBuiltin>;

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly device: DeviceState,
    private readonly compiled: CompiledProgram,
    private readonly memory: Memory,
    private readonly run: ProgramRun,
    private readonly devicePrintf: (text: string) => void,
  ) {
    this.table = { ...hostLibc, ...cudaApi(device), ...memoryApi(device), ...deviceApi(device), assert: (c, args) => this.hostAssert(c, args) };
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
    if (listener === undefined) return fn(this.ctx, args, argTypes, loc);
    const result = fn(this.ctx, args, argTypes, loc);
    listener.apiCall({ name: base, args, result, loc });
    return result;
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

  /** Validates and runs a launch; faults surface at the next synchronising call, as on a GPU. */
  *launch(kernel: IFunction, grid: Dim3, block: Dim3, sharedBytes: number, _stream: Scalar, args: readonly Scalar[], loc: SourceLoc): Resumable<void> {
    const { ctx } = this;
    if (ctx.errors.stickyError !== 0) return;
    const info = this.compiled.kernelInfo(kernel);
    const bad = launchConfigError(grid, block, sharedBytes, info.staticSharedBytes, this.device.preset.props, this.device.maxDynamicShared.get(kernel.id));
    const listener = this.run.listener;
    const shape = { kernel: kernel.name, grid, block, sharedBytes, loc };
    if (bad !== 0) {
      ctx.errors.record(bad);
      listener?.launch({ phase: 'rejected', outcome: bad, ...shape });
      return;
    }
    listener?.launch({ phase: 'begin', ...shape });
    // A launch prints what earlier kernels left in the printf buffer.
    ctx.flushDevicePrintf();
    yield { kind: 'launch', kernel: kernel.name, loc };
    const outcome = yield* info.runGrid({ grid, block, sharedBytes }, args, {
      memory: this.memory,
      printf: this.devicePrintf,
      stderr: (text: string) => ctx.out.writeStderr(text),
      maxSteps: this.run.options.maxSteps,
      observer: listener,
    });
    listener?.launch({ phase: 'end', outcome: outcome.kind, ...shape });
    this.device.advance(LAUNCH_OVERHEAD_NS);
    switch (outcome.kind) {
      case 'ok':
        return;
      case 'fault':
        ctx.errors.kernelFault(outcome.code);
        return;
      case 'barrier-deadlock':
        this.hang(`deadlock in kernel '${kernel.name}': ${outcome.detail}; a GPU would hang here`, outcome.loc);
      case 'step-limit':
        this.hang(`kernel '${kernel.name}' stopped after ${outcome.steps} warp steps (--max-steps); it may loop forever`, loc);
    }
  }
}

