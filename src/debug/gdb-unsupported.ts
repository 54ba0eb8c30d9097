/*
 * gdb commands and info subcommands Warpscope does not have. gdb users type them (`disassemble`,
 * `info threads`, `show version`); they are named as unsupported, with what to use instead where
 * there is something, never answered as a typo (`Undefined command`) would be.
 */

const MACHINE_CODE = 'it runs source statements, not machine code';

/** gdb's commands Warpscope lacks, and why (or what to use) where there is more to say. */
const COMMANDS: Readonly<Record<string, string>> = {
  disassemble: MACHINE_CODE, thread: 'the host has one thread; "cuda thread" selects a device thread',
  hbreak: 'use "break"', thbreak: 'use "tbreak"', rbreak: 'use "break FUNCTION"', dprintf: 'use "commands" with "silent" and "printf"',
  catch: '', handle: '', tcatch: '', skip: '', record: 'every run is recorded already', checkpoint: 'every step of the recording can be gone to with "goto"',
  restart: 'use "goto"', bookmark: '', show: '', apropos: '', define: '', document: '', source: 'give command files with -x', save: '',
  shell: '', pipe: '', make: '', pwd: '', cd: '', file: '', 'exec-file': '', 'symbol-file': '', 'core-file': '', attach: '', detach: '',
  target: '', directory: '', search: '', 'forward-search': '', 'reverse-search': '', tui: '', layout: '', refresh: '', compile: '',
  python: '', with: '', inferior: '', 'add-inferior': '', macro: '', strace: '', trace: '', tstart: '', tstop: '', tstatus: '',
  faas: '', taas: '', tfaas: '',
};

/** gdb's info subcommands Warpscope lacks, and why or what to use instead. */
const INFO: Readonly<Record<string, string>> = {
  threads: 'the host has one thread; "info cuda threads" lists the device\'s', registers: MACHINE_CODE, 'all-registers': MACHINE_CODE,
  vector: MACHINE_CODE, float: MACHINE_CODE, symbol: MACHINE_CODE, address: MACHINE_CODE, scope: 'use "info locals" at the location',
  source: '', sources: '', functions: '', variables: '', types: '', program: '', inferiors: '', sharedlibrary: '', signals: '',
  checkpoints: '', macro: '', macros: '', proc: '', files: '', target: '', terminal: '', skip: '', record: '',
};

const say = (what: string, why: string): string => `"${what}" is not supported by Warpscope${why ? `: ${why}` : ''}.`;

/** Warpscope's answer for a gdb command it does not have; null for a name gdb has no command of either. */
export function unsupportedCommand(name: string): string | null {
  return Object.hasOwn(COMMANDS, name) ? say(name, COMMANDS[name]!) : null;
}

/** Warpscope's answer for `info SUB` where gdb has SUB and Warpscope does not; null for a name gdb does not know. */
export function unsupportedInfo(sub: string): string | null {
  return Object.hasOwn(INFO, sub) ? say(`info ${sub}`, INFO[sub]!) : null;
}
