import type { DebugSession } from './session.js';
import { focusOf, sameFocus } from './focus.js';
import { resume, reverse, type Goal } from './run-commands.js';
import { stepGoal, reverseGoal } from './step-goals.js';
import { activationStart, firstEffectAtOrAfter, type Cut } from './motion.js';
import { breakCommand, commandsCommand, conditionCommand, ignoreCommand, watchCommand, listBreakpoints, resolveLocation } from './break-commands.js';
import { printCommand, displayCommand, outputDisplay, examineCommand, listCommand, localsCommand, backtraceCommand, frameCommand, frames, moveFrame, typeCommand, historyCommand, writersCommand } from './inspect.js';
import { infoStreams, infoEvents } from './info-cuda.js';
import { infoCudaCommand } from './info-cuda-command.js';
import { echoCommand, outputCommand, printfCommand } from './formatted-output.js';
import { focusCommand } from './focus-command.js';
import { helpText } from './help-command.js';
import { infoFrame } from './frame-info.js';
import { unsupportedCommand, unsupportedInfo } from './gdb-unsupported.js';
import { confirm, notConfirmed } from './confirm.js';
import { deleteCommand, enableCommand, undisplayCommand } from './delete-commands.js';
import { isTool, setSanitizer } from './sanitize/commands.js';
import { parseScheduler } from '../engine/exec/scheduler.js';
import { isScalar, sizeOf, type CType } from '../engine/check/types.js';
import type { FunctionInfo } from '../engine/debuginfo/symbols.js';
import { RETURN_VALUE } from '../trace/schema.js';
import { registerBytes, type Focus } from './eval-context.js';
import type { RegValue } from '../trace/state.js';
import { formatValue, recordedOnly, type Evaluated } from './expr/index.js';

/*
 * The command table: cuda-gdb's names, abbreviations and error messages. Each handler prints
 * through the session; a bad command prints one line and the session goes on.
 */

type Handler = (s: DebugSession, args: string) => Promise<void> | void;

const needRun = (s: DebugSession): boolean => {
  if (s.pos !== null) return true;
  s.say('The program is not being run.');
  return false;
};

const changesState: Handler = (s) => {
  if (needRun(s)) s.say(recordedOnly);
};

const motion = (kind: 'step' | 'next' | 'stepi' | 'finish' | 'until' | 'lane'): Handler => async (s, args) => {
  if (!needRun(s)) return;
  if (kind === 'until' && args) return advanceTo(s, args);
  const count = kind !== 'finish' && /^\d+$/.test(args) ? Number(args) : 1;
  for (let i = 0; i < count && s.pos !== null; i++) {
    const g = stepGoal(s, kind);
    if (typeof g === 'string') return s.say(g);
    // finish runs the selected frame (up N selects an outer one) to its return.
    const leaving = kind === 'finish' ? { fn: s.context().frame()?.fn ?? null, depth: (s.focusRow()?.depth ?? 0) - s.frameIndex, focus: s.focus } : null;
    // gdb says what it runs only to a person at the console, not to a command file.
    if (kind === 'finish' && s.io.interactive) s.say(`Run till exit from ${frameLine(s)}`);
    const reached = await resume(s, g, kind === 'finish' ? 'frame' : 'auto');
    if (leaving) valueReturned(s, leaving);
    // A breakpoint, the program's end or the end of the recorded history ends `step N` early.
    if (!reached) return;
  }
};

const reverseMotion = (kind: 'step' | 'next' | 'stepi' | 'finish'): Handler => (s, args) => {
  if (!needRun(s)) return;
  // `reverse-step N`, as `step N`: ends early at a breakpoint or the start of the recording.
  const count = kind !== 'finish' && /^\d+$/.test(args) ? Number(args) : 1;
  for (let i = 0; i < count; i++) {
    const g = reverseGoal(s, kind);
    if (typeof g === 'string') return s.say(g);
    if (kind === 'finish' && s.io.interactive) s.say(`Run back to call of ${frameLine(s)}`);
    if (!reverse(s, g, kind === 'finish' ? 'frame' : 'auto', kind === 'stepi' ? null : frameStart(s, kind === 'finish' ? s.frameIndex : 0))) return;
  }
};

