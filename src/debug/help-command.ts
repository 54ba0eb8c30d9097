import { infoCudaHelp } from './info-cuda-command.js';
import { BREAKPOINT_HELP, RUNNING_HELP } from './help/running-help.js';
import { DATA_HELP } from './help/data-help.js';

/*
 * `help`, `help COMMAND`, `help info SUB`, `help set SUB`, `help cuda [SUB]`: each command's own
 * text as gdb prints it (help/*.ts), the prefix commands' (`info`, `set`, `cuda`) with the
 * subcommands Warpscope has. A bare `help` lists every command.
 */

const TEXTS: Readonly<Record<string, string>> = { ...RUNNING_HELP, ...BREAKPOINT_HELP, ...DATA_HELP };

/** gdb's closing lines of a prefix command's help. */
const prefixTail = (prefix: string): string[] => [
  '',
  `Type "help ${prefix}" followed by ${prefix} subcommand name for full documentation.`,
  'Type "apropos word" to search for commands related to "word".',
  'Type "apropos -v word" for full documentation of commands related to "word".',
  'Command name abbreviations are allowed if unambiguous.',
];

/** cuda-gdb's focus subcommands with their help, as gdb lists a prefix command's (alphabetically). */
const CUDA_SUBCOMMANDS: readonly [string, string][] = [
  ['block', 'block'], ['device', 'device'], ['grid', 'grid'], ['kernel', 'kernel'],
  ['lane', 'lane'], ['sm', 'SM'], ['thread', 'thread'], ['warp', 'warp'],
];

const CUDA_HELP = [
  'Print or select the CUDA focus.',
  '',
  'List of cuda subcommands:',
  '',
  ...CUDA_SUBCOMMANDS.map(([word, what]) => `cuda ${word} -- Print or select the current CUDA ${what}.`),
  ...prefixTail('cuda'),
].join('\n');

/** The info subcommands, their aliases, and the summaries gdb lists them with. */
const INFO_SUBCOMMANDS: readonly (readonly [string, string, string])[] = [
  ['args', 'info args', 'All argument variables of current stack frame.'],
  ['breakpoints', 'info breakpoints, info b', 'Status of specified breakpoints (all user-settable breakpoints if no argument).'],
  ['cuda', 'info cuda', 'Print informations about the current CUDA activities. Available options:'],
  ['display', 'info display', 'Expressions to display when program stops, with code numbers.'],
  ['events', 'info events', 'The CUDA events of the program and when they were recorded.'],
  ['frame', 'info frame, info f', 'All about the selected stack frame.'],
  ['line', 'info line', 'Core addresses of the code for a source line.'],
  ['locals', 'info locals', 'All local variables of current stack frame.'],
  ['streams', 'info streams', 'The CUDA streams of the program and the operations queued on them.'],
  ['watchpoints', 'info watchpoints', 'Status of specified watchpoints (all watchpoints if no argument).'],
  ['writers', 'info writers', 'Name the write that gave an lvalue its current value.'],
];
const INFO_ALIASES: Readonly<Record<string, string>> = { b: 'breakpoints', break: 'breakpoints', f: 'frame' };

const INFO_HELP = [
  'info, inf, i',
  'Generic command for showing things about the program being debugged.',
  '',
  'List of info subcommands:',
  '',
  ...INFO_SUBCOMMANDS.map(([, names, summary]) => `${names} -- ${summary}`),
  ...prefixTail('info'),
].join('\n');

/** The set subcommands Warpscope takes (`set cuda ...` and the terminal settings a script's first lines set). */
const SET_SUBCOMMANDS: readonly (readonly [string, string])[] = [
  ['set confirm', 'Set whether to confirm potentially dangerous operations.'],
  ['set cuda', 'Generic command for setting gdb cuda variables'],
  ['set height', 'Set number of lines in a page for GDB output pagination.'],
  ['set pagination', 'Set state of GDB output pagination.'],
  ['set scheduler', 'Set how warps are scheduled from the next "run".'],
  ['set variable, set var', 'Evaluate expression EXP and assign result to variable VAR.'],
  ['set width', 'Set number of characters where GDB should wrap lines of its output.'],
];

const SET_HELP = [
  'Evaluate expression EXP and assign result to variable VAR.',
  'Usage: set VAR = EXP',
  'This uses assignment syntax appropriate for the current language',
  '(VAR = EXP or VAR := EXP for example).',
  'VAR may be a debugger "convenience" variable (names starting',
  'with $), a register (a few standard names starting with $), or an actual',
  'variable in the program being debugged.  EXP is any valid expression.',
  'Use "set variable" for variables with names identical to set subcommands.',
  '',
  'With a subcommand, this command modifies parts of the gdb environment.',
  'You can see these environment settings with the "show" command.',
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
  return c ? `Print or select the current CUDA ${c[1]}.` : `Undefined cuda command: "${sub}".  Try "help cuda".`;
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
