/*
 * The recording part of `npm run bench`: one program run plainly and recorded, both through
 * execute(). Prints recording events/s, record-vs-run time and bytes per event on disk against
 * the targets (>= 1M events/s, < 3x run, < 16 bytes/event); it asserts nothing.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '../src/engine/execute.js';
import { defaultRunOptions, type EngineCommand } from '../src/engine/api.js';
import { TraceWriter } from '../src/trace/writer.js';
import { Trace } from '../src/trace/reader.js';

const host = { readFile: (p: string): string | null => { try { return readFileSync(p, 'latin1'); } catch { return null; } } };

/** Seconds `cmd` takes through execute(). */
function time(cmd: EngineCommand, onOut?: (stream: 'stdout' | 'stderr', text: string) => void): number {
  const start = performance.now();
  execute(cmd, host, (e) => { if (e.kind === 'stdout' || e.kind === 'stderr') onOut?.(e.kind, e.text); });
  return (performance.now() - start) / 1000;
}

/** Records `file` and prints the recording figures. */
export function benchRecording(file: string): void {
  const argv = [file.replace(/^.*\/|\.cu$/g, '')];
  const run = Math.min(...[0, 1, 2].map(() => time({ kind: 'run', file, argv, options: defaultRunOptions })));
  const path = join(mkdtempSync(join(tmpdir(), 'ws-bench-')), 'bench.trace');
  const w = TraceWriter.create(path, { program: file, argv, device: 'h100', options: {} });
  if (typeof w === 'string') throw new Error(w);
  const start = performance.now();
  const status = time({ kind: 'record', file, argv, options: defaultRunOptions, listener: w }, (s, t) => w.output(s, t));
  w.finish(0);
  const rec = (performance.now() - start) / 1000;
  void status;
  const t = Trace.open(path);
  if (typeof t === 'string') throw new Error(t);
  const tables = ['barriers', 'api_calls', 'output', 'diagnostics', 'timeline', 'warp_masks'] as const;
  const events = t.stepCount() + t.effectCount() + tables.reduce((n, k) => n + t.count(k), 0);
  t.close();
  const bytes = statSync(path).size;
  const rate = events / rec;
  const ratio = rec / run;
  const perEvent = bytes / events;
  console.log(`\nRecording ${file}: ${events} events in ${rec.toFixed(2)} s (run ${run.toFixed(2)} s), ${(bytes / 1e6).toFixed(1)} MB`);
  console.log(`${'recording events/s'.padEnd(22)} ${(rate / 1e6).toFixed(2).padStart(6)} M  (target >= 1 M ${rate >= 1e6 ? 'ok' : 'MISSED'})`);
  console.log(`${'record / run time'.padEnd(22)} ${ratio.toFixed(2).padStart(6)} x  (target < 3 x ${ratio < 3 ? 'ok' : 'MISSED'})`);
  console.log(`${'bytes per event'.padEnd(22)} ${perEvent.toFixed(2).padStart(6)} B  (target < 16 B ${perEvent < 16 ? 'ok' : 'MISSED'})`);
}
