import { describe, expect, it } from 'vitest';
import { matches, parseFilter } from '../../src/debug/cuda-filter.js';

/* The info cuda filters as cuda-gdb's parser reads them, and which coordinates they name. */

describe('parseFilter', () => {
  it('reads each word with a number, all/any, current, or a triple whose left-out components are anything', () => {
    expect(parseFilter(' block (4,3,0)')).toEqual({ block: [4, 3, 0] });
    expect(parseFilter('block 4 thread (1, 2)')).toEqual({ block: [4, 'any', 'any'], thread: [1, 2, 'any'] });
    expect(parseFilter('sm 19 warp current lane all')).toEqual({ sm: 19, warp: 'current', lane: 'any' });
    expect(parseFilter('kernel (0) device 0x0')).toEqual({ kernel: 0, device: 0 });
    // cuda-gdb 13 rejects the breakpoint filter its documentation names.
    expect(parseFilter('breakpoint all')).toBeNull();
  });

  it('rejects what cuda-gdb rejects: unknown words, a word twice, a triple for a scalar, a bad parenthesis', () => {
    for (const bad of ['foo', 'blocks 1', 'block 1 block 2', 'sm (1,2)', 'block (1,2', 'warp', 'warp 1,', 'lane -1', 'threadIdx.x 1', '$x']) expect(parseFilter(bad), bad).toBeNull();
  });

  it('takes only `kernel N` for launch trace', () => {
    expect(parseFilter('kernel 0', true)).toEqual({ kernel: 0 });
    expect(parseFilter('block 1', true)).toBeNull();
  });
});

describe('matches', () => {
  const here = { sm: 3, kernel: 0, grid: 1, block: { x: 1, y: 2, z: 0 }, warp: 1, lane: 5, thread: { x: 5, y: 1, z: 0 } };
  const c = { sm: 3, kernel: 0, grid: 1, block: { x: 1, y: 2, z: 0 }, warp: 1, lane: 7, thread: { x: 7, y: 1, z: 0 } };

  it('compares the coordinates named, `current` as the focus has them, and skips those a row lacks', () => {
    expect(matches({ block: [1, 'any', 'any'] }, c, here)).toBe(true);
    expect(matches({ block: [1, 3, 'any'] }, c, here)).toBe(false);
    expect(matches({ sm: 'current', warp: 'current' }, c, here)).toBe(true);
    expect(matches({ lane: 'current' }, c, here)).toBe(false);
    expect(matches({ lane: 'current' }, { sm: 3, warp: 1 }, here)).toBe(true);
    expect(matches({ device: 1 }, c, here)).toBe(false);
    expect(matches({ thread: [7, 1, 0], kernel: 0, grid: 1 }, c, here)).toBe(true);
  });
});
