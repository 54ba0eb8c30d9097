import type { IProgram } from '../check/ir.js';
import type { Diagnostic } from '../front/diag.js';
import type { RunOptions } from '../api.js';
import { ProgramExit, type Resumable } from '../exec/env.js';
import { compileProgram } from '../compile/index.js';
import { Memory, MemoryFault } from '../memory/index.js';
import { GlibcRandom } from '../lib/rand.js';
import { ProgramOutput, type OutputSink } from './output.js';
import { CudaErrorState } from './cuda-errors-state.js';
import { DeviceState } from './device-state.js';
import { HostRuntime } from './host-env.js';
import type { RuntimeContext } from './context.js';

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
  /** Run-time diagnostics from Warpscope itself (divergent barriers, deadlocks, step limits). */
  readonly report: (d: Diagnostic) => void;
}

const SIGSEGV_STATUS = 139;

/** Drives a resumable computation to its end (a plain run does not pause). */
function finish<T>(gen: Resumable<T>): T {
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

/** Runs `program` as a process would; returns its exit status. */
export function runProgram(program: IProgram, run: ProgramRun): number {
  const out = new ProgramOutput(run.sink);
  const memory = new Memory();
  const compiled = compileProgram(program, { fmad: run.options.fmad, instrument: false });
  const device = new DeviceState();
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
  const host = new HostRuntime(ctx, device, compiled, run, (text) => {
    devicePrintf += text;
  });
  try {
    const status = finish(compiled.runMain(host, run.argv, memory));
    // Returning from main runs exit(): the CUDA runtime's teardown prints pending device output, stdio flushes.
    ctx.flushDevicePrintf();
    out.flush();
    return status & 0xff;
  } catch (e) {
    if (e instanceof ProgramExit) {
      out.flush();
      return e.status;
    }
    if (e instanceof MemoryFault) {
      // A host access to memory it does not own: the process dies of SIGSEGV and its stdout buffer is lost.
      out.discard();
      run.report({ severity: 'error', message: `segmentation fault: host code accessed ${e.message}`, loc: e.loc ?? { file: run.argv[0] ?? '', line: 0, col: 0 } });
      return SIGSEGV_STATUS;
    }
    throw e;
  }
}
