import type { DebugSession } from './session.js';
import { frameArgs } from './describe.js';

/*
 * `info frame`, laid out as cuda-gdb 13 lays it out on an H100. Warpscope runs source statements,
 * not machine code, so it has no PCs: where gdb names a PC (the frame's, and the saved one its
 * caller resumes at) the step the frame stands at stands for it, as in a fault stop's "The
 * exception was triggered at step N". A frame's address is its base in the simulated memory
 * (what `print &local` shows for its locals); device frames have no previous stack pointer to
 * name, as cuda-gdb's have none, and the outermost frame (a kernel, or the host's main, whose C
 * library caller we do not have) has no saved PC.
 */

const hex = (n: number): string => `0x${n.toString(16)}`;

/** `info frame`: the selected frame's level, address, step, caller and callee, language and arguments. */
export function infoFrame(s: DebugSession): void {
  const rows = s.frameRows();
  const level = s.frameIndex;
  const row = rows[level];
  const base = (k: number): string | null => {
    const fr = s.context(s.pos ?? 0, s.focus, k).frame();
    return fr ? hex(fr.fp) : null;
  };
  const ctx = s.context();
  const fr = ctx.frame();
  if (!row || !fr) return s.say('No stack.');
  const loc = s.trace!.loc(row.loc);
  // gdb names the host's PC by the x86-64 register, a device frame's as pc.
  const pc = s.focus.kind === 'host' ? 'rip' : 'pc';
  const at = hex(fr.fp);
  const caller = rows[level + 1];
  const callee = level > 0 ? base(level - 1) : null;
  s.say(`Stack level ${level}, frame at ${at}:`);
  s.say(` ${pc} = step ${row.step} in ${fr.fn.name} (${loc.file}:${loc.line}); saved ${pc} = ${caller ? `step ${caller.step}` : '<not saved>'}`);
  const outer = caller ? base(level + 1) : null;
  if (outer !== null) s.say(` called by frame at ${outer}${callee !== null ? `, caller of frame at ${callee}` : ''}`);
  else {
    // A kernel is where cuda-gdb's unwinding stops; the host's main has a caller in the C library, which gdb names and we cannot.
    if (s.focus.kind === 'device') s.say(' Outermost frame: unwinder did not report frame ID');
    if (callee !== null) s.say(` caller of frame at ${callee}`);
  }
  s.say(' source language c++.');
  s.say(` Arglist at ${at}, args: ${frameArgs(s.view!, fr.fn, ctx)}`);
  s.say(s.focus.kind === 'host' ? ` Locals at ${at}, Previous frame's sp is ${at}` : ` Locals at ${at},`);
}
