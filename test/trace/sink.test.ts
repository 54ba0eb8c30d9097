import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { contents, recordFile } from './record.js';

/*
 * A recording stores its trace from a worker thread when the CLI is built (dist/trace-sink.js,
 * made by `npm test` before the tests run) and in its own thread otherwise: both must write the
 * same file.
 */

const worker = new URL('../../dist/trace-sink.js', import.meta.url);

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
