import type { DebugSession } from './session.js';
import { focusOf } from './focus.js';

/*
 * A forward motion that found nothing more in the trace. When the program ended there: the rest
 * of its output and gdb's exit line. When the recording stopped before it ended (run again, kill,
 * quit): gdb's end-of-history stop at the last recorded statement, never an invented exit.
 */

/** The program's end as gdb tells it (`[Inferior 1 (process N) exited normally]`), or the end of the recorded history. */
export function programEnd(s: DebugSession): void {
  const t = s.trace!;
  const status = t.exitStatus;
  if (status === null) return stopAtEnd(s, '\nNo more reverse-execution history.');
  s.pos = t.stepCount();
  s.flushOutput();
  if (status === 0) s.say(`[Inferior 1 (process ${s.pid}) exited normally]`);
  else s.say(`[Inferior 1 (process ${s.pid}) exited with code ${status.toString(8).padStart(2, '0')}]`);
  s.pos = null;
  s.ended = true;
  s.focus = { kind: 'host' };
  s.io.exited?.(status);
}

/** Says `why` and stops at the last statement recorded so far. */
export function stopAtEnd(s: DebugSession, why: string): void {
  const step = Math.max(0, s.limit() - 1);
  const row = s.trace!.stepRow(step);
  s.say(why);
  s.stopAt(step, row ? focusOf(row) : s.focus);
}
