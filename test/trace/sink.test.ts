import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { recordFile } from './record.js';
import type { Trace } from '../../src/trace/reader.js';

/*
 * A recording stores its trace from a worker thread when the CLI is built (dist/trace-sink.js,
 * made by `npm test` before the tests run) and in its own thread otherwise: both must write the
 * same file.
 */

const worker = new URL('../../dist/trace-sink.js', import.meta.url);

/** Every row of every table, as text (the creation time left out). */
function contents(t: Trace): string {
  const tables = t.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  return tables.map((name) => {
    const rows = t.db.prepare(`SELECT * FROM ${name}`).all() as Record<string, unknown>[];
    const text = rows.filter((r) => r.key !== 'created').map((r) => JSON.stringify(Object.values(r).map((v) => (Buffer.isBuffer(v) ? v.toString('base64') : v))));
    return `${name}\n${text.join('\n')}`;
  }).join('\n');
}

describe('trace sink', () => {
  it('has its worker script built beside the CLI', () => {
    expect(existsSync(worker)).toBe(true);
  });

  for (const file of ['examples/avgfilter.cu', 'test/conformance/seeds/cg_reduce_sum.cu']) {
    it(`${file}: a worker thread and the writer's own thread store the same trace`, () => {
      // Small checkpoint spacing, so checkpoints (full and delta) fall inside many batches.
      const a = recordFile(file, { checkpointEvents: 500, worker });
      const b = recordFile(file, { checkpointEvents: 500, worker: null });
      expect(a.count('checkpoints')).toBeGreaterThan(3);
      expect(contents(a)).toBe(contents(b));
      a.close();
      b.close();
    });
  }
});
