import { describe, expect, it } from 'vitest';
import { blocksInView, fitView, focusCommand, gridGeometry, hitTest, levelOf, viewFollowingFocus, visibleBlocks, zoomAt, type View } from '../../src/renderer/src/grid/geometry.js';
import { blockTexels, laneRects, type LaneData } from '../../src/renderer/src/grid/scene.js';
import { LANE_COLORS } from '../../src/renderer/src/grid/lane-colors.js';
import { BLOCK_STATE, MASK, WARP_WORDS, type LaunchLayout } from '../../src/protocol/views.js';

/*
 * The grid view's geometry and culling without a GPU: a million-thread grid draws a bounded
 * number of rectangles at every zoom, clicks land on the lane under the pointer, and a lane's
 * colour is its state's.
 */

const million: LaunchLayout = { launch: 1, kernel: 'k', grid: { x: 4096, y: 1, z: 1 }, block: { x: 256, y: 1, z: 1 }, blocks: 4096, threadsPerBlock: 256, warpsPerBlock: 8 };
const small: LaunchLayout = { launch: 1, kernel: 'k', grid: { x: 2, y: 2, z: 1 }, block: { x: 48, y: 1, z: 1 }, blocks: 4, threadsPerBlock: 48, warpsPerBlock: 2 };

/** Lane data with every watched warp's lanes in one state, and lane 3 of warp 0 of block 0 at a barrier. */
function data(l: LaunchLayout, first: number, count: number): LaneData {
  const words = new Uint32Array(count * l.warpsPerBlock * WARP_WORDS);
  for (let w = 0; w < count * l.warpsPerBlock; w++) words[w * WARP_WORDS + MASK.active] = -1 >>> 0;
  if (first === 0) {
    words[MASK.active] = ~(1 << 3) >>> 0;
    words[MASK.barrier] = 1 << 3;
  }
  return { blockStates: new Uint8Array(l.blocks).fill(BLOCK_STATE.active), ranges: [{ first, count }], words };
}

describe('grid geometry', () => {
  it('culls a million threads to the visible blocks at every zoom', () => {
    const g = gridGeometry(million, 800 / 500);
    expect(g.cols * g.rows).toBeGreaterThanOrEqual(4096);
    let v: View = fitView(g, 800, 500);
    expect(levelOf(v)).toBe('blocks');
    // Zoomed out the grid is one texture: nothing drawn per lane.
    expect(laneRects(g, v, data(million, 0, 4096), () => {})).toBe(0);
    expect(blockTexels(g, data(million, 0, 4096))).toHaveLength(g.cols * g.rows * 4);
    for (const factor of [5, 10, 40]) {
      v = zoomAt(fitView(g, 800, 500), g, factor, 400, 250);
      const visible = [...blocksInView(g, v)];
      const all = data(million, 0, 4096);
      const rects = laneRects(g, v, all, () => {});
      // Bounded by what fits on the screen, not by the grid: the blocks a viewport can touch, a few thousand rectangles.
      expect(visible.length).toBeLessThanOrEqual((Math.ceil(800 / (g.cellW * v.scale)) + 1) * (Math.ceil(500 / (g.cellH * v.scale)) + 1));
      expect(rects).toBeGreaterThan(0);
      expect(rects).toBeLessThanOrEqual(Math.min(visible.length * million.threadsPerBlock, 20000));
      const r = visibleBlocks(g, v);
      expect(r.count * million.warpsPerBlock).toBeLessThanOrEqual(32768);
      expect(visible.every((b) => b >= r.first && b < r.first + r.count)).toBe(true);
    }
  });

  it('follows a focus moved out of a zoomed-in view it was showing, and not one the user looked away from', () => {
    const g = gridGeometry(million, 800 / 500);
    const v: View = { scale: 20, x: 0, y: 0, w: 800, h: 500 };
    const corner = { block: 0, warp: 1, lane: 3 };
    const far = { block: 3000, warp: 5, lane: 17 };
    // A move within sight: the view stays.
    expect(viewFollowingFocus(g, v, corner, { block: 0, warp: 0, lane: 0 })).toBeNull();
    // Zoomed into another part of the focused block: a focus moved to another block is followed.
    const inBlock: View = { scale: 64, x: -20 * 64, y: -4 * 64, w: 800, h: 500 };
    expect(viewFollowingFocus(g, inBlock, { block: 0, warp: 0, lane: 0 }, far)).not.toBeNull();
    const to = viewFollowingFocus(g, v, corner, far)!;
    expect(to.scale).toBe(v.scale);
    // The lane's centre is now the canvas's, and a click there focuses it.
    expect(hitTest(g, to, 400, 250)).toEqual({ kind: 'lane', block: 3000, warp: 5, lane: 17 });
    // This view shows block 3000, not the focus: a focus move elsewhere leaves it there.
    expect(viewFollowingFocus(g, to, corner, { block: 0, warp: 0, lane: 0 })).toBeNull();
    expect(viewFollowingFocus(g, to, null, corner)).not.toBeNull();
  });

  it('hits the lane under the pointer and names it as cuda-gdb does', () => {
    const g = gridGeometry(small, 1);
    expect([g.cols, g.rows]).toEqual([2, 2]);
    const v: View = { scale: 10, x: 0, y: 0, w: 1000, h: 1000 };
    expect(levelOf(v)).toBe('cells');
    // Block 3 is (1,1,0): origin (34 + 1, 4 + 1) units; its warp 1, lane 5 is thread 37.
    const hit = hitTest(g, v, (35 + 5.5) * 10, (5 + 1.5) * 10);
    expect(hit).toEqual({ kind: 'lane', block: 3, warp: 1, lane: 5 });
    expect(focusCommand(small, 3, 37)).toBe('cuda block (1,1,0) thread (37,0,0)');
    // Past the block's 48 threads (warp 1 lane 20) and in the padding: the block itself.
    expect(hitTest(g, v, (35 + 20.5) * 10, (5 + 1.5) * 10)).toEqual({ kind: 'block', block: 3 });
    expect(hitTest(g, { ...v, scale: 1 }, 40, 2)).toEqual({ kind: 'block', block: 1 });
    expect(hitTest(g, v, 5000, 5)).toBeNull();
  });

  it('colours each lane by its state, merging runs when lanes are small', () => {
    const g = gridGeometry(small, 1);
    const cells: number[] = [];
    laneRects(g, { scale: 10, x: 0, y: 0, w: 1000, h: 1000 }, data(small, 0, 4), (_x, _y, _w, _h, c) => cells.push(c));
    // 4 blocks of 48 lanes, each its own cell; lane 3 of block 0 waits at the barrier.
    expect(cells).toHaveLength(4 * 48);
    expect(cells[3]).toBe(LANE_COLORS.barrier);
    expect(cells.filter((c) => c === LANE_COLORS.active)).toHaveLength(4 * 48 - 1);
    const runs: number[] = [];
    laneRects(g, { scale: 4, x: 0, y: 0, w: 1000, h: 1000 }, data(small, 0, 4), (_x, _y, w) => runs.push(w));
    // Block 0's warp 0: lanes 0-2, 3, 4-31; then warp 1's 16 lanes and 2 warps each for the other blocks.
    expect(runs.slice(0, 4)).toEqual([3, 1, 28, 16]);
    expect(runs).toHaveLength(4 + 3 * 2);
  });
});
