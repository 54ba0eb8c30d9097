import type { IFunction, IProgram } from '../check/ir.js';
import type { SourceLoc } from '../front/token.js';
import { sizeOf } from '../check/types.js';
import type { Diagnostic } from '../front/diag.js';
import type { RunOptions } from '../api.js';
import { HostCrash } from './host-heap.js';
import { ProgramExit, SIGSEGV_STATUS, SimulatorError, StackOverflow, type Resumable } from '../exec/env.js';
import { compileProgram } from '../compile/index.js';
import { Memory, MemoryFault } from '../memory/index.js';
import { GlibcRandom } from '../lib/rand.js';
import { ProgramOutput, type OutputSink } from './output.js';
import { CudaErrorState } from './cuda-errors-state.js';
import { DeviceState } from './device-state.js';
import { HANG_STATUS, HostRuntime, interactive } from './host-env.js';
import { HostSpin } from '../exec/spin.js';
import { StepLimitError } from '../exec/index.js';
import { switchesAtStatements } from '../exec/scheduler.js';
import type { RuntimeContext } from './context.js';
import type { ExecutionListener, TimelineOp } from './listener.js';
import { devicePresets, findPreset } from './presets/index.js';
import { kernelResources } from './kernel-resources.js';
import { debugInfo } from '../debuginfo/symbols.js';

/*
 * Runs a checked program's main() to its end: the host side of a CUDA process.
 * Everything the program prints goes to the sink with stdio's buffering; the status
 * is what the process would exit with (128 + signal for a crash).
 */

/** How to run a program and where its output goes. */
export interface ProgramRun {
  readonly argv: readonly string[];
  readonly options: RunOptions;
  readonly sink: OutputSink;
  /** Run-time diagnostics from Warpscope itself (deadlocks, step limits, internal errors). */
  readonly report: (d: Diagnostic) => void;
  /** Hears every statement, memory access, barrier, API call and launch; without one the program is compiled with no instrumentation. */
  readonly listener?: ExecutionListener;
  /** Hears each stream operation with its modelled times, without instrumenting the program (`--timeline`). */
  readonly timeline?: (op: TimelineOp) => void;
}

/** The first page of the address space, never mapped: a null pointer's member or element lands there. */
const NULL_PAGE = 4096;
/** glibc's default stack (WarpCtx.grow's host limit). */
const HOST_STACK_MIB = 8;
const NOWHERE = { file: '', line: 0, col: 0 };
/** What the CLI exits with for bad usage: an unknown --device is one. */
const BAD_DEVICE_STATUS = 2;

