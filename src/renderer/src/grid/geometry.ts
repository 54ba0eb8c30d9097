import type { Dim3, LaunchLayout } from '../../../protocol/views';

/*
 * Where the grid view puts things, in world units (a lane is one unit square, a warp a row of
 * 32), and what a viewport of it shows: which blocks are visible, what a point hits, and which
 * level of detail to draw. Pure, so a million-thread grid's culling is tested without a GPU.
 */

/** Units around each block, between it and its neighbours. */
export const PAD = 2;

/** Pixels per lane below which blocks are drawn as single tiles (one texel per block). */
export const LANE_LOD = 2.5;

/** Pixels per lane from which each lane is a cell of its own (below it, runs of equal lanes merge). */
export const CELL_LOD = 7;

/** Pixels per lane a fitted view shows at most: a block of a few threads is not blown up to fill the canvas. */
export const MAX_FIT_SCALE = 24;

/**
 * Lanes a block's warp rows are drawn wide: 32, or the block's threads when it has fewer (its
 * one warp has only those lanes, as Nsight draws it, not a row of 32 mostly empty).
 */
export function laneColumns(layout: LaunchLayout): number {
  return Math.max(1, Math.min(32, layout.threadsPerBlock));
}

/** Lanes of a block's last warp that hold no thread (its threads are not a multiple of 32): the row's first lane without one, and how many; null when every warp is whole. */
export function absentLanes(layout: LaunchLayout): { warp: number; from: number; count: number } | null {
  const rest = layout.threadsPerBlock % 32;
  if (layout.threadsPerBlock <= 32 || rest === 0) return null;
  return { warp: layout.warpsPerBlock - 1, from: rest, count: 32 - rest };
}

/** How the blocks of a launch are placed: `cols` blocks to a row, each a cell of cellW x cellH units. */
export interface GridGeometry {
  readonly layout: LaunchLayout;
  readonly cols: number;
  readonly rows: number;
  readonly cellW: number;
  readonly cellH: number;
  readonly width: number;
  readonly height: number;
}

