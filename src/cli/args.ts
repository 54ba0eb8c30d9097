import type { RunOptions } from '../engine/api.js';
import { devicePresets, findPreset } from '../engine/runtime/presets/index.js';
import { parseScheduler, type SchedulerSpec } from '../engine/exec/scheduler.js';

/** What the command line asked for. */
export type CliRequest =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'devices' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'run'; readonly file: string; readonly programArgs: readonly string[]; readonly options: Partial<RunOptions>; readonly output?: string }
  | { readonly kind: 'record'; readonly file: string; readonly programArgs: readonly string[]; readonly options: Partial<RunOptions>; readonly output?: string }
  | { readonly kind: 'debug'; readonly file: string; readonly programArgs: readonly string[]; readonly options: Partial<RunOptions>; readonly output?: string; readonly commands?: string; readonly batch: boolean }
  | { readonly kind: 'replay'; readonly file: string; readonly summary: boolean; readonly print: boolean; readonly commands?: string; readonly batch: boolean };

/** The help text: every command and option. */
export function usage(): string {
  return `Usage: warpscope <command> [options]

Commands:
  run FILE.cu [options] [-- ARGS...]   compile and run a CUDA program on the simulated GPU;
                                       prints what the program prints and exits with its status
  record FILE.cu [-o OUT.trace] [options] [-- ARGS...]
                                       run as 'run' does, writing a full trace (default
                                       traces/NAME-YYYYMMDD-HHMMSS.trace; docs/trace-format.md)
  debug FILE.cu [-x CMDS] [--batch] [-o OUT.trace] [options] [-- ARGS...]
                                       debug the program with cuda-gdb's commands (break, run,
                                       next, print, cuda thread, reverse-step, goto, history...):
                                       a REPL, or the commands of file CMDS (-x); --batch quits after
                                       them. The run is recorded to OUT.trace as 'record' does.
  replay FILE.trace [-x CMDS] [--batch] debug a saved trace with the same commands, without
                                       running anything (commands from stdin when it is not a terminal)
  replay FILE.trace --output|--summary print the recorded output and exit with the recorded
                                       status, or summarise the run (program, device, launches, counts)
  check FILE.cu --tool memcheck|racecheck|initcheck|synccheck [--leak-check full] [--json]
        [--error-exitcode N] [options] [-- ARGS...]
                                       run as 'run' does under a sanitizer and report what it
                                       found as compute-sanitizer does (docs/sanitizers.md)
  stats FILE.cu [--json] [options] [-- ARGS...]
                                       run as 'run' does and report Nsight Compute's memory and
                                       divergence counters per launch and source line (docs/stats.md)
  serve FILE.cu|FILE.trace [--port N] [--host ADDR]
                                       the debugger in a browser: prints a local address with a
                                       secret token (binds 127.0.0.1 and a free port by default)
  devices                              list the GPUs --device can simulate
  help                                 show this help
  version                              show the version

Options of run and record:
  --fmad=true|false     contract a*b+c into fused multiply-adds as nvcc does by default
                        (default false, like nvcc -fmad=false)
  --max-steps N         stop a kernel launch after N warp-statements (default 100000000)
  --max-host-steps N    stop host code after N statements (default 5000000000)
  --timeline            after the run, print each stream operation (kernels, copies, memsets,
                        events, host functions) with its modelled start and duration to stderr
  --device NAME         the GPU to simulate: ${devicePresets.map((d) => d.id).join(', ')} (default h100; see 'warpscope devices')
  --scheduler S         how warps take turns: greedy (default: each warp runs until a barrier),
                        round-robin (one statement per warp in turn) or random:SEED (the next
                        statement's warp drawn by a PRNG seeded with SEED, 0..4294967295);
                        round-robin and random show races between warps that lack a barrier

Arguments after -- reach the program's argv.
`;
}

/** The commands this parser reads (check, stats and serve parse their own). */
const KNOWN = new Set(['run', 'record', 'debug', 'replay', 'devices', 'version']);

/** The words of a command line that are warpscope's: those before `--` (the rest are the program's). */
export function ownWords(argv: readonly string[]): readonly string[] {
  const dash = argv.indexOf('--');
  return dash < 0 ? argv : argv.slice(0, dash);
}

/** Whether warpscope's own words of `argv` ask for a command's help (`--help` or `-h`). */
export function asksHelp(argv: readonly string[]): boolean {
  const own = ownWords(argv);
  return own.includes('--help') || own.includes('-h');
}