/** Drives a resumable computation to its end (a plain run does not pause). */
function finish<T>(gen: Resumable<T>): T {
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

/** Runs `program` as a process would; returns its exit status. */
export function runProgram(program: IProgram, run: ProgramRun): number {
  return finish(startProgram(program, run));
}

/**
 * Runs `program` as a resumable computation: it suspends wherever the listener's statement hook
 * asks (a debugger advancing a recording a slice at a time) and returns the exit status.
 */
export function* startProgram(program: IProgram, run: ProgramRun): Resumable<number> {
  const preset = findPreset(run.options.device ?? 'h100');
  if (!preset) {
    run.report({ severity: 'error', message: `unknown device '${run.options.device ?? ''}' (known: ${devicePresets.map((p) => p.id).join(', ')})`, loc: NOWHERE });
    return BAD_DEVICE_STATUS;
  }
  // A debugged program writes to a terminal, where stdio flushes stdout at each newline.
  const out = new ProgramOutput(run.sink, run.options.lineBuffered ?? false);
  const memory = new Memory(preset.allocatableBytes);
  const listener = run.listener;
  listener?.memory?.(memory);
  if (listener?.memoryWrite) memory.onWrite = (a, before, after, lane) => listener.memoryWrite!(a, before, after, lane);
  if (listener?.mapping) memory.onMapping = (e) => listener.mapping!(e);
  // Round-robin and random schedulers switch warps at statement heads, which only instrumented code has (no observer needed).
  const switches = switchesAtStatements(run.options.scheduler);
  const compiled = compileProgram(program, { fmad: run.options.fmad, instrument: run.listener !== undefined || switches, suspend: run.listener?.suspends ?? true, switches });
  const device = new DeviceState(preset);
  let devicePrintf = '';
  const ctx: RuntimeContext = {
    memory,
    out,
    random: new GlibcRandom(),
    errors: new CudaErrorState(),
    programName: run.argv[0] ?? 'a.out',
    flushDevicePrintf: () => {
      if (devicePrintf.length > 0) out.writeStdout(devicePrintf);
      devicePrintf = '';
    },
  };
  let symbols: { base: number; size: number }[] | null = null;
  device.symbolAt = (addr) => {
    // Symbols have addresses only once main() has started and placed them, so the table is built on first use.
    symbols ??= program.globals.filter((v) => v.storage === 'device' || v.storage === 'constant' || v.storage === 'managed').map((v) => ({ base: compiled.symbolAddress(v), size: sizeOf(v.type) }));
    return symbols.find((s) => addr >= s.base && addr < s.base + s.size) ?? null;
  };
  device.kernelAt = (id) => {
    const fn = program.functions.find((f) => f.id === id && f.space === 'global');
    return fn ? kernelResources(fn, compiled.kernelInfo(fn), preset) : null;
  };
  const host = new HostRuntime(ctx, device, compiled, memory, run, (text) => {
    devicePrintf += text;
  });
  listener?.symbols?.(debugInfo(program, compiled.layout(memory)));
  try {
    // A host loop proven to spin ends the run, unless a user could change memory or queued kernels would run beside it on a GPU.
    const spinStop = (): boolean => !interactive(run) && !host.streams.busyBeside();
    const status = yield* compiled.runMain(host, run.argv, memory, { maxSteps: run.options.maxHostSteps, stderr: (t) => out.writeStderr(t), observer: run.listener, report: run.report, spinStop });
    // Returning from main runs exit(): the CUDA runtime's teardown waits for queued work and prints pending device output, stdio flushes.
    yield* host.teardown();
    ctx.flushDevicePrintf();
    out.flush();
    return status & 0xff;
  } catch (e) {
    if (e instanceof ProgramExit) {
      out.flush();
      return e.status;
    }
    if (e instanceof StepLimitError) {
      // Host code looping forever: stop it as a hung process would be stopped.
      out.discard();
      run.report({ severity: 'error', message: `the host program ran past ${e.steps} steps (--max-host-steps) and was stopped; it may loop forever`, loc: program.main?.loc ?? NOWHERE });
      return HANG_STATUS;
    }
    if (e instanceof HostSpin) {
      out.discard();
      run.report({ severity: 'error', message: "the host program makes no progress: nothing this loop's exit depends on ever changes, so it would run forever", loc: e.loc });
      return HANG_STATUS;
    }
    if (e instanceof HostCrash) {
      // Killed inside the C library (glibc's heap checks, an uncaught exception): the stdout buffer is lost.
      out.discard();
      run.report({ severity: 'error', message: e.message, loc: e.loc });
      return e.status;
    }
    if (e instanceof MemoryFault) {
      // A host access to memory it does not own: the process dies of SIGSEGV and its stdout buffer is lost.
      out.discard();
      const fn = e.loc ? functionAt(program, e.loc) : null;
      run.report({ severity: 'error', message: `segmentation fault: ${hostFaultText(e, fn)}`, loc: e.loc ?? program.main?.loc ?? NOWHERE });
      return SIGSEGV_STATUS;
    }
    if (e instanceof SimulatorError) {
      // A limit of Warpscope's, not the program's doing: what the program printed so far stays printed.
      if (e instanceof StackOverflow && e.fn === null && e.loc) e.named(functionAt(program, e.loc)?.name ?? null);
      ctx.flushDevicePrintf();
      out.flush();
      run.report({ severity: 'error', message: e.message, loc: e.loc ?? program.main?.loc ?? NOWHERE });
      return e.status;
    }
    throw e;
  }
}

/** What a host access that faulted (in function `fn`) did, as the crash's diagnostic says it: "host code wrote 4 bytes at address 0x0 (a null pointer)". */
function hostFaultText(e: MemoryFault, fn: IFunction | null): string {
  // A frame push past the stack's end (WarpCtx.grow) is an access of no bytes.
  if (e.size === 0) return `stack overflow${fn ? ` in '${fn.name}'` : ''} (host code used more than its ${HOST_STACK_MIB} MiB stack)`;
  const where = e.address === 0 ? 'a null pointer' : e.address < NULL_PAGE ? 'near a null pointer' : e.space === 'host' || e.space === 'none' ? 'memory the program does not own' : 'device memory, which host code cannot access';
  return `host code ${e.write ? 'wrote' : 'read'} ${e.size} byte${e.size === 1 ? '' : 's'} at address 0x${e.address.toString(16)} (${where})`;
}

/** The function whose body holds `loc`: the last one defined before it in its file. */
function functionAt(program: IProgram, loc: SourceLoc): IFunction | null {
  let best: IFunction | null = null;
  for (const f of program.functions) {
    if (f.body === null || f.loc.file !== loc.file) continue;
    const before = f.loc.line < loc.line || (f.loc.line === loc.line && f.loc.col <= loc.col);
    if (before && (best === null || f.loc.line > best.loc.line || (f.loc.line === best.loc.line && f.loc.col > best.loc.col))) best = f;
  }
  return best;
}
