import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { execute } from '../engine/execute.js';
import { defaultRunOptions, type EngineEvent, type RunOptions } from '../engine/api.js';
import { parseArgs, usage } from './args.js';
import { formatTimeline } from './timeline.js';
import type { TimelineOp } from '../engine/runtime/streams.js';
import { devicesListing } from './devices.js';

/** Writes the engine's events to this process's streams, byte for byte. */
function writeEvent(e: EngineEvent): void {
  switch (e.kind) {
    case 'stdout':
      process.stdout.write(Buffer.from(e.text, 'latin1'));
      break;
    case 'stderr':
      process.stderr.write(Buffer.from(e.text, 'latin1'));
      break;
    case 'diagnostic':
      process.stderr.write(e.rendered + '\n');
      break;
    case 'timeline':
    case 'exit':
      break;
  }
}

/** Reads a source file from disk; null when it cannot be read. */
function readSource(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The `warpscope` command: returns the process exit status. */
export async function main(argv: readonly string[]): Promise<number> {
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
  const options: RunOptions = { ...defaultRunOptions, ...parsed.options };
  if (readSource(parsed.file) === null) {
    process.stderr.write(`warpscope: error: cannot read '${parsed.file}'\n`);
    return 1;
  }
  const timeline: TimelineOp[] = [];
  const status = execute({ kind: 'run', file: parsed.file, argv: [basename(parsed.file, '.cu'), ...parsed.programArgs], options }, { readFile: readSource }, (e) => {
    if (e.kind === 'timeline') timeline.push(e.op);
    writeEvent(e);
  });
  if (options.timeline) process.stderr.write(formatTimeline(timeline));
  // Let the streams drain before the process exits with the program's status.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  return status;
}
