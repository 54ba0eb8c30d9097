import { basename } from 'node:path';
import { Trace, damagedTrace } from '../trace/reader.js';

/*
 * `warpscope record` and `warpscope replay`: the trace's edge. Recording is a run with a
 * TraceWriter listening; replaying prints what the trace holds without running anything.
 */

const two = (n: number): string => String(n).padStart(2, '0');

/** traces/NAME-YYYYMMDD-HHMMSS.trace for `record` without -o (local time, as a user reads a clock). */
export function defaultTracePath(program: string, now = new Date()): string {
  const stamp = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return `traces/${basename(program, '.cu')}-${stamp}.trace`;
}

/** `warpscope replay FILE [--summary]`: returns the exit status. */
export async function replay(path: string, summary: boolean): Promise<number> {
  const trace = Trace.open(path);
  if (typeof trace === 'string') {
    process.stderr.write(`warpscope: error: ${trace}\n`);
    return 1;
  }
  try {
    if (summary) {
      process.stdout.write(summarize(trace));
      return 0;
    }
    for (const o of trace.output()) {
      const s = o.stream === 'stdout' ? process.stdout : process.stderr;
      s.write(o.data);
    }
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    const status = trace.exitStatus;
    if (status === null) {
      process.stderr.write(`warpscope: warning: the recording of '${path}' was interrupted; its output ends here\n`);
      return 1;
    }
    return status;
  } catch (e) {
    process.stderr.write(`warpscope: error: ${damagedTrace(path, e)}\n`);
    return 1;
  } finally {
    trace.close();
  }
}

/** The `--summary` text. */
export function summarize(t: Trace): string {
  const argv = JSON.parse(t.meta.get('argv') ?? '[]') as string[];
  const status = t.exitStatus;
  const barriers = t.barriers().counts();
  const lines = [
    `program:       ${t.meta.get('program') ?? '?'}${argv.length > 1 ? ` (arguments: ${argv.slice(1).join(' ')})` : ''}`,
    `device:        ${t.meta.get('device') ?? '?'}`,
    `recorded:      ${t.meta.get('created') ?? '?'}`,
    `exit status:   ${status === null ? 'unknown (the recording was interrupted)' : String(status)}`,
    `statements:    ${t.stepCount()}`,
    `effects:       ${t.countAllEffects()} (${t.countEffects(1)} stores, ${t.countEffects(0)} loads, ${t.countEffects(3)} register values, ${t.countEffects(6)} atomics and shuffles)`,
    `barriers:      ${barriers.arrivals} arrivals, ${barriers.releases} releases`,
    `api calls:     ${t.count('api_calls')}`,
    `output chunks: ${t.count('output')}`,
    `diagnostics:   ${t.count('diagnostics')}`,
  ];
  const launches = t.launches();
  lines.push(`launches:      ${launches.length}`);
  for (const l of launches) {
    const steps = l.end_step === null ? 'unfinished' : `${l.end_step - l.begin_step} statements (steps ${l.begin_step}..${l.end_step})`;
    lines.push(`  #${l.launch_id} ${l.kernel}<<<(${l.grid_x},${l.grid_y},${l.grid_z}), (${l.block_x},${l.block_y},${l.block_z})>>> ${steps}, ${l.outcome ?? 'running'}`);
  }
  return lines.join('\n') + '\n';
}
