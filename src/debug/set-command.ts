import type { DebugSession } from './session.js';
import { isTool, setSanitizer } from './sanitize/commands.js';
import { parseScheduler } from '../engine/exec/scheduler.js';
import { recordedOnly } from './expr/index.js';

/*
 * `set`: the gdb and cuda-gdb settings Warpscope has (break_on_launch, the sanitizers, the
 * scheduler, confirm), gdb's errors for bad values, and a clear word for those it lacks.
 */

/** gdb settings Warpscope knows by name but does not have (told apart from a typo). */
const GDB_SETTINGS = ['listsize', 'print', 'logging', 'style', 'disassembly-flavor', 'language', 'args', 'environment', 'history', 'prompt', 'radix', 'output-radix', 'input-radix', 'step-mode', 'breakpoint', 'can-use-hw-watchpoints', 'non-stop'];

/** `set WHAT VALUE`: changes one setting, or says why not. */
export function setCommand(s: DebugSession, args: string): void {
  const words = args.split(/\s+/);
  if (words[0] === 'cuda' && words[1] === 'break_on_launch') {
    const kind = enumSetting(words[2] ?? '', ['none', 'application', 'system', 'all']);
    if (!kind.ok) return s.say(kind.error);
    s.breakOnLaunch = kind.value === 'application' || kind.value === 'all';
    return;
  }
  const tool = words[1] ?? '';
  if (words[0] === 'cuda' && isTool(tool)) return setSanitizer(s, tool, words[2] ?? '');
  if (words[0] === 'cuda' && words[1] === 'break_on_barrier') {
    const on = booleanSetting(words[2] ?? '');
    if (on === null) return s.say('"on" or "off" expected.');
    const b = s.bps.barrierBreak;
    if (on && !b) s.bps.addBreak({ kind: 'barrier', at: null, fnName: '__syncthreads', condition: null, temporary: false });
    if (!on && b) s.bps.delete([b.num]);
    return;
  }
  if (words[0] === 'scheduler') {
    const spec = parseScheduler(words.slice(1).join(words[1] === 'random' ? ':' : ' '));
    if (!spec) return s.say(`Unknown scheduler "${words.slice(1).join(' ')}": use greedy, round-robin or random SEED.`);
    if (s.source.kind === 'replay') return s.say('The scheduler of a recorded trace is fixed: record it again with --scheduler.');
    s.scheduler = spec;
    s.say(`Warps will be scheduled ${words.slice(1).join(' ')} from the next "run".`);
    return;
  }
  if (words[0] === 'var' || words[0] === 'variable' || args.includes('=')) return s.say(recordedOnly);
  if (words[0] === 'confirm') {
    const on = booleanSetting(words[1] ?? '');
    if (on === null) return s.say('"on" or "off" expected.');
    s.confirmOn = on;
    return;
  }
  // Settings of gdb's terminal that a script's first lines set: nothing pages here.
  if (['pagination', 'height', 'width'].includes(words[0]!)) return;
  if (GDB_SETTINGS.includes(words[0]!)) return s.say(`"set ${words[0]}" is not supported by Warpscope.`);
  s.say(`Undefined set command: "${args}".  Try "help set".`);
}

/** An enum setting's value as gdb reads it: a unique prefix of one of `items`, or gdb's error. */
function enumSetting(word: string, items: readonly string[]): { ok: true; value: string } | { ok: false; error: string } {
  if (word === '') return { ok: false, error: `Requires an argument. Valid arguments are ${items.join(', ')}.` };
  const exact = items.find((i) => i === word);
  const matches = items.filter((i) => i.startsWith(word));
  if (exact ?? matches.length === 1) return { ok: true, value: exact ?? matches[0]! };
  return { ok: false, error: matches.length ? `Ambiguous item "${word}".` : `Undefined item: "${word}".` };
}

/** A boolean setting's value as gdb reads it (no word is on; a prefix of on/off/yes/no/enable/disable, 1 or 0), or null. */
function booleanSetting(word: string): boolean | null {
  const w = word.toLowerCase();
  if (w === '' || ['on', '1', 'yes', 'enable'].some((x) => x.startsWith(w))) return true;
  if (['off', '0', 'no', 'disable'].some((x) => x.startsWith(w))) return false;
  return null;
}