/** Where the focused warp's frame `outward` frames out from its innermost began (at its call); null in the outermost frame. */
function frameStart(s: DebugSession, outward: number): Cut | null {
  const row = s.focusRow();
  if (!row || row.depth - outward <= 1) return null;
  const f = s.focus;
  const warp = f.kind === 'host' ? { launch: 0, block: 0, warp: 0 } : f;
  return activationStart(s.trace!, warp, s.cut ?? firstEffectAtOrAfter(s.trace!, s.pos!), outward);
}

/** gdb's `Value returned is $N = v` after a finish that reached the caller (not one a breakpoint stopped first). */
function valueReturned(s: DebugSession, leaving: { fn: FunctionInfo | null; depth: number; focus: Focus }): void {
  const fn = leaving.fn;
  const row = s.pos === null ? null : s.focusRow();
  // Only where the caller itself stands: a finish that could stop no sooner than several frames out (a recursion unwinding within one statement) has no single value to name.
  if (!fn || !row || row.depth !== leaving.depth - 1 || !sameFocus(s.focus, leaving.focus)) return;
  const type = s.view!.types.read(fn.ret);
  if (type.kind === 'void') return;
  const f = s.focus;
  const key = (fn.id << 16) | RETURN_VALUE;
  const st = s.state();
  const v = f.kind === 'host' ? st.register(0, 0, 0, 0, key) : st.register(f.launch, f.block, f.warp, f.lane, key);
  if (v === undefined) return;
  const value = returnedValue(s, fn, type, v);
  if (!value) return;
  s.say(`Value returned is $${s.values.push(value)} = ${formatValue(value, null, s.context())}`);
}

/** What a function returned, to print: a reference's object (its register holds the address: gdb's `(int &) @0x...: 5`), else the value. */
function returnedValue(s: DebugSession, fn: FunctionInfo, type: CType, v: RegValue): Evaluated | null {
  if (fn.retRef && type.kind === 'pointer') {
    const place = { kind: 'memory', space: 'generic', address: Number(v) } as const;
    const bytes = s.context().read(place, sizeOf(type.to));
    return typeof bytes === 'string' ? null : { type: type.to, bytes, place, space: 'generic', ref: true };
  }
  const bytes = returnedBytes(s, type, v);
  return typeof bytes === 'string' ? null : { type, bytes, place: null, space: 'generic' };
}

/** The bytes a function returned: a scalar's from its RETURN_VALUE register, a struct's from the caller's slot that register names. */
function returnedBytes(s: DebugSession, type: CType, v: RegValue): Uint8Array | string {
  if (isScalar(type)) return registerBytes(type, v);
  // The slot still holds the copy: finish stops as the callee returns, before the caller uses it.
  return s.context().read({ kind: 'memory', space: 'generic', address: Number(v) }, sizeOf(type));
}

/** `#0  fact (n=1) at prog.cu:13`: the selected frame as finish names it. */
function frameLine(s: DebugSession): string {
  const f = frames(s)[s.frameIndex];
  return f ? `#${s.frameIndex}  ${f.header} at ${f.file}:${f.line}` : `#${s.frameIndex}  ??`;
}

/** `until LOCATION` / `advance LOCATION`: runs to the location (or another stop), with no breakpoint left behind. */
async function advanceTo(s: DebugSession, where: string): Promise<void> {
  const at = resolveLocation(s, where);
  if (typeof at === 'string') return s.say(at);
  const goal: Goal = (row, line, file) => line === at.line && file === at.file && s.trace!.loc(row.loc).col === at.col;
  await resume(s, goal, 'frame');
}

