import { describe, expect, it } from 'vitest';
import { globalSectors, localSectors, sharedWavefronts } from '../../../src/engine/exec/access-cost.js';
import { GLOBAL_BASE, LOCAL_BASE, SHARED_BASE } from '../../../src/engine/memory/layout.js';

/* What one warp instruction costs: global sectors, shared wavefronts, interleaved local sectors. */

describe('the counting functions', () => {
  const lanes = (base: number, f: (l: number) => number): Float64Array => Float64Array.from({ length: 32 }, (_, l) => base + f(l));

  it('counts sectors of unaligned spans, bank words of wide accesses and interleaved local words', () => {
    expect(globalSectors(lanes(GLOBAL_BASE, (l) => 4 * l), 0, -1, 4)).toBe(4);
    expect(globalSectors(lanes(GLOBAL_BASE, (l) => 4 * ((l * 7) % 32)), 0, -1, 4)).toBe(4);
    expect(globalSectors(lanes(GLOBAL_BASE, (l) => 4 * l), 0, 0x0000ffff, 4)).toBe(2);
    // Doubles: 256 bytes through 32 banks of 4 bytes take two passes; the same double for all lanes is a broadcast.
    expect(sharedWavefronts(lanes(SHARED_BASE, (l) => 8 * l), 0, -1, 8)).toBe(2);
    expect(sharedWavefronts(lanes(SHARED_BASE, () => 8), 0, -1, 8)).toBe(1);
    expect(sharedWavefronts(lanes(SHARED_BASE, (l) => 4 * (l % 2) * 32), 0, -1, 4)).toBe(2);
    // Every lane's int at one local offset: 128 contiguous bytes, 4 sectors; a double, 8.
    expect(localSectors(lanes(LOCAL_BASE, () => 16), 0, -1, 4)).toBe(4);
    expect(localSectors(lanes(LOCAL_BASE, () => 16), 0, -1, 8)).toBe(8);
  });
});
