import type { DebugSession } from './session.js';
import type { Trace } from '../trace/reader.js';
import { confirm, notConfirmed } from './confirm.js';

/*
 * The program's process as gdb names it: one id per run, the same in `Starting program`'s run,
 * its exit line, kill and quit's question. A recorded run has no real process, so the id is made
 * up from what the trace holds from its first step (its sources and arguments): a live session
 * and the replay of its trace say the same number, and a transcript stays the same between runs.
 */

/** The process id gdb's messages name for the run recorded in `t` (1000 to 9999). */
export function processId(t: Trace): number {
  const text = JSON.stringify([t.sourcePaths().map((p) => t.source(p)), t.meta.get('argv') ?? '[]']);
  // FNV-1a: a stable, well-spread number from the text.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return 1000 + (h % 9000);
}

/** `kill`: stops running the program, after gdb's question. */
export function killCommand(s: DebugSession): Promise<void> {
  const kill = (): void => {
    s.pos = null;
    s.focus = { kind: 'host' };
    s.say(`[Inferior 1 (process ${s.pid}) killed]`);
  };
  return confirm(s, 'Kill the program being debugged? ', kill, () => notConfirmed(s));
}

/** `quit`: ends the session; gdb asks first only while the program runs (quitting kills it). */
export function quitCommand(s: DebugSession): Promise<void> | void {
  const quit = (): void => void (s.done = true);
  if (s.pos === null) return quit();
  return confirm(s, `A debugging session is active.\n\n\tInferior 1 [process ${s.pid}] will be killed.\n\nQuit anyway? `, quit, () => notConfirmed(s));
}