/** `start`: a temporary breakpoint at main's first statement, then run. */
async function startCommand(s: DebugSession): Promise<void> {
  await restart(s, async () => {
    if (!s.view) return;
    if (!breakCommand(s, 'main', { temporary: true, silent: false })) return;
    if (await s.start()) await resume(s, null, 'auto', true);
  });
}

/** Runs `go` from the program's start, after gdb's question when the program runs already. */
function restart(s: DebugSession, go: () => Promise<void>): Promise<void> {
  if (s.pos === null) return go();
  return confirm(s, 'The program being debugged has been started already.\nStart it from the beginning? ', go, () => s.say('Program not restarted.'));
}

const HANDLERS: Record<string, Handler> = {
  run: (s) =>
    restart(s, async () => {
      if (await s.start()) await resume(s, null, 'auto', true);
    }),
  start: startCommand,
  continue: async (s, args) => {
    if (!needRun(s)) return;
    // `continue N`: pass the breakpoint stopped at N-1 more times.
    let ignoring = '';
    if (/^\d+$/.test(args)) {
      const bp = s.bps.lastStop;
      if (!bp || !s.bps.breakpoints.includes(bp)) s.say('Not stopped at any breakpoint; argument ignored.');
      else if (Number(args) > 1) {
        bp.ignore = Number(args) - 1;
        ignoring = `Will ignore next ${bp.ignore} crossings of breakpoint ${bp.num}.  `;
      }
    }
    // As gdb, to a person at the console only (a command file's continue is silent).
    if (s.io.interactive) s.say(`${ignoring}Continuing.`);
    await resume(s, null);
  },
  next: motion('next'),
  step: (s, args) => (args.trim() === 'lane' ? motion('lane')(s, '') : motion('step')(s, args)),
  stepi: motion('stepi'),
  nexti: motion('stepi'),
  finish: motion('finish'),
  until: motion('until'),
  // gdb's advance needs a location (until without one steps).
  advance: (s, args) => (!needRun(s) ? undefined : args === '' ? s.say('Argument required (a location).') : advanceTo(s, args)),
  'reverse-step': reverseMotion('step'),
  'reverse-next': reverseMotion('next'),
  'reverse-stepi': reverseMotion('stepi'),
  'reverse-finish': reverseMotion('finish'),
  'reverse-continue': (s) => {
    if (!needRun(s)) return;
    if (s.io.interactive) s.say('Continuing.');
    reverse(s, null);
  },
  commands: commandsCommand,
  ignore: ignoreCommand,
  end: (s) => s.say('This command cannot be used at the top level.'),
  // gdb's commands that change what the program does: a recorded run cannot (as set var cannot).
  return: changesState,
  jump: changesState,
  signal: changesState,
  goto: async (s, args) => {
    if (!needRun(s)) return;
    const n = Number(args.trim());
    if (!/^\d+$/.test(args.trim())) return s.say('goto: give the number of a step (as "info line" and watchpoints show them).');
    // A live session records up to the step first (to the end when the run is shorter).
    await s.recordTo(n);
    if (n >= s.limit()) return s.say(`goto: step ${n} is past the end of the recording (steps 0 to ${s.limit() - 1}).`);
    const row = s.trace!.stepRow(n)!;
    s.stopAt(n, focusOf(row, s.focus.kind === 'device' && row.launch === s.focus.launch && row.block === s.focus.block && row.warp === s.focus.warp ? s.focus.lane : undefined), 'frame', `Step ${n}: `);
  },
  kill: (s) => {
    if (!needRun(s)) return;
    const kill = (): void => {
      s.pos = null;
      s.focus = { kind: 'host' };
      s.say('[Inferior 1 (process 1) killed]');
    };
    return confirm(s, 'Kill the program being debugged? ', kill, () => notConfirmed(s));
  },
  quit: (s) => {
    const quit = (): void => void (s.done = true);
    // gdb asks only while the program runs: quitting kills it.
    if (s.pos === null) return quit();
    return confirm(s, 'A debugging session is active.\n\n\tInferior 1 [process 1] will be killed.\n\nQuit anyway? ', quit, () => notConfirmed(s));
  },
  break: (s, args) => void breakCommand(s, args, { temporary: false, silent: false }),
  tbreak: (s, args) => void breakCommand(s, args, { temporary: true, silent: false }),
  condition: conditionCommand,
  delete: deleteCommand,
  disable: (s, args) => enableCommand(s, args, false),
  enable: (s, args) => enableCommand(s, args, true),
  watch: (s, args) => watchCommand(s, args, 'watch'),
  rwatch: (s, args) => watchCommand(s, args, 'rwatch'),
  awatch: (s) => s.say('Access watchpoints are not supported by Warpscope: "watch" stops at writes, "rwatch" at reads.'),
  print: printCommand,
  output: outputCommand,
  echo: echoCommand,
  printf: printfCommand,
  display: displayCommand,
  'output-display': outputDisplay,
  undisplay: undisplayCommand,
  x: examineCommand,
  whatis: typeCommand,
  ptype: (s, a) => typeCommand(s, a, true),
  list: listCommand,
  backtrace: backtraceCommand,
  frame: frameCommand,
  up: (s, args) => moveFrame(s, args, 1),
  down: (s, args) => moveFrame(s, args, -1),
  history: historyCommand,
  cuda: focusCommand,
  set: setCommand,
  info: infoCommand,
  help: (s, args) => {
    const [word = '', ...rest] = args.trim().split(/\s+/);
    // gdb's answer for a topic it has no command of.
    if (word !== '' && word !== 'all' && !HANDLERS[ALIASES[word] ?? word]) return s.say(unsupportedCommand(word) ?? `Undefined command: "${word}".  Try "help".`);
    s.say(helpText([ALIASES[word] ?? word, ...rest].join(' '), COMMAND_NAMES.filter((n) => n !== 'output-display')));
  },
};

