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

/** The options, in cuda-gdb's order, with its help for each (sanitizer is Warpscope's own). */
const OPTIONS: readonly { readonly name: string; readonly help: string }[] = [
  { name: 'devices', help: 'information about all the devices' },
  { name: 'sms', help: 'information about all the SMs in the current device' },
  { name: 'warps', help: 'information about all the warps in the current SM' },
  { name: 'lanes', help: 'information about all the lanes in the current warp' },
  { name: 'kernels', help: 'information about all the active kernels' },
  { name: 'blocks', help: 'information about all the active blocks in the current kernel' },
  { name: 'threads', help: 'information about all the active threads in the current kernel' },
  { name: 'launch trace', help: 'information about the parent kernels of the kernel in focus' },
  { name: 'barriers', help: 'information about the barriers of the block in focus' },
  { name: 'sanitizer', help: 'the findings of the memcheck, racecheck, synccheck and initcheck tools' },
];

/** The words `info cuda` takes first, for completion. */
export const INFO_CUDA_WORDS: readonly string[] = OPTIONS.map((o) => o.name.split(' ')[0]!);

/** `help info cuda`: cuda-gdb's text, one line per option, names right-aligned. */
export function infoCudaHelp(): string {
  const width = Math.max(...OPTIONS.map((o) => o.name.length));
  return `Print informations about the current CUDA activities. Available options:\n${OPTIONS.map((o) => ` ${o.name.padStart(width)} : ${o.help}\n`).join('')}`;
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
