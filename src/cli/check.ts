import { basename } from 'node:path';
import { asksHelp, parseArgs } from './args.js';
import { defaultRunOptions, type EngineEvent, type RunOptions } from '../engine/api.js';
import { TOOLS, type Finding, type Tool } from '../analysis/findings.js';
import { runCheck } from '../analysis/run.js';
import type { RaceMemory } from '../analysis/racecheck.js';
import { BANNER, errorBlocks, errorCount, findingBlock, summaryLines } from '../analysis/report.js';
import { resultJson } from '../analysis/json.js';
import { programProblem, readSource } from './source.js';
import { utf8Bytes } from '../debug/utf8.js';

/*
 * `warpscope check prog.cu --tool memcheck|racecheck|initcheck|synccheck [--leak-check full]
 * [--racecheck-memory shared|global|all] [--json] [--error-exitcode N] [run options] [-- program args]`: runs the program as `run` does
 * under one of compute-sanitizer's analyses and prints its report. The run options (--device,
 * --max-steps, --fmad...) are `run`'s own, parsed by its parser.
 */

/** What `check` was asked to do. */
interface CheckArgs {
  readonly tool: Tool;
  readonly leakCheck: boolean;
  readonly racecheckMemory: RaceMemory;
  readonly json: boolean;
  readonly errorExitcode: number | null;
  readonly file: string;
  readonly programArgs: readonly string[];
  readonly options: Partial<RunOptions>;
}

const USAGE = 'usage: warpscope check prog.cu --tool memcheck|racecheck|initcheck|synccheck [--leak-check full] [--racecheck-memory shared|global|all] [--json] [--error-exitcode N] [-- program args]\n';
const RACE_MEMORIES: readonly RaceMemory[] = ['shared', 'global', 'all'];

/** The value of `--name V` or `--name=V` at rest[i]; the index of the last word used. */
function optionValue(rest: readonly string[], i: number): [string | undefined, number] {
  const a = rest[i]!;
  return a.includes('=') ? [a.slice(a.indexOf('=') + 1), i] : [rest[i + 1], i + 1];
}

/** Parses the words after `check`; a message on bad usage. */
export function parseCheckArgs(argv: readonly string[]): CheckArgs | string {
  let tool: Tool | null = null;
  let leakCheck = false;
  let racecheckMemory: RaceMemory = 'shared';
  let json = false;
  let errorExitcode: number | null = null;
  const runWords: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (/^--tool(=|$)/.test(a)) {
      const [v, j] = optionValue(argv, i);
      i = j;
      if (v === undefined || !TOOLS.includes(v as Tool)) return `unknown tool '${v ?? ''}' (memcheck, racecheck, initcheck, synccheck)`;
      tool = v as Tool;
    } else if (/^--leak-check(=|$)/.test(a)) {
      const [v, j] = optionValue(argv, i);
      i = j;
      if (v !== 'full' && v !== 'no') return `--leak-check takes 'full' or 'no', got '${v ?? ''}'`;
      leakCheck = v === 'full';
    } else if (/^--racecheck-memory(=|$)/.test(a)) {
      // Warpscope's own option: compute-sanitizer's racecheck watches shared memory only.
      const [v, j] = optionValue(argv, i);
      i = j;
      if (v === undefined || !RACE_MEMORIES.includes(v as RaceMemory)) return `--racecheck-memory takes 'shared', 'global' or 'all', got '${v ?? ''}'`;
      racecheckMemory = v as RaceMemory;
    } else if (a === '--json') json = true;
    else if (/^--error-exitcode(=|$)/.test(a)) {
      const [v, j] = optionValue(argv, i);
      i = j;
      const n = Number(v);
      if (v === undefined || !Number.isInteger(n) || n < 0 || n > 255) return `--error-exitcode needs a status from 0 to 255, got '${v ?? ''}'`;
      errorExitcode = n;
    } else runWords.push(a);
  }
  const run = parseArgs(['run', ...runWords, ...argv.slice(i)]);
  if (run.kind === 'error') return run.message.replace(/^run needs/, 'check needs');
  if (run.kind !== 'run') return 'check needs a .cu file';
  if (tool === null) return 'check needs --tool memcheck|racecheck|initcheck|synccheck';
  if (racecheckMemory !== 'shared' && tool !== 'racecheck') return '--racecheck-memory needs --tool racecheck';
  return { tool, leakCheck, racecheckMemory, json, errorExitcode, file: run.file, programArgs: run.programArgs, options: run.options };
}

const write = (stream: NodeJS.WriteStream, text: string): void => void stream.write(Buffer.from(text, 'latin1'));

/** `warpscope check ...`: runs, prints the report, returns the exit status. `terminal`: whether stdout is a terminal. */
export async function checkCommand(argv: readonly string[], terminal = false): Promise<number> {
  if (asksHelp(argv)) {
    process.stdout.write(USAGE);
    return 0;
  }
  const args = parseCheckArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`warpscope: error: ${args}\n${USAGE}`);
    return 2;
  }
  const problem = programProblem(args.file);
  if (problem !== null) {
    process.stderr.write(`warpscope: error: ${problem}\n`);
    return 1;
  }
  // Into a pipe the program's stdout is flushed at exit, so compute-sanitizer shows it after the
  // error blocks; it is held back here for that. On a terminal stdio line-buffers it and each line
  // shows as it is printed, between the blocks in the order they happen (racecheck's blocks come
  // at exit: its hazards are grouped over the whole run). With --json the program's stdout goes to
  // stderr, so stdout is the JSON document alone.
  const live = terminal && !args.json;
  let bannerShown = false;
  // The banner comes before the program runs; a program that did not compile ran nothing and gets none.
  const banner = (): void => {
    if (!live || bannerShown) return;
    bannerShown = true;
    write(process.stdout, BANNER);
  };
  let programOut = '';
  let shown = 0;
  const emit = (e: EngineEvent): void => {
    if (e.kind === 'stdout') {
      banner();
      if (terminal) write(args.json ? process.stderr : process.stdout, e.text);
      else programOut += e.text;
    } else if (e.kind === 'stderr') {
      banner();
      write(process.stderr, e.text);
    } else if (e.kind === 'diagnostic') write(process.stderr, utf8Bytes(e.rendered + '\n'));
  };
  const onFinding = (f: Finding): void => {
    banner();
    write(process.stdout, findingBlock(f));
    shown++;
  };
  const options: RunOptions = { ...defaultRunOptions, ...args.options, lineBuffered: terminal };
  const req = { tool: args.tool, file: args.file, argv: [basename(args.file, '.cu'), ...args.programArgs], options, leakCheck: args.leakCheck, racecheckMemory: args.racecheckMemory };
  const result = runCheck(live && args.tool !== 'racecheck' ? { ...req, onFinding } : req, { readFile: readSource }, emit);
  if (result === null) {
    write(process.stdout, programOut);
    return 1;
  }
  if (args.json) {
    write(process.stderr, programOut);
    write(process.stdout, resultJson(result));
  } else if (live) {
    banner();
    // What the run found after the program's last line: leaks at exit, and racecheck's hazards.
    write(process.stdout, errorBlocks({ ...result, findings: result.findings.slice(shown) }) + summaryLines(result));
  } else write(process.stdout, BANNER + errorBlocks(result) + programOut + summaryLines(result));
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  // A stopped run's status is the kill's (124), whatever it found: the process never reached exit.
  return args.errorExitcode !== null && !result.stopped && errorCount(result) > 0 ? args.errorExitcode : result.status;
}
