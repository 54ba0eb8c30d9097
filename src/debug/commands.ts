import type { DebugSession } from './session.js';
import { focusOf } from './focus.js';
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
import { confirm } from './confirm.js';
import { deleteCommand, enableCommand, undisplayCommand } from './delete-commands.js';
import { killCommand, quitCommand } from './inferior.js';
import { setCommand } from './set-command.js';
import { valueReturned } from './finish-value.js';
import { recordedOnly } from './expr/index.js';

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
  kill: (s) => (needRun(s) ? killCommand(s) : undefined),
  quit: quitCommand,
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
