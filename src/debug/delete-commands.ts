import type { DebugSession } from './session.js';
import { numberList } from './number-list.js';
import { confirm } from './confirm.js';

/*
 * delete, disable, enable and undisplay over gdb's number lists, with gdb's messages for the
 * numbers that name nothing and the words that are no numbers.
 */

function reportMissing(s: DebugSession, missing: number[], what: string): void {
  for (const n of missing) s.say(`No ${what} number ${n}.`);
}

/** `delete [breakpoints] [N...]` (all without numbers) and `delete display N...`; a word that is no number deletes nothing. */
export function deleteCommand(s: DebugSession, args: string): void | Promise<void> {
  if (/^display\b/.test(args)) return undisplayCommand(s, args.replace(/^display\s*/, ''));
  const rest = args.replace(/^breakpoints\b\s*/, '');
  // gdb asks before deleting them all only when a person typed it and there are some; a no deletes nothing, silently.
  if (rest === '') return s.io.interactive && s.bps.breakpoints.length > 0 ? confirm(s, 'Delete all breakpoints? ', () => void s.bps.delete([]), () => undefined) : void s.bps.delete([]);
  const items = numberList(rest);
  if (typeof items === 'string') return s.say(items);
  for (const it of items) {
    if (it.kind === 'negative') return s.say('negative value');
    if (it.kind === 'bad') s.say(`warning: bad breakpoint number at or near '${it.rest}'`);
    else reportMissing(s, s.bps.delete(it.nums), 'breakpoint');
  }
}

/** `enable|disable [breakpoints] [N...]` (all without numbers); gdb stops at the first word that is no number. */
export function enableCommand(s: DebugSession, args: string, on: boolean): void {
  const rest = args.replace(/^breakpoints\b\s*/, '');
  const sub = /^(once|delete|count|display)\b/.exec(rest);
  if (sub) return s.say(`"${on ? 'enable' : 'disable'} ${sub[1]}" is not supported by Warpscope.`);
  if (rest === '') return void s.bps.setEnabled([], on);
  const items = numberList(rest);
  if (typeof items === 'string') return s.say(items);
  for (const it of items) {
    if (it.kind === 'negative') return s.say(`Negative breakpoint number '${it.word}'`);
    if (it.kind === 'bad') return s.say(`Bad breakpoint number '${it.word}'`);
    reportMissing(s, s.bps.setEnabled(it.nums, on), 'breakpoint');
  }
}

/** `undisplay [N...]`: all without numbers, after gdb's question (a no deletes nothing, silently). */
export function undisplayCommand(s: DebugSession, args: string): void | Promise<void> {
  if (args === '') return confirm(s, 'Delete all auto-display expressions? ', () => void (s.displays.length = 0), () => undefined);
  const items = numberList(args);
  if (typeof items === 'string') return s.say(items);
  for (const it of items) {
    if (it.kind === 'negative') return s.say('negative value');
    if (it.kind === 'bad') {
      s.say(`warning: bad display number at or near '${it.rest}'`);
      continue;
    }
    for (const n of it.nums) {
      const i = s.displays.findIndex((d) => d.num === n);
      if (i < 0) s.say(`No display number ${n}.`);
      else s.displays.splice(i, 1);
    }
  }
}
