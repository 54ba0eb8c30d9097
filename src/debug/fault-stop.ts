import { basename } from 'node:path';
import type { DebugSession } from './session.js';
import type { Focus } from './eval-context.js';
import { readFaultSites, type FaultSite } from '../trace/fault-sites.js';
import { signature } from './describe.js';

/*
 * A kernel fault stops the program as cuda-gdb stops at a CUDA exception: before the faulting
 * statement, focused on the thread the engine blamed, with the exception's name and number. The
 * sites are read from the trace, so a live session and its replay stop alike. We have no SASS
 * PCs: where cuda-gdb names the PC of the exception we name the step, the trace's own position.
 */

/** cuda-gdb's signal and exception name for a fault; kinds it has no counterpart for get a name of ours. */
export function exceptionOf(site: FaultSite): { signal: string; name: string } {
  const cuda = (n: number, name: string): { signal: string; name: string } => ({ signal: `CUDA_EXCEPTION_${n}`, name });
  switch (site.kind) {
    case 'illegal-address':
      // The hardware tells an address outside the shared or local window from an illegal global one.
      return site.space === 'shared' || site.space === 'local' ? cuda(5, 'Warp Out-of-range Address') : cuda(14, 'Warp Illegal Address');
    case 'misaligned':
      return cuda(6, 'Warp Misaligned Address');
    case 'assert':
      return cuda(12, 'Warp Assert');
    case 'aborted':
      return { signal: 'WARPSCOPE_SANITIZER_ABORT', name: 'Launch Stopped by a Sanitizer' };
    case 'other':
      return cuda(0, 'Device Unknown Exception');
  }
}

/** The fault sites of the session's trace as it stands, by the step of the faulting statement. */
export function faultStops(s: DebugSession): ReadonlyMap<number, FaultSite> {
  return s.trace === null ? new Map() : readFaultSites(s.trace.meta);
}

/** Stops before the faulting statement of `site`, focused on its thread: the exception, the focus switch, the frame and the line. */
export function faultStop(s: DebugSession, site: FaultSite): void {
  const { signal, name } = exceptionOf(site);
  const loc = s.trace!.loc(s.trace!.stepRow(site.step)!.loc);
  const focus: Focus = { kind: 'device', launch: site.launch, block: site.block, warp: site.warp, lane: site.lane };
  // The program's output up to the fault comes before the exception, as on a terminal.
  s.pos = site.step;
  s.flushOutput();
  // cuda-gdb names the PC and the function's demangled signature: `at PC 0x7ffddb7adbd0  scatter(int*, int)  (fault.cu:11)`; the step stands for the PC.
  const fn = s.view!.fnAt(loc.file, loc.line, loc.col);
  const where = fn ? `  ${signature(s.view!, fn)}  ` : ' ';
  s.write(`\nCUDA Exception: ${name}\nThe exception was triggered at step ${site.step}${where}(${basename(loc.file)}:${loc.line})\n\nThread 1 "${s.view!.threadName}" received signal ${signal}, ${name}.\n`);
  s.stopAt(site.step, focus, 'frame');
  s.faultStop = site.step;
}
