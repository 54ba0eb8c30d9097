import type { Page } from 'playwright-core';

/*
 * Where the grid view draws things, read from the view it reports on its section's data
 * attributes: the browser tests read the canvas's pixels from screenshots (a WebGL canvas keeps
 * no buffer) and need to know which pixel is which lane.
 */

/** The grid view's reported view: scale, origin, and the block cells' layout. */
export interface ReportedView {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
  readonly cols: number;
  readonly cellW: number;
  readonly cellH: number;
}

/** The view the grid panel of `page` reports. */
export async function gridView(page: Page): Promise<ReportedView> {
  const d = await page.locator('section[aria-label="Grid"]').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  return { scale: Number(d['scale']), x: Number(d['x']), y: Number(d['y']), cols: Number(d['cols']), cellW: Number(d['cellw']), cellH: Number(d['cellh']) };
}

/** The canvas pixel at the centre of lane `lane` of warp `warp` of block `block` (PAD/2 = 1 unit before a block's first lane). */
export function lanePixelIn(v: ReportedView, block: number, warp: number, lane: number): { x: number; y: number } {
  return { x: v.x + ((block % v.cols) * v.cellW + 1 + lane + 0.5) * v.scale, y: v.y + (Math.floor(block / v.cols) * v.cellH + 1 + warp + 0.5) * v.scale };
}

/** Where the grid view of `page` draws lane `lane` of warp `warp` of block `block`, in canvas pixels. */
export async function lanePixel(page: Page, block: number, warp: number, lane: number): Promise<{ x: number; y: number }> {
  return lanePixelIn(await gridView(page), block, warp, lane);
}