const ALIASES: Record<string, string> = {
  r: 'run', c: 'continue', cont: 'continue', n: 'next', s: 'step', si: 'stepi', ni: 'nexti', fin: 'finish', u: 'until', b: 'break', br: 'break', tb: 'tbreak',
  d: 'delete', dis: 'disable', en: 'enable', p: 'print', l: 'list', bt: 'backtrace', where: 'backtrace', f: 'frame', i: 'info', q: 'quit', k: 'kill',
  rs: 'reverse-step', rn: 'reverse-next', rc: 'reverse-continue', rsi: 'reverse-stepi', disp: 'display', inspect: 'print', call: 'print',
  // The other aliases gdb's help names for these commands (`break, brea, bre, br, b`).
  brea: 'break', bre: 'break', fg: 'continue', exit: 'quit', h: 'help', inf: 'info', del: 'delete', disa: 'disable', dow: 'down', do: 'down', j: 'jump',
};

/** Every command name (for completion and help). */
export const COMMAND_NAMES = Object.keys(HANDLERS).sort();

/** Runs one command line. */
export async function dispatch(s: DebugSession, line: string): Promise<void> {
  await runLine(s, line);
  // The commands of a breakpoint the program stopped at, in order; one that resumes the program ends the list
  // (as in gdb), and the stop it reaches may bring its own.
  while (s.bps.pending && !s.done) {
    const list = s.bps.pending;
    s.bps.pending = null;
    for (const l of list) {
      if (l === 'silent') continue;
      const name = await runLine(s, l);
      if ((name !== null && RESUMING.has(name)) || s.done) break;
    }
  }
}

/** What gdb's `info WHAT` says with no process (info cuda's tables: info-cuda-command.ts). */
function notRunning(what: string): string {
  if (what === 'locals' || what === 'args') return 'No frame selected.';
  if (what === 'frame') return 'No stack.';
  return 'The program is not being run.';
}

/** Commands that move the program: in a breakpoint's commands, the rest of the list does not run after one. */
const RESUMING = new Set(['run', 'start', 'continue', 'next', 'step', 'stepi', 'nexti', 'finish', 'until', 'advance', 'goto', 'kill', 'reverse-step', 'reverse-next', 'reverse-stepi', 'reverse-finish', 'reverse-continue']);

