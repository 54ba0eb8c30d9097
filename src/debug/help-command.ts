import { infoCudaHelp } from './info-cuda-command.js';
import { BREAKPOINT_HELP, RUNNING_HELP } from './help/running-help.js';
import { DATA_HELP } from './help/data-help.js';

/*
 * `help`, `help COMMAND`, `help info SUB`, `help set SUB`, `help cuda [SUB]`: Warpscope's own
 * text for each command (help/*.ts), and for the prefix commands (`info`, `set`, `cuda`) the
 * list of the subcommands Warpscope has, in gdb's list layout. A bare `help` lists every command.
 */

const TEXTS: Readonly<Record<string, string>> = { ...RUNNING_HELP, ...BREAKPOINT_HELP, ...DATA_HELP };

/** The closing line of a prefix command's list: how to get one subcommand's text. */
const prefixTail = (prefix: string): string[] => [
  '',
  `Type "help ${prefix}" followed by a subcommand name for its full text.`,
];

/** The focus words of `cuda`, alphabetically, each with its summary and the form its argument takes (none: it only shows). */
const CUDA_SUBCOMMANDS: readonly (readonly [string, string, string])[] = [
  ['block', 'Show or change the focused block of the running kernel.', '(X,Y,Z)'],
  ['device', 'Show the focused device (Warpscope simulates one).', ''],
  ['grid', 'Show or change the focused kernel by its grid number.', 'N'],
  ['kernel', 'Show or change the focused kernel.', 'N'],
  ['lane', 'Show or change the focused lane of the focused warp.', 'N'],
  ['sm', 'Show the SM the focused warp runs on.', ''],
  ['thread', 'Show or change the focused thread of the focused block.', '(X,Y,Z)'],
  ['warp', 'Show or change the focused warp of the focused block.', 'N'],
];

const CUDA_HELP = [
  'Show the CUDA focus, or move it to another thread.',
  'Usage: cuda WORD [VALUE] [WORD [VALUE]]...',
  'e.g. "cuda block (1,0,0) thread (5,0,0)"; the words alone show the focus.',
  '',
  'List of cuda subcommands:',
  '',
  ...CUDA_SUBCOMMANDS.map(([word, summary]) => `cuda ${word} -- ${summary}`),
  ...prefixTail('cuda'),
].join('\n');

/** The info subcommands, their aliases, and the summaries the list gives them. */
const INFO_SUBCOMMANDS: readonly (readonly [string, string, string])[] = [
  ['args', 'info args', 'Show the arguments of the selected frame.'],
  ['breakpoints', 'info breakpoints, info b', 'List the breakpoints and watchpoints with their state.'],
  ['cuda', 'info cuda', 'Tables of the CUDA devices, kernels, blocks, warps, lanes and threads.'],
  ['display', 'info display', 'List the display expressions with their numbers.'],
  ['events', 'info events', 'List the program\'s CUDA events and when each was recorded.'],
  ['frame', 'info frame, info f', 'Describe the selected frame in detail.'],
  ['line', 'info line', 'Name the source line the program stands at and its step number.'],
  ['locals', 'info locals', 'Show the local variables of the selected frame.'],
  ['streams', 'info streams', 'List the program\'s CUDA streams and the operations queued on them.'],
  ['watchpoints', 'info watchpoints', 'List the breakpoints and watchpoints (as "info breakpoints").'],
  ['writers', 'info writers', 'Name the write that gave an lvalue its current value.'],
];
const INFO_ALIASES: Readonly<Record<string, string>> = { b: 'breakpoints', break: 'breakpoints', f: 'frame' };

const INFO_HELP = [
  'info, inf, i',
  'Show facts about the program at the current point of the recording.',
  'Usage: info SUBCOMMAND [ARGS]',
  '',
  'List of info subcommands:',
  '',
  ...INFO_SUBCOMMANDS.map(([, names, summary]) => `${names} -- ${summary}`),
  ...prefixTail('info'),
].join('\n');

/** The set subcommands Warpscope takes (`set cuda ...` and the terminal settings a script's first lines set). */
const SET_SUBCOMMANDS: readonly (readonly [string, string])[] = [
  ['set confirm', 'Set whether to confirm potentially dangerous operations (kill, quit, delete, run again).'],
  ['set cuda', 'Change a CUDA setting of the debugger.'],
  ['set height', 'Accepted and ignored: Warpscope does not page its output.'],
  ['set pagination', 'Accepted and ignored: Warpscope does not page its output.'],
  ['set scheduler', 'Choose how warps are interleaved from the next "run".'],
  ['set variable, set var', 'Not supported: the variables of the recorded run cannot be changed.'],
  ['set width', 'Accepted and ignored: Warpscope does not wrap its output.'],
];

const SET_HELP = [
  'Change a setting of the debugger.',
  'Usage: set SUBCOMMAND VALUE',
  'Assignments to the program\'s variables ("set var X = 1") are not supported:',
  'the recorded run cannot be changed.',
  '',
  'List of set subcommands:',
  '',
  ...SET_SUBCOMMANDS.map(([names, summary]) => `${names} -- ${summary}`),
  ...prefixTail('set'),
].join('\n');

/** The help of a prefix command's subcommand, or gdb's error for one it does not have. */
function subcommandHelp(prefix: string, sub: string): string {
  const word = sub.split(' ')[0]!;
  if (prefix === 'info') {
    if (word === 'cuda') return infoCudaHelp();
    return TEXTS[`info ${INFO_ALIASES[word] ?? word}`] ?? `Undefined info command: "${sub}".  Try "help info".`;
  }
  if (prefix === 'set') {
    const name = `set ${word === 'variable' ? 'var' : word}`;
    const listed = SET_SUBCOMMANDS.find(([n]) => n === name || n.startsWith(`${name},`));
    return TEXTS[name] ?? listed?.[1] ?? `Undefined set command: "${sub}".  Try "help set".`;
  }
  // cuda
  const c = CUDA_SUBCOMMANDS.find(([w]) => w === word);
  return c ? `${c[1]}\nUsage: cuda ${c[0]}${c[2] ? ` [${c[2]}]` : ''}` : `Undefined cuda command: "${sub}".  Try "help cuda".`;
}

/**
 * The text of `help ARGS`, its first word already resolved from an alias (`b` is break);
 * `commands` lists every command for a bare `help` (and `help all`).
 */
export function helpText(args: string, commands: readonly string[]): string {
  const [word = '', ...rest] = args.trim().split(/\s+/);
  const sub = rest.join(' ');
  if (word === 'cuda') return sub ? subcommandHelp('cuda', sub) : CUDA_HELP;
  if (word === 'info') return sub ? subcommandHelp('info', sub) : INFO_HELP;
  if (word === 'set') return sub ? subcommandHelp('set', sub) : SET_HELP;
  if (word === 'step' && sub === 'lane') return TEXTS['step lane']!;
  const text = word === '' || word === 'all' ? undefined : TEXTS[word];
  if (text !== undefined) return text;
  return `List of commands:\n${commands.join(' ')}\nTime travel: reverse-step reverse-next reverse-continue reverse-finish goto STEP history EXPR "info writers EXPR".`;
}
