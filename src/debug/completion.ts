import type { ProgramView } from './program-view.js';
import { COMMAND_NAMES } from './commands.js';
import { INFO_CUDA_WORDS } from './info-cuda-command.js';
import { FILTER_WORDS } from './cuda-filter.js';

/*
 * Tab completion of a console line: command names first, then the words that may follow a
 * command (`info cuda lanes`, `set scheduler random`) and an info cuda table's filter words
 * (`info cuda threads block`), a location command's functions and files (`break matmul.cu:`),
 * else the program's symbols.
 */

/** Commands (and their aliases) whose first argument is a location: FUNCTION, FILE:LINE or LINE. */
const LOCATION_COMMANDS = new Set(['break', 'b', 'br', 'tbreak', 'tb', 'until', 'u', 'advance', 'list', 'l']);

/** A name the user wrote: compiler temporaries (`__tmp12`) and the implementation's `__` names never are (info locals hides them too). */
const userName = (name: string): boolean => !name.startsWith('__');

/** What a location may name, as gdb's linespec completion offers it: functions, and files with their colon (ready for a line). */
function locationWords(view: ProgramView, last: string): string[] {
  // A file is offered by its base name, as users type it, or by its path once they type a folder.
  const files = view.sourceFiles().map((f) => `${last.includes('/') ? f : f.slice(f.lastIndexOf('/') + 1)}:`);
  return [...view.info.functions.map((f) => f.name).filter(userName), ...files];
}

/** Words that may follow a command (Tab completes them): `info cuda lanes`, `set scheduler random`. */
const SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  info: ['args', 'breakpoints', 'cuda', 'display', 'events', 'frame', 'line', 'locals', 'streams', 'watchpoints', 'writers'],
  'info cuda': INFO_CUDA_WORDS,
  cuda: ['block', 'device', 'grid', 'kernel', 'lane', 'sm', 'thread', 'warp'],
  set: ['cuda', 'scheduler'],
  'set cuda': ['break_on_barrier', 'break_on_launch', 'initcheck', 'memcheck', 'racecheck', 'synccheck'],
  'set scheduler': ['greedy', 'random', 'round-robin'],
};

/** Command and symbol names that complete the last word of `prefix`, sorted. */
export function completions(view: ProgramView | null, prefix: string): string[] {
  const words = prefix.split(/\s+/);
  const last = words[words.length - 1] ?? '';
  const info = view?.info;
  const symbols = (): string[] => [...(info?.functions.map((f) => f.name) ?? []), ...(info?.statics.map((v) => v.name) ?? []), ...(info?.shared.flatMap((k) => k.vars.map((v) => v.name)) ?? []), ...(info?.functions.flatMap((f) => f.vars.map((v) => v.name)) ?? [])].filter(userName);
  const sub = SUBCOMMANDS[`${words[0]} ${words.length > 2 ? words[1] : ''}`.trim()];
  const filtering = words[0] === 'info' && words[1] === 'cuda' && words.length >= 4;
  const pool = words.length <= 1 ? COMMAND_NAMES : words.length === 2 && SUBCOMMANDS[words[0]!] ? SUBCOMMANDS[words[0]!]! : words.length === 3 && sub ? sub
    : filtering ? (words[2] === 'launch' && words.length === 4 ? ['trace'] : FILTER_WORDS)
    : words.length === 2 && LOCATION_COMMANDS.has(words[0]!) ? (view ? locationWords(view, last) : [])
    : symbols();
  return [...new Set(pool.filter((n) => n.startsWith(last)))].sort();
}