/** Parses `warpscope` arguments. */
export function parseArgs(argv: readonly string[]): CliRequest {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  // `warpscope run --help`: the help, as every command's own --help gives it, not an unknown option.
  if (KNOWN.has(command) && asksHelp(rest)) return { kind: 'help' };
  if (command === 'version' || command === '--version' || command === '-V') return { kind: 'version' };
  if (command === 'devices') return rest.length === 0 ? { kind: 'devices' } : { kind: 'error', message: `unexpected argument '${rest[0]}'` };
  if (command === 'replay') return parseReplay(rest);
  if (command !== 'run' && command !== 'record' && command !== 'debug') return { kind: 'error', message: `unknown command '${command}'` };
  const kind = command;
  let file: string | null = null;
  let output: string | undefined;
  let commands: string | undefined;
  let batch = false;
  const done = (programArgs: readonly string[]): CliRequest =>
    file === null ? { kind: 'error', message: `${kind} needs a .cu file` } : kind === 'debug' ? { kind, file, programArgs, options, output, commands, batch } : { kind, file, programArgs, options, output };
  const options: { fmad?: boolean; maxSteps?: number; maxHostSteps?: number; device?: string; timeline?: boolean; scheduler?: SchedulerSpec } = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') return done(rest.slice(i + 1));
    if (a === '--fmad=true' || a === '--fmad') options.fmad = true;
    else if (a === '--fmad=false') options.fmad = false;
    else if (a === '--timeline') options.timeline = true;
    else if (kind === 'debug' && (a === '-x' || a === '--batch')) {
      if (a === '--batch') batch = true;
      else if ((commands = rest[++i]) === undefined) return { kind: 'error', message: '-x needs a file of commands' };
    }
    else if (kind !== 'run' && (a === '-o' || a.startsWith('--output'))) {
      output = a.startsWith('--output=') ? a.slice('--output='.length) : rest[++i];
      if (output === undefined || output === '') return { kind: 'error', message: `${a} needs a file name` };
    }
    else if (/^--device(=|$)/.test(a)) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i];
      const preset = v === undefined ? null : findPreset(v);
      if (!preset) return { kind: 'error', message: `unknown device '${v ?? ''}' (known: ${devicePresets.map((d) => d.id).join(', ')})` };
      options.device = preset.id;
    } else if (/^--scheduler(=|$)/.test(a)) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i];
      const spec = v === undefined ? null : parseScheduler(v);
      if (!spec) return { kind: 'error', message: `unknown scheduler '${v ?? ''}' (greedy, round-robin, random:SEED)` };
      options.scheduler = spec;
    } else if (/^--max-(host-)?steps(=|$)/.test(a)) {
      const name = a.replace(/=.*/, '');
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest[++i];
      const n = Number(v);
      if (v === undefined || !Number.isSafeInteger(n) || n <= 0) return { kind: 'error', message: `${name} needs a positive whole number, got '${v ?? ''}'` };
      if (name === '--max-steps') options.maxSteps = n;
      else options.maxHostSteps = n;
    } else if (a.startsWith('-')) return { kind: 'error', message: `unknown option '${a}'` };
    else if (file === null) file = a;
    else return { kind: 'error', message: `unexpected argument '${a}' (program arguments go after --)` };
  }
  return done([]);
}

/** `replay FILE.trace [--output | --summary | -x CMDS [--batch]]`. */
function parseReplay(rest: readonly string[]): CliRequest {
  let file: string | null = null;
  let summary = false;
  let print = false;
  let batch = false;
  let commands: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--summary') summary = true;
    else if (a === '--output') print = true;
    else if (a === '--batch') batch = true;
    else if (a === '-x') {
      if ((commands = rest[++i]) === undefined) return { kind: 'error', message: '-x needs a file of commands' };
    } else if (a.startsWith('-')) return { kind: 'error', message: `unknown option '${a}'` };
    else if (file === null) file = a;
    else return { kind: 'error', message: `unexpected argument '${a}'` };
  }
  if (file === null) return { kind: 'error', message: 'replay needs a .trace file' };
  // Modes that exclude each other: one would be dropped unseen, so neither is guessed.
  const modes = [print && '--output', summary && '--summary', commands !== undefined && '-x', batch && '--batch'].filter((m): m is string => m !== false);
  const debugs = modes.filter((m) => m === '-x' || m === '--batch').length;
  if (modes.length > 1 && modes.length > debugs) return { kind: 'error', message: `${modes.slice(0, -1).join(', ')} and ${modes.at(-1)} cannot be used together` };
  return { kind: 'replay', file, summary, print, commands, batch };
}
