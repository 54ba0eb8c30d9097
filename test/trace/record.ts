import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '../../src/engine/execute.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { Trace } from '../../src/trace/reader.js';

/** Source files from disk, as the CLI reads them. */
export const diskHost = { readFile: (p: string): string | null => { try { return readFileSync(p, 'latin1'); } catch { return null; } } };

/** Records `file` into a fresh temporary trace (its output too) and opens it; `adjust` may change the writer first. */
export function recordFile(file: string, opts: { readonly checkpointEvents?: number; readonly worker?: URL | null; readonly pauses?: boolean; readonly exhaustiveRegisters?: boolean; readonly encodeBehind?: number; readonly adjust?: (w: TraceWriter) => void } = {}): Trace {
  const path = join(mkdtempSync(join(tmpdir(), 'ws-trace-')), 't.trace');
  const w = TraceWriter.create(path, { program: file, argv: ['p'], device: 'h100', options: {} }, { checkpointEvents: opts.checkpointEvents, pauses: opts.pauses, exhaustiveRegisters: opts.exhaustiveRegisters, encodeBehind: opts.encodeBehind, ...(opts.worker !== undefined ? { worker: opts.worker } : {}) });
  if (typeof w === 'string') throw new Error(w);
  opts.adjust?.(w);
  const status = execute({ kind: 'record', file, argv: ['p'], options: defaultRunOptions, listener: w }, diskHost, (e) => {
    if (e.kind === 'stdout' || e.kind === 'stderr') w.output(e.kind, e.text);
  });
  w.finish(status);
  const t = Trace.open(path);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

/** Every row of every table of a trace, as text (its creation time left out): two recordings of one run compare equal. */
export function contents(t: Trace): string {
  const tables = t.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  return tables.map((name) => {
    const rows = t.db.prepare(`SELECT * FROM ${name}`).all() as Record<string, unknown>[];
    const text = rows.filter((r) => r.key !== 'created').map((r) => JSON.stringify(Object.values(r).map((v) => (Buffer.isBuffer(v) ? v.toString('base64') : v))));
    return `${name}\n${text.join('\n')}`;
  }).join('\n');
}
