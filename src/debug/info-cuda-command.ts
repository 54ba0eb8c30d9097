import type { DebugSession } from './session.js';
import { parseFilter, type CudaFilter } from './cuda-filter.js';
import { infoCuda } from './info-cuda-tables.js';
import { noKernelLine } from './info-cuda.js';
import { infoSanitizer } from './sanitize/commands.js';

/*
 * `info cuda OPTION [FILTER]` as cuda-gdb reads it: the option is the first of its names the
 * argument starts with (so `info cuda threadsblock 1` is threads with filter `block 1`), the
 * rest is the filter, and its errors are cuda-gdb's own (`Missing option.`, `Unrecognized
 * option: 'x'.`, `Incorrect filter: ' x'.`, the filter quoted with the space before it).
 */

/** The options, in cuda-gdb's order, with Warpscope's summary of each table (sanitizer is Warpscope's own). */
const OPTIONS: readonly { readonly name: string; readonly help: string }[] = [
  { name: 'devices', help: 'the simulated device' },
  { name: 'sms', help: 'the SMs of the device with warps on them' },
  { name: 'warps', help: 'the warps of the focused SM' },
  { name: 'lanes', help: 'the lanes of the focused warp' },
  { name: 'kernels', help: 'the kernels on the GPU' },
  { name: 'blocks', help: 'the running blocks of the focused kernel' },
  { name: 'threads', help: 'the running threads of the focused kernel' },
  { name: 'launch trace', help: 'the kernel in focus and the kernels that launched it' },
  { name: 'barriers', help: 'the barriers of the focused block' },
  { name: 'sanitizer', help: 'the findings of the memcheck, racecheck, synccheck and initcheck tools' },
];

/** The words `info cuda` takes first, for completion. */
export const INFO_CUDA_WORDS: readonly string[] = OPTIONS.map((o) => o.name.split(' ')[0]!);

/** `help info cuda`: a summary, then one line per option with the names right-aligned (cuda-gdb's layout). */
export function infoCudaHelp(): string {
  const width = Math.max(...OPTIONS.map((o) => o.name.length));
  return `Show a table of the CUDA state at the current step.\nUsage: info cuda OPTION [FILTER]\nOptions:\n${OPTIONS.map((o) => ` ${o.name.padStart(width)} : ${o.help}\n`).join('')}`;
}

/** `info cuda ARGS`. */
export function infoCudaCommand(s: DebugSession, args: string): void {
  if (args === '') return s.say('Missing option.');
  const option = OPTIONS.find((o) => args.startsWith(o.name));
  if (!option) return s.say(`Unrecognized option: '${args}'.`);
  const rest = args.slice(option.name.length);
  let filter: CudaFilter | null = null;
  if (rest.trim() !== '') {
    filter = option.name === 'sanitizer' ? null : parseFilter(rest, option.name === 'launch trace');
    if (!filter) return s.say(`Incorrect filter: '${rest}'.`);
  }
  // Findings stay listed after the program ended: the recording holds them all.
  if (option.name === 'sanitizer') return infoSanitizer(s);
  if (!s.trace || s.pos === null) return s.say(option.name === 'devices' ? 'No CUDA devices.' : noKernelLine(option.name));
  infoCuda(s, option.name, filter);
}