/** The viewport: pixels per unit, the world origin's pixel position, and the canvas size in pixels. */
export interface View {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A point of the grid: a block, and a lane of it when the point is on one. */
export type Hit = { readonly kind: 'block'; readonly block: number } | { readonly kind: 'lane'; readonly block: number; readonly warp: number; readonly lane: number };

/** Places a launch's blocks: a 2D or 3D grid keeps gridDim.x to a row; a 1D grid wraps to fill a viewport of `aspect` (width / height). */
export function gridGeometry(layout: LaunchLayout, aspect: number): GridGeometry {
  const cellW = laneColumns(layout) + PAD;
  const cellH = layout.warpsPerBlock + PAD;
  let cols = layout.grid.x;
  if (layout.grid.y * layout.grid.z === 1) {
    // Square-ish in pixels: cols * cellW / (rows * cellH) close to aspect.
    cols = Math.max(1, Math.min(layout.blocks, Math.round(Math.sqrt((layout.blocks * cellH * aspect) / cellW))));
  }
  const rows = Math.ceil(layout.blocks / cols);
  return { layout, cols, rows, cellW, cellH, width: cols * cellW, height: rows * cellH };
}

/** The view that fits the whole grid in a canvas of w x h pixels. */
export function fitView(g: GridGeometry, w: number, h: number): View {
  const scale = Math.max(1e-4, Math.min(MAX_FIT_SCALE, Math.min(w / g.width, h / g.height) * 0.96));
  return { scale, x: (w - g.width * scale) / 2, y: (h - g.height * scale) / 2, w, h };
}

/** The view zoomed by `factor` about pixel (px, py), kept within sensible bounds. */
export function zoomAt(v: View, g: GridGeometry, factor: number, px: number, py: number): View {
  const least = Math.min(fitView(g, v.w, v.h).scale, 1) * 0.5;
  const scale = Math.min(64, Math.max(least, v.scale * factor));
  const k = scale / v.scale;
  return { ...v, scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
}

/** The top-left world position of block `b`'s first lane. */
export function blockOrigin(g: GridGeometry, b: number): { x: number; y: number } {
  return { x: (b % g.cols) * g.cellW + PAD / 2, y: Math.floor(b / g.cols) * g.cellH + PAD / 2 };
}

/** A lane of the launch: its block, warp and lane in the warp. */
export interface LaneAt {
  readonly block: number;
  readonly warp: number;
  readonly lane: number;
}

/** Whether lane `at`'s centre is in view `v`. */
function inView(g: GridGeometry, v: View, at: LaneAt): boolean {
  const o = blockOrigin(g, at.block);
  const px = v.x + (o.x + at.lane + 0.5) * v.scale;
  const py = v.y + (o.y + at.warp + 0.5) * v.scale;
  return px >= 0 && px < v.w && py >= 0 && py < v.h;
}

/** Whether any of block `b`'s lanes shows in view `v`. */
function blockShown(g: GridGeometry, v: View, b: number): boolean {
  const o = blockOrigin(g, b);
  const x0 = v.x + o.x * v.scale;
  const y0 = v.y + o.y * v.scale;
  return x0 < v.w && x0 + laneColumns(g.layout) * v.scale > 0 && y0 < v.h && y0 + g.layout.warpsPerBlock * v.scale > 0;
}

/**
 * The view after the focus moved from `from` to `to` (a stop, a `cuda` command): panned, zoom
 * kept, to centre `to` when it is out of sight and the view was showing `from`'s block (or no
 * focus), so the focus ring does not vanish off a zoomed-in view; null when the view stays, as
 * one the user took to other blocks (another tab's) does.
 */
export function viewFollowingFocus(g: GridGeometry, v: View, from: LaneAt | null, to: LaneAt): View | null {
  if (to.block >= g.layout.blocks || inView(g, v, to)) return null;
  if (from !== null && from.block < g.layout.blocks && !blockShown(g, v, from.block)) return null;
  const o = blockOrigin(g, to.block);
  return { ...v, x: v.w / 2 - (o.x + to.lane + 0.5) * v.scale, y: v.h / 2 - (o.y + to.warp + 0.5) * v.scale };
}

/** What pixel (px, py) of view `v` is on, if anything. */
export function hitTest(g: GridGeometry, v: View, px: number, py: number): Hit | null {
  const wx = (px - v.x) / v.scale;
  const wy = (py - v.y) / v.scale;
  if (wx < 0 || wy < 0 || wx >= g.width || wy >= g.height) return null;
  const block = Math.floor(wy / g.cellH) * g.cols + Math.floor(wx / g.cellW);
  if (block >= g.layout.blocks) return null;
  const o = blockOrigin(g, block);
  const lane = Math.floor(wx - o.x);
  const warp = Math.floor(wy - o.y);
  if (v.scale < LANE_LOD || lane < 0 || lane >= laneColumns(g.layout) || warp < 0 || warp >= g.layout.warpsPerBlock) return { kind: 'block', block };
  if (warp * 32 + lane >= g.layout.threadsPerBlock) return { kind: 'block', block };
  return { kind: 'lane', block, warp, lane };
}

/** The blocks in view: whole rows from the first visible to the last, as a contiguous range, and the visible columns. */
export function visibleBlocks(g: GridGeometry, v: View): { first: number; count: number; col0: number; col1: number } {
  const row0 = Math.max(0, Math.floor(-v.y / v.scale / g.cellH));
  const row1 = Math.min(g.rows - 1, Math.floor((v.h - v.y) / v.scale / g.cellH));
  const col0 = Math.max(0, Math.floor(-v.x / v.scale / g.cellW));
  const col1 = Math.min(g.cols - 1, Math.floor((v.w - v.x) / v.scale / g.cellW));
  if (row1 < row0 || col1 < col0) return { first: 0, count: 0, col0: 0, col1: -1 };
  const first = row0 * g.cols;
  return { first, count: Math.min(g.layout.blocks, (row1 + 1) * g.cols) - first, col0, col1 };
}

/** The blocks in view one by one (rows from first to last, only the visible columns of each). */
export function* blocksInView(g: GridGeometry, v: View): Generator<number> {
  const r = visibleBlocks(g, v);
  if (r.count === 0) return;
  for (let row = r.first / g.cols; row * g.cols < r.first + r.count; row++) {
    for (let c = r.col0; c <= r.col1; c++) {
      const b = row * g.cols + c;
      if (b < g.layout.blocks) yield b;
    }
  }
}

/** The level of detail at a view: blocks as tiles, lanes merged into runs, or every lane a cell. */
export function levelOf(v: View): 'blocks' | 'runs' | 'cells' {
  return v.scale < LANE_LOD ? 'blocks' : v.scale < CELL_LOD ? 'runs' : 'cells';
}

/** cuda-gdb's name for a linear block and a thread of a launch: the focus command a click sends. */
export function focusCommand(layout: LaunchLayout, block: number, thread: number | null): string {
  const b = unflatten(block, layout.grid);
  if (thread === null) return `cuda block (${b.x},${b.y},${b.z})`;
  const t = unflatten(thread, layout.block);
  return `cuda block (${b.x},${b.y},${b.z}) thread (${t.x},${t.y},${t.z})`;
}

/** (x,y,z) of a linear index in dims `d` (x fastest, as CUDA numbers blocks and threads). */
export function unflatten(i: number, d: Dim3): Dim3 {
  return { x: i % d.x, y: Math.floor(i / d.x) % d.y, z: Math.floor(i / (d.x * d.y)) };
}
