import { infoCudaHelp } from './info-cuda-command.js';

/*
 * `help`, `help cuda` and `help info cuda`. The last two are cuda-gdb's own texts: `cuda` is a gdb
 * prefix command whose help lists its subcommands, `info cuda` a command whose help lists its
 * options; gdb ends each help with a blank line.
 */

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
  '',
  'Type "help cuda" followed by cuda subcommand name for full documentation.',
  'Type "apropos word" to search for commands related to "word".',
  'Type "apropos -v word" for full documentation of commands related to "word".',
  'Command name abbreviations are allowed if unambiguous.',
].join('\n');

/** The text of `help ARGS`; `commands` lists every command for a bare `help` (and topics Warpscope has no text for). */
export function helpText(args: string, commands: readonly string[]): string {
  const topic = args.trim().split(/\s+/).join(' ');
  if (topic === 'cuda') return CUDA_HELP;
  if (/^(info|inf|i) cuda$/.test(topic)) return infoCudaHelp();
  return `List of commands:\n${commands.join(' ')}\nTime travel: reverse-step reverse-next reverse-continue reverse-finish goto STEP history EXPR "info writers EXPR".`;
}