/** Runs one command line; the command's name (aliases resolved), or null when there was none. */
async function runLine(s: DebugSession, line: string): Promise<string | null> {
  if (line === '' || line.startsWith('#')) return null;
  const m = /^([A-Za-z][\w-]*|x(?=\/))\s*(.*)$/.exec(line);
  if (!m) {
    s.say(`Undefined command: "${line}".  Try "help".`);
    return null;
  }
  const name = ALIASES[m[1]!] ?? m[1]!;
  const h = HANDLERS[name];
  if (!h) {
    s.say(unsupportedCommand(name) ?? `Undefined command: "${m[1]}".  Try "help".`);
    return null;
  }
  if (name !== 'run' && name !== 'start' && name !== 'quit' && name !== 'help' && name !== 'break' && name !== 'tbreak' && name !== 'info' && name !== 'set' && name !== 'list' && name !== 'echo' && !s.trace) {
    if (!['delete', 'disable', 'enable', 'condition', 'undisplay', 'display', 'commands', 'ignore', 'end'].includes(name)) {
      s.say('The program is not being run.');
      return name;
    }
  }
  await h(s, m[2]!.trim());
  return name;
}

/** gdb settings Warpscope knows by name but does not have (told apart from a typo). */
const GDB_SETTINGS = ['listsize', 'print', 'logging', 'style', 'disassembly-flavor', 'language', 'args', 'environment', 'history', 'prompt', 'radix', 'output-radix', 'input-radix', 'step-mode', 'breakpoint', 'can-use-hw-watchpoints', 'non-stop'];

function setCommand(s: DebugSession, args: string): void {
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
  if (words[0] === 'confirm') return void (s.confirmOn = words[1] !== 'off' && words[1] !== '0');
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

/** The `info` subcommands that need a program (besides breakpoints, display and cuda). */
const INFO_NAMES = ['locals', 'args', 'frame', 'streams', 'events', 'writers', 'line'];

function infoCommand(s: DebugSession, args: string): void {
  const [what = '', ...rest] = args.split(/\s+/);
  const tail = rest.join(' ');
  if (what === 'breakpoints' || what === 'break' || what === 'b' || what === 'watchpoints') return listBreakpoints(s);
  if (what === 'display') {
    if (s.displays.length === 0) return s.say('There are no auto-display expressions now.');
    s.say('Auto-display expressions now in effect:\nNum Enb Expression');
    for (const d of s.displays) s.say(`${d.num}:   y  ${d.fmt ? d.fmt + ' ' : ''}${d.expr}`);
    return;
  }
  if (what === 'cuda') return infoCudaCommand(s, args.slice(what.length).trimStart());
  // gdb names a subcommand it has not whether or not the program runs.
  if (!INFO_NAMES.includes(what)) return s.say(what === '' ? '"info" must be followed by the name of an info command.' : (unsupportedInfo(what) ?? `Undefined info command: "${args}".  Try "help info".`));
  if (!s.trace || s.pos === null) return s.say(notRunning(what));
  if (what === 'locals') return localsCommand(s, false);
  if (what === 'args') return localsCommand(s, true);
  if (what === 'frame') return infoFrame(s);
  if (what === 'streams') return infoStreams(s);
  if (what === 'events') return infoEvents(s);
  if (what === 'writers') return writersCommand(s, tail);
  if (what === 'line') {
    // gdb answers with a line's code addresses; with no machine code, only the current line's step is there to name.
    if (tail !== '') return s.say(`"info line ${tail}" is not supported by Warpscope: it names the step of the line the program stands at ("info line").`);
    const r = s.focusRow();
    if (r) s.say(`Line ${s.trace.loc(r.loc).line} of "${s.trace.loc(r.loc).file}" at step ${s.pos}.`);
    return;
  }
  s.say(`Undefined info command: "${args}".  Try "help info".`);
}
