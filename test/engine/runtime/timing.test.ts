import { describe, expect, it } from 'vitest';
import { copyNs, h100Timing, kernelBounds, kernelNs, memsetNs, stagingNs, type KernelWork } from '../../../src/engine/runtime/timing.js';
import { k80Timing } from '../../../src/engine/runtime/presets/k80.js';

/* The H100 timing model's formulas and the magnitudes docs/timing.md promises. */

/** Work with no memory traffic. */
const work = (w: Omit<KernelWork, 'globalLoads' | 'sectors' | 'sharedWavefronts'> & Partial<KernelWork>): KernelWork => ({ globalLoads: 0, sectors: 0, sharedWavefronts: 0, ...w });

describe('h100Timing', () => {
  it('times a one-warp dependent loop by latency and a full grid by issue rate', () => {
    // busy<<<1, 32>>> with 2^20 iterations of 4 statements: about 6 ms.
    const loop = kernelNs(h100Timing, work({ warpStatements: 4 << 20, blocks: 1, warpsPerBlock: 1, residentBlocks: 132 * 32 }));
    expect(loop).toBe(Math.round(2000 + ((4 << 20) * 3) / 1.98));
    expect(loop / 1e6).toBeGreaterThan(5);
    expect(loop / 1e6).toBeLessThan(8);
    // The same statements spread over 1024 blocks of 256 threads finish far sooner.
    const wide = kernelNs(h100Timing, work({ warpStatements: 4 << 20, blocks: 1024, warpsPerBlock: 8, residentBlocks: 132 * 8 }));
    expect(wide).toBeLessThan(loop / 50);
    expect(kernelNs(h100Timing, work({ warpStatements: 0, blocks: 1, warpsPerBlock: 1, residentBlocks: 1 }))).toBe(h100Timing.kernelFixedNs);
  });

  it('bounds a kernel by its sectors at the sustained DRAM bandwidth, its shared wavefronts and its loads', () => {
    // Reading and writing 16 MiB in perfectly coalesced sectors: 32 MiB at 70% of 3.35 TB/s, about 14 us.
    const sectors = (2 * 16 * 2 ** 20) / 32;
    const stream = work({ warpStatements: 1 << 20, globalLoads: sectors / 8, sectors, blocks: 16384, warpsPerBlock: 8, residentBlocks: 1056 });
    expect(kernelBounds(h100Timing, stream).dram).toBeCloseTo((sectors * 32) / (3350 * 0.7), 6);
    expect(kernelNs(h100Timing, stream)).toBe(Math.round(2000 + kernelBounds(h100Timing, stream).dram));
    // The same on a K80: 240 GB/s, and 4 cycles per wavefront make an 8-way bank conflict the bound.
    const conflicted = { ...stream, sharedWavefronts: 9 * 131072 };
    const b = kernelBounds(k80Timing, conflicted);
    expect(b.shared).toBeGreaterThan(b.dram);
    expect(b.shared).toBeCloseTo((9 * 131072 * 4) / 13 / 0.824, 6);
    // One warp waiting on 2048 loads in turn: 2048 x 500 cycles.
    const chain = work({ warpStatements: 3 * 2048, globalLoads: 2048, blocks: 1, warpsPerBlock: 1, residentBlocks: 1 });
    expect(kernelBounds(h100Timing, chain).latency).toBeCloseTo((3 * 2048 * 3 + 2048 * 500) / 1.98, 6);
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
