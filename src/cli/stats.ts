import { basename } from 'node:path';
import { execute } from '../engine/execute.js';
import { defaultRunOptions, type RunOptions } from '../engine/api.js';
import { findPreset, h100Preset } from '../engine/runtime/presets/index.js';
import { asksHelp, ownWords, parseArgs } from './args.js';
import { StatsCollector } from '../analysis/stats/collector.js';
import { statsJson, statsTable } from '../analysis/stats/report.js';
import { programProblem, readSource } from './source.js';
import { utf8Bytes } from '../debug/utf8.js';

/*
 * `warpscope stats FILE.cu [--json] [run's options] [-- ARGS...]`: runs the program as `run`
 * does, counting per launch and per source line what Nsight Compute reports (docs/stats.md).
 * The program's output appears as under `run`; the report follows on stdout. With --json,
 * stdout carries the JSON document alone and the program's stdout goes to stderr.
 */

const USAGE = 'usage: warpscope stats FILE.cu [--json] [--fmad=true|false] [--max-steps N] [--max-host-steps N] [--device NAME] [--scheduler S] [-- ARGS...]\n';

/** Writes text (char codes 0..255) byte for byte, as `run` does. */
const write = (stream: 'stdout' | 'stderr', text: string): void => void process[stream].write(Buffer.from(text, 'latin1'));

/** The `stats` command (argv: the words after `stats`); returns the exit status. `terminal`: whether stdout is a terminal. */
export async function statsCommand(argv: readonly string[], terminal = false): Promise<number> {
  const own = ownWords(argv);
  if (asksHelp(argv)) {
    write('stdout', USAGE);
    return 0;
  }
  const json = own.includes('--json');
  // The run options are `run`'s: its parser reads them, so the two commands cannot drift apart.
  const parsed = parseArgs(['run', ...own.filter((a) => a !== '--json'), ...argv.slice(own.length)]);
  if (parsed.kind !== 'run') {
    write('stderr', `warpscope stats: error: ${parsed.kind === 'error' ? parsed.message.replace(/^run /, 'stats ') : 'unexpected arguments'}\n${USAGE}`);
    return 2;
  }
  const problem = programProblem(parsed.file);
  if (problem !== null) {
    write('stderr', `warpscope: error: ${problem}\n`);
    return 1;
  }
  // ncu's target inherits the terminal, where stdio line-buffers stdout: each line shows as it is
  // printed, in order with its stderr; into a pipe or file it comes in 4 KiB blocks, as under `run`.
  const options: RunOptions = { ...defaultRunOptions, ...parsed.options, lineBuffered: terminal };
  const collector = new StatsCollector(findPreset(options.device ?? 'h100') ?? h100Preset);
  let status: number;
  try {
    status = execute(
      { kind: 'record', file: parsed.file, argv: [basename(parsed.file, '.cu'), ...parsed.programArgs], options, listener: collector },
      { readFile: readSource },
      (e) => {
        if (e.kind === 'stdout') write(json ? 'stderr' : 'stdout', e.text);
        else if (e.kind === 'stderr') write('stderr', e.text);
        else if (e.kind === 'diagnostic') write('stderr', utf8Bytes(e.rendered + '\n'));
      },
    );
  } catch (e) {
    // A bug of ours: one line naming it, not a JavaScript stack trace.
    write('stderr', `warpscope: error: internal error in Warpscope while running '${parsed.file}': ${e instanceof Error ? e.message : String(e)} (please report it with this program)\n`);
    return 70;
  }
  // A program that did not compile ran nothing: its diagnostics are the whole answer.
  if (collector.files !== null) write('stdout', json ? statsJson(collector.launches) : statsTable(collector.launches, collector.files));
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  return status;
}
