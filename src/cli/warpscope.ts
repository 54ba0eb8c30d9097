import { basename } from 'node:path';
import { execute } from '../engine/execute.js';
import { defaultRunOptions, type EngineCommand, type EngineEvent, type RunOptions } from '../engine/api.js';
import { defaultTracePath, replay } from './record.js';
import { RecordingStopped, TraceWriter } from '../trace/writer.js';
import { parseArgs, usage } from './args.js';
import { INTERRUPTED_STATUS } from './exit-status.js';
import { formatTimeline } from './timeline.js';
import type { TimelineOp } from '../engine/runtime/streams.js';
import { devicesListing } from './devices.js';
import { debugProgram, debugTrace } from './debug.js';
import { checkCommand } from './check.js';
import { statsCommand } from './stats.js';
import { serveCommand } from './serve.js';
import { programProblem, readSource } from './source.js';
import { utf8Bytes } from '../debug/utf8.js';

/** Writes text (char codes 0..255) to stdout or stderr byte for byte; `record` also hands it to the trace. */
type Print = (stream: 'stdout' | 'stderr', text: string) => void;
const print: Print = (stream, text) => void process[stream].write(Buffer.from(text, 'latin1'));

/** Writes the engine's events to this process's streams, byte for byte. */
function writeEvent(e: EngineEvent, out: Print = print): void {
  switch (e.kind) {
    case 'stdout':
    case 'stderr':
      out(e.kind, e.text);
      break;
    case 'diagnostic':
      out('stderr', utf8Bytes(e.rendered + '\n'));
      break;
    case 'timeline':
    case 'exit':
      break;
  }
}

/** The `warpscope` command: returns the process exit status. `stop`: a word another thread sets on Ctrl-C (launch.ts), which stops a recording. */
export async function main(argv: readonly string[], stop?: Int32Array, terminal = process.stdout.isTTY === true): Promise<number> {
  // The analyses parse their own options (compute-sanitizer's and Nsight's, beside run's).
  if (argv[0] === 'check') return checkCommand(argv.slice(1), terminal);
  if (argv[0] === 'stats') return statsCommand(argv.slice(1), terminal);
  if (argv[0] === 'serve') return serveCommand(argv.slice(1));
  const parsed = parseArgs(argv);
  if (parsed.kind === 'error') {
    process.stderr.write(`warpscope: error: ${parsed.message}\n${usage()}`);
    return 2;
  }
  if (parsed.kind === 'help') {
    process.stdout.write(usage());
    return 0;
  }
  if (parsed.kind === 'devices') {
    process.stdout.write(devicesListing());
    return 0;
  }
  if (parsed.kind === 'version') {
    process.stdout.write('warpscope 0.1.0\n');
    return 0;
  }
  if (parsed.kind === 'replay') {
    if (parsed.summary || parsed.print) return replay(parsed.file, parsed.summary);
    return debugTrace(parsed.file, parsed.commands, parsed.batch);
  }
  const options: RunOptions = { ...defaultRunOptions, ...parsed.options };
  if (parsed.kind === 'debug') {
    const problem = programProblem(parsed.file);
    if (problem !== null) {
      process.stderr.write(`warpscope: error: ${problem}\n`);
      return 1;
    }
    const programArgv = [basename(parsed.file, '.cu'), ...parsed.programArgs];
    return debugProgram(parsed.file, programArgv, options, { readFile: readSource }, parsed.output ?? defaultTracePath(parsed.file), parsed.commands, parsed.batch);
  }
  const problem = programProblem(parsed.file);
  if (problem !== null) {
    process.stderr.write(`warpscope: error: ${problem}\n`);
    return 1;
  }
  const timeline: TimelineOp[] = [];
  const programArgv = [basename(parsed.file, '.cu'), ...parsed.programArgs];
  let out = print;
  // stdio line-buffers a terminal's stdout and sends a pipe's or file's in blocks: printf before an fprintf(stderr) comes first only on a terminal.
  let cmd: EngineCommand = { kind: 'run', file: parsed.file, argv: programArgv, options: { ...options, lineBuffered: terminal } };
  let writer: TraceWriter | null = null;
  let writerPath = '';
  if (parsed.kind === 'record') {
    const path = (writerPath = parsed.output ?? defaultTracePath(parsed.file));
    // A recording runs to the end: no pauses, so the program needs no suspension point per statement.
    const created = TraceWriter.create(path, { program: parsed.file, argv: programArgv, device: options.device ?? 'h100', options: { ...options } }, { pauses: false, ...(stop ? { stop } : {}) });
    if (typeof created === 'string') {
      process.stderr.write(`warpscope: error: cannot write the trace '${path}': ${created}\n`);
      return 1;
    }
    const w = (writer = created);
    out = (stream, text) => (w.output(stream, text), print(stream, text));
    cmd = { ...cmd, kind: 'record', listener: w };
  }
  let status: number;
  try {
    status = execute(cmd, { readFile: readSource }, (e) => {
      if (e.kind === 'timeline') timeline.push(e.op);
      if (e.kind === 'diagnostic') writer?.diagnostic(e.diagnostic, e.rendered);
      writeEvent(e, out);
    });
    if (options.timeline) out('stderr', formatTimeline(timeline));
    writer?.finish(status);
  } catch (e) {
    // Ctrl-C: the trace closes with what was recorded, unfinished (no exit status), and the process ends as a program would.
    if (e instanceof RecordingStopped && writer !== null) {
      writer.finish(null);
      return INTERRUPTED_STATUS;
    }
    // The trace could not be stored (a full disk): one line; the trace keeps what was committed, as a killed recording's.
    const failure = writer?.storeFailure ?? null;
    if (writer === null || failure === null) throw e;
    writer.abandonFailed();
    process.stderr.write(`warpscope: error: cannot write the trace '${writerPath}': ${failure}\n`);
    return 1;
  }
  // Let the streams drain before the process exits with the program's status.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  return status;
}
