import { describe, expect, it } from 'vitest';
import { absentLanes, fitView, gridGeometry, hitTest, type View } from '../../src/renderer/src/grid/geometry.js';
import { absentRects, laneRects } from '../../src/renderer/src/grid/scene.js';
import { BLOCK_STATE, type LaunchLayout } from '../../src/protocol/views.js';

/*
 * Blocks whose warps are not whole, without a GPU: a block of 4 threads is 4 lanes wide, and a
 * block of 48 ends in a warp whose 16 lanes without a thread are the region the view hatches
 * (and a block not yet detailed is summarised over its threads' lanes only).
 */

const layout = (threads: number, blocks: number): LaunchLayout => ({ launch: 1, kernel: 'k', grid: { x: blocks, y: 1, z: 1 }, block: { x: threads, y: 1, z: 1 }, blocks, threadsPerBlock: threads, warpsPerBlock: Math.ceil(threads / 32) });

describe('blocks with short warps', () => {
  it('draws a 4-thread block 4 lanes wide, and a click past its lanes is the next block or padding', () => {
    const g = gridGeometry(layout(4, 6), 3);
    expect(g.cellW).toBe(6);
    const v: View = { scale: 10, x: 0, y: 0, w: 1000, h: 1000 };
    expect(hitTest(g, v, (1 + 3.5) * 10, 15)).toEqual({ kind: 'lane', block: 0, warp: 0, lane: 3 });
    expect(hitTest(g, v, (1 + 4.5) * 10, 15)).toEqual({ kind: 'block', block: 0 });
    expect(hitTest(g, v, (6 + 1.5) * 10, 15)).toEqual({ kind: 'lane', block: 1, warp: 0, lane: 0 });
    // A fitted view does not blow four lanes up to fill the canvas.
    expect(fitView(gridGeometry(layout(4, 1), 2), 800, 400).scale).toBeLessThanOrEqual(24);
  });

  it('hatches the lanes of a last warp that hold no thread, and summarises a block over its threads only', () => {
    expect(absentLanes(layout(48, 4))).toEqual({ warp: 1, from: 16, count: 16 });
    expect(absentLanes(layout(64, 4))).toBeNull();
    expect(absentLanes(layout(4, 4))).toBeNull();
    const g = gridGeometry(layout(48, 4), 1);
    const v: View = { scale: 10, x: 0, y: 0, w: 2000, h: 2000 };
    const hatched: number[][] = [];
    expect(absentRects(g, v, (x, y, w, h) => hatched.push([x, y, w, h]))).toBe(4);
    expect(hatched[0]).toEqual([1 + 16, 1 + 1, 16, 1]);
    // Zoomed out to block tiles: nothing to hatch.
    expect(absentRects(g, { ...v, scale: 1 }, () => {})).toBe(0);
    const summary: number[][] = [];
    laneRects(g, v, { blockStates: new Uint8Array(4).fill(BLOCK_STATE.active), ranges: [], words: new Uint32Array(0) }, (x, y, w, h) => summary.push([x, y, w, h]));
    expect(summary.slice(0, 2)).toEqual([[1, 1, 32, 1], [1, 2, 16, 1]]);
  });
});
