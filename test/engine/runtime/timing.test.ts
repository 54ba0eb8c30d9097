import { describe, expect, it } from 'vitest';
import { copyNs, h100Timing, kernelNs, memsetNs, stagingNs } from '../../../src/engine/runtime/timing.js';

/* The H100 timing model's formulas and the magnitudes docs/timing.md promises. */

describe('h100Timing', () => {
  it('times a one-warp dependent loop by latency and a full grid by issue rate', () => {
    // busy<<<1, 32>>> with 2^20 iterations of 4 statements: about 6 ms.
    const loop = kernelNs(h100Timing, { warpStatements: 4 << 20, blocks: 1, warpsPerBlock: 1, residentBlocks: 132 * 32 });
    expect(loop).toBe(Math.round(2000 + ((4 << 20) * 3) / 1.98));
    expect(loop / 1e6).toBeGreaterThan(5);
    expect(loop / 1e6).toBeLessThan(8);
    // The same statements spread over 1024 blocks of 256 threads finish far sooner.
    const wide = kernelNs(h100Timing, { warpStatements: 4 << 20, blocks: 1024, warpsPerBlock: 8, residentBlocks: 132 * 8 });
    expect(wide).toBeLessThan(loop / 50);
    expect(kernelNs(h100Timing, { warpStatements: 0, blocks: 1, warpsPerBlock: 1, residentBlocks: 1 })).toBe(h100Timing.kernelFixedNs);
  });

  it('moves pinned memory faster than pageable, and device copies faster than either', () => {
    const mb = 1 << 20;
    const pinned = copyNs(h100Timing, mb, 'HtoD', true);
    const pageable = copyNs(h100Timing, mb, 'HtoD', false);
    expect(pinned).toBe(Math.round(1500 + mb / 55));
    expect(pageable).toBeGreaterThan(2 * pinned);
    expect(copyNs(h100Timing, mb, 'DtoD', true)).toBeLessThan(pinned / 5);
    expect(memsetNs(h100Timing, mb)).toBeLessThan(pinned);
    expect(stagingNs(h100Timing, mb)).toBe(Math.round(mb / 10));
  });
});
