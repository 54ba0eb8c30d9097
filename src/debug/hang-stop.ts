import type { Trace } from '../trace/reader.js';
import type { DebugSession } from './session.js';
import type { Focus } from './eval-context.js';
import { HANG_STATUS } from '../engine/runtime/host-env.js';
import { focusOf } from './focus.js';

/*
 * A kernel a GPU would never finish (a barrier that can never open, a warp spinning with no way
 * out, a run past --max-steps) hangs the program under cuda-gdb until the user presses Ctrl-C,
 * which stops it there with the threads still at the barrier. The engine ends such a run with
 * its diagnostic instead; the debugger stops where the GPU would hang, as that Ctrl-C does, and
 * the program stays "running" there. Everything is read from the trace (the failed launch, the
 * diagnostic, the barrier rows), so a live session and its replay stop alike.
 */

/** The launch that hung the program, where the recording ends. */
export interface HangSite {
  readonly launch: number;
  /** 'deadlock': a barrier some threads never reach; 'step-limit': a spin with no way out, or a run past --max-steps. */
  readonly kind: 'deadlock' | 'step-limit';
  /** The step the program stops before: after the last statement recorded. */
  readonly step: number;
  /** The engine's diagnostic, without its location (`deadlock in kernel 'Average': ...; a GPU would hang here`). */
  readonly message: string;
}

const KINDS: Readonly<Record<string, HangSite['kind']>> = { 'barrier-deadlock': 'deadlock', 'step-limit': 'step-limit' };

/** The hung launch of a trace whose program was ended because a GPU would hang; null for any other trace. */
export function hangSite(t: Trace): HangSite | null {
  if (t.exitStatus !== HANG_STATUS) return null;
  const l = t.launches().filter((r) => r.outcome !== null && KINDS[r.outcome] !== undefined).pop();
  if (!l?.outcome) return null;
  const message = t.db.prepare("SELECT message FROM diagnostics WHERE severity = 'error' AND step > 0 ORDER BY seq DESC LIMIT 1").pluck().get() as string | undefined;
  return { launch: l.launch_id, kind: KINDS[l.outcome]!, step: t.stepCount(), message: message ?? `kernel '${l.kernel}' never finishes; a GPU would hang here` };
}

/** The thread a Ctrl-C stop focuses: the first one waiting at a barrier of the hung launch, else the one that ran last. */
function hungThread(s: DebugSession, site: HangSite): Focus {
  const t = s.trace!;
  // A thread the user chose in the hung launch keeps the focus, as it would over a second Ctrl-C.
  if (s.focus.kind === 'device' && s.focus.launch === site.launch && s.pos === site.step) return s.focus;
  if (site.kind === 'deadlock') {
    const waiting = [...t.barriers().waiting(site.launch, site.step)].filter(([, mask]) => mask !== 0).sort(([a], [b]) => a - b);
    const first = waiting[0];
    if (first) {
      const [key, mask] = first;
      return { kind: 'device', launch: site.launch, block: Math.floor(key / 64), warp: key % 64, lane: 31 - Math.clz32(mask & -mask) };
    }
  }
  const last = t.stepRow(site.step - 1);
  return last ? focusOf(last) : { kind: 'host' };
}

/**
 * Stops where the GPU would hang: the program's output and the engine's diagnostic, then
 * cuda-gdb's stop for a Ctrl-C in a hung kernel (the signal, the focus switch, the frame, the
 * line). Resumed from there, it comes back at once with a one-line reminder of why, as a
 * hung program interrupted again would.
 */
export function hangStop(s: DebugSession, site: HangSite): void {
  const again = s.pos === site.step;
  const focus = hungThread(s, site);
  if (again) s.say(`The program is hung: ${site.message.replace(/; a GPU would hang here$/, '')}.`);
  s.pos = site.step;
  s.flushOutput();
  s.write(`\nThread 1 "${s.view!.threadName}" received signal SIGINT, Interrupt.\n`);
  s.stopAt(site.step, focus, 'frame');
}
