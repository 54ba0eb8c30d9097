import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../../src/engine/compile-source.js';
import { runProgram } from '../../../src/engine/runtime/program.js';
import { defaultRunOptions } from '../../../src/engine/api.js';

/*
 * The lecture's five transposes (test/bench-programs/transpose_bandwidth.cu, 2048x2048 floats)
 * under the timing model: each kernel's modelled duration, as effective bandwidth, keeps the
 * order the lecture teaches and lands within 1.5x of what an H100 measured and of the notes'
 * K80 table. docs/timing.md has the full comparison; `npm run bench` prints it.
 */

const FILE = 'test/bench-programs/transpose_bandwidth.cu';
const MEASURED: Record<string, readonly number[]> = {
  h100: [62.79, 937.07, 1762.31, 1846.08, 2135.59],
  k80: [16.96, 59.8, 80.54, 127, 161.1],
};

/** Effective bandwidth (2 x 16 MiB / modelled kernel time, GB/s) of each transpose's one launch. */
function modelledGBs(device: string): number[] {
  const compiled = compileSource(FILE, { readFile: (p) => readFileSync(p, 'latin1') });
  if (!compiled.ok) throw new Error(compiled.diags.map((d) => d.message).join('\n'));
  const kernels: number[] = [];
  const status = runProgram(compiled.program, {
    // No repetitions: each transpose runs once, its warm-up launch.
    argv: ['transpose_bandwidth', '0'],
    options: { ...defaultRunOptions, device },
    sink: { stdout: () => undefined, stderr: () => undefined },
    report: (d) => {
      throw new Error(d.message);
    },
    timeline: (op) => {
      if (op.kind === 'kernel') kernels.push(op.end - op.start);
    },
  });
  expect(status).toBe(0);
  return kernels.map((ns) => (2 * 2048 * 2048 * 4) / ns);
}

describe('the transposes under the timing model', () => {
  for (const device of ['h100', 'k80']) {
    it(`orders them as the lecture does and stays within 1.5x of the measurements on the ${device}`, () => {
      const gbs = modelledGBs(device);
      expect(gbs).toHaveLength(5);
      const [t1, t2, t3, t4, t5] = gbs as [number, number, number, number, number];
      expect(t1).toBeLessThan(t2);
      expect(t2).toBeLessThan(t3);
      expect(t3).toBeLessThanOrEqual(t4);
      expect(t4).toBeLessThanOrEqual(t5);
      gbs.forEach((v, i) => {
        const ratio = v / MEASURED[device]![i]!;
        expect(ratio, `transpose${i + 1}: ${v.toFixed(1)} GB/s`).toBeGreaterThan(1 / 1.5);
        expect(ratio, `transpose${i + 1}: ${v.toFixed(1)} GB/s`).toBeLessThan(1.5);
      });
    }, 60000);
  }
});
