import { WARP_WORDS, detailIndex, fromBase64, laneState, snapshotWords, type BlockRange, type LaneSnapshot } from '../../../protocol/views';
import { absentLanes, blockOrigin, blocksInView, levelOf, type GridGeometry, type View } from './geometry';
import { LANE_COLORS, blockStateColor } from './lane-colors';

/*
 * What the grid view draws for a viewport, as rectangles in world units handed to a callback
 * (no object per lane): only visible blocks, lanes only when zoomed in, equal neighbouring
 * lanes merged into one run when lanes are a few pixels wide. Zoomed out, the whole grid is one
 * texture of a texel per block (blockTexels).
 */

/** A snapshot decoded once: block summaries and the watched blocks' lane masks. */
export interface LaneData {
  readonly blockStates: Uint8Array;
  /** The detailed blocks (every front end's view's), sorted and apart. */
  readonly ranges: readonly BlockRange[];
  readonly words: Uint32Array;
}

/** Decodes a snapshot's base64 parts. */
export function decodeSnapshot(s: LaneSnapshot): LaneData {
  return { blockStates: fromBase64(s.blockStates), ranges: s.ranges, words: snapshotWords(s) };
}

/** Receives one rectangle to fill. */
export type RectSink = (x: number, y: number, w: number, h: number, color: number) => void;

/** Fraction of a unit a lane cell fills (the rest is the gap between cells). */
const CELL = 0.84;

/** Emits the rectangles of the visible blocks' lanes; returns how many. */
export function laneRects(g: GridGeometry, v: View, data: LaneData, sink: RectSink): number {
  const level = levelOf(v);
  if (level === 'blocks') return 0;
  const wpb = g.layout.warpsPerBlock;
  let n = 0;
  for (const b of blocksInView(g, v)) {
    const o = blockOrigin(g, b);
    const place = detailIndex(data.ranges, b);
    if (place < 0) {
      // Not detailed (yet): the block's summary over its lanes, its whole warps and a last one's lanes that hold threads.
      const color = blockStateColor(data.blockStates[b] ?? 0);
      const whole = Math.floor(g.layout.threadsPerBlock / 32);
      const rest = g.layout.threadsPerBlock % 32;
      if (whole > 0) sink(o.x, o.y, 32, whole, color);
      if (rest > 0) sink(o.x, o.y + whole, rest, 1, color);
      n += Number(whole > 0) + Number(rest > 0);
      continue;
    }
    for (let w = 0; w < wpb; w++) {
      const at = (place * wpb + w) * WARP_WORDS;
      const threads = Math.min(32, g.layout.threadsPerBlock - w * 32);
      if (level === 'cells') {
        for (let l = 0; l < threads; l++) {
          sink(o.x + l + (1 - CELL) / 2, o.y + w + (1 - CELL) / 2, CELL, CELL, LANE_COLORS[laneState(data.words, at, l, threads)]);
          n++;
        }
        continue;
      }
      // Runs: neighbouring lanes of one state share a rectangle.
      let start = 0;
      let state = laneState(data.words, at, 0, threads);
      for (let l = 1; l <= threads; l++) {
        const next = l < threads ? laneState(data.words, at, l, threads) : null;
        if (next === state) continue;
        sink(o.x + start, o.y + w + 0.1, l - start, 0.8, LANE_COLORS[state]);
        n++;
        if (next === null) break;
        start = l;
        state = next;
      }
    }
  }
  return n;
}

/** Emits the visible blocks' lanes that hold no thread (the end of a last warp that is not whole), for the view to hatch; returns how many regions. */
export function absentRects(g: GridGeometry, v: View, sink: (x: number, y: number, w: number, h: number) => void): number {
  const absent = absentLanes(g.layout);
  if (!absent || levelOf(v) === 'blocks') return 0;
  let n = 0;
  for (const b of blocksInView(g, v)) {
    const o = blockOrigin(g, b);
    sink(o.x + absent.from, o.y + absent.warp, absent.count, 1);
    n++;
  }
  return n;
}

/** RGBA texels of the zoomed-out grid: one per block position, transparent past the last block. */
export function blockTexels(g: GridGeometry, data: LaneData): Uint8Array {
  const out = new Uint8Array(g.cols * g.rows * 4);
  for (let b = 0; b < g.layout.blocks; b++) {
    const c = blockStateColor(data.blockStates[b] ?? 0);
    out.set([c >> 16, (c >> 8) & 255, c & 255, 255], b * 4);
  }
  return out;
}
