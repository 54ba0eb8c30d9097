import { describe, expect, it } from 'vitest';
import { contents, recordFile } from './record.js';

/*
 * `warpscope record` never pauses, so its program is compiled without a suspension point per
 * statement and with plain functions where nothing needs to suspend (a debugger's recording keeps
 * them). Both must record the same run, row for row: device and host helper functions,
 * recursion, barriers, atomics and a kernel that faults.
 */

const programs = [
  'examples/avgfilter.cu',
  'test/conformance/rules/language_features.cu',
  'examples/spmv.cu',
  'examples/transpose.cu',
  'test/conformance/atomics/all_ops.cu',
  'test/conformance/seeds/cg_reduce_sum.cu',
  'examples/matmul_comma_bug.cu',
];

describe('a recording that never pauses', () => {
  for (const file of programs) {
    it(`${file}: stores the same trace as one that may pause`, () => {
      const paused = recordFile(file, { checkpointEvents: 500, worker: null, pauses: true });
      const straight = recordFile(file, { checkpointEvents: 500, worker: null, pauses: false });
      expect(straight.stepCount()).toBeGreaterThan(100);
      expect(contents(straight)).toBe(contents(paused));
      paused.close();
      straight.close();
    });
  }
});
