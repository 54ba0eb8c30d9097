import type { DebugSession } from './session.js';
import { frameHeader, sourceLine } from './describe.js';

/*
 * Where the program stands, as gdb prints it at a stop: the frame line of the focused thread
 * (`Breakpoint 1, kernel<<<...>>> (...) at prog.cu:12`'s tail) and its source line.
 */

/** Prints the frame line and/or source line of the focused thread, and makes it where a bare `list` lists. */
export function showWhere(s: DebugSession, header: 'frame' | 'line' | 'none'): void {
  const row = s.focusRow();
  if (!row) return;
  const loc = s.trace!.loc(row.loc);
  let ctx = s.context();
  let fr = ctx.frame();
  // A warp that has returned from its kernel is shown in the frame of its last statement.
  if (!fr && row.step < (s.pos ?? 0)) {
    ctx = s.context(row.step);
    fr = ctx.frame();
  }
  if (header === 'frame' && fr) {
    const l = s.focus.kind === 'device' ? s.view!.launch(s.focus.launch) : null;
    s.say(`${frameHeader(s.view!, fr.fn, ctx, l)} at ${loc.file}:${loc.line}`);
  }
  if (header !== 'none') s.say(sourceLine(s.view!, loc.file, loc.line));
  s.listAt = { file: loc.file, line: loc.line, after: false };
}
