import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, typeCommand, pressF5 } from './serve-helpers.js';
import { near, pixel, readPng, type Pixels } from './png.js';
import { gridView, lanePixel, lanePixelIn } from './grid-pixels.js';
import { LANE_COLORS, NO_THREAD_COLOR } from '../../src/renderer/src/grid/lane-colors.js';

/*
 * Blocks whose warps are not whole, in the grid view as Nsight draws them: a block of 4 threads
 * is a row of 4 lanes (not 4 lanes at the start of an empty row of 32), and a block of 40
 * threads ends in a warp whose 24 lanes without a thread are hatched, with a legend key.
 */

// Six blocks of 4 threads, then one block of 40.
const TINY = '__global__ void tiny(int *out)\n{\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (threadIdx.x % 2 == 0)\n        out[i] = i;\n    out[i] += 1;\n}\nint main()\n{\n    int *d;\n    cudaMalloc((void **)&d, 64 * sizeof(int));\n    tiny<<<6, 4>>>(d);\n    cudaDeviceSynchronize();\n    tiny<<<1, 40>>>(d);\n    cudaDeviceSynchronize();\n    return 0;\n}\n';

const dir = servedFolder('ws-short-warps-', []);
writeFileSync(join(dir, 'tiny.cu'), TINY);
let browser: Browser;
withBrowser((b) => (browser = b));

/** The grid's canvas as a user sees it (WebGL keeps no buffer to read back). */
async function canvasPixels(page: Page, name: string): Promise<Pixels> {
  await page.waitForTimeout(300);
  return readPng(await page.locator('section[aria-label="Grid"] canvas').screenshot({ path: join(shots, name) }));
}

/** Whether any pixel within `r` of (x, y) is `color`. */
function anyNear(png: Pixels, x: number, y: number, r: number, color: number): boolean {
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (near(pixel(png, x + dx, y + dy), color, 12)) return true;
  return false;
}

describe('blocks with fewer threads than their warps have lanes', () => {
  it('draws a 4-thread block 4 lanes wide and hatches a 40-thread block\'s missing lanes', async () => {
    const s = await serve('tiny.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="6"]').waitFor();
      await page.locator('.xterm').click();
      await typeCommand(page, 'break 6');
      await pressF5(page);
      const grid = page.locator('section[aria-label="Grid"]');
      await grid.locator('.dims', { hasText: 'block (4,1,1)' }).waitFor();
      await page.locator('section[aria-label="Threads"] tr[data-lane="3"]').waitFor();
      let png = await canvasPixels(page, 'short-warps-01-tiny.png');
      const v = await gridView(page);
      // Block 0's row, from its first lane to the end of its cell (where the next block's padding starts), is mostly lanes.
      const y = Math.round(lanePixelIn(v, 0, 0, 0).y);
      const x0 = Math.round(lanePixelIn(v, 0, 0, 0).x);
      const x1 = Math.round(v.x + (v.cellW - 1) * v.scale);
      const laneColours = [LANE_COLORS.active, LANE_COLORS.divergent, LANE_COLORS.unstarted, LANE_COLORS.exited];
      let lit = 0;
      for (let x = x0; x <= x1; x++) if (laneColours.some((c) => near(pixel(png, x, y), c))) lit++;
      expect(lit / (x1 - x0 + 1)).toBeGreaterThan(0.45);
      // Block 0's lane 3 is drawn, and right after it (where a row of 32 would go on) the next block's lanes start.
      const lane3 = await lanePixel(page, 0, 0, 3);
      expect(laneColours.some((c) => near(pixel(png, lane3.x, lane3.y), c))).toBe(true);
      if (v.cols > 1) expect(lanePixelIn(v, 1, 0, 0).x - lane3.x).toBeCloseTo(3 * v.scale, 3);
      expect(await grid.locator('.legend .key', { hasText: 'no thread' }).count()).toBe(0);

      // The 40-thread block: warp 1 has lanes 0-7; lanes 8-31 are hatched as holding no thread.
      // To the second launch (line 14) and into it.
      await typeCommand(page, 'delete 1');
      await typeCommand(page, 'break 14');
      await typeCommand(page, 'continue');
      await typeCommand(page, 'break 6');
      await pressF5(page);
      await grid.locator('.dims', { hasText: 'block (40,1,1)' }).waitFor();
      await page.locator('footer.status', { hasText: 'tiny.cu:6' }).waitFor();
      png = await canvasPixels(page, 'short-warps-02-forty.png');
      const at = async (warp: number, lane: number): Promise<{ x: number; y: number }> => lanePixel(page, 0, warp, lane);
      const seven = await at(1, 7);
      expect(laneColours.some((c) => near(pixel(png, seven.x, seven.y), c))).toBe(true);
      for (const lane of [8, 20, 31]) {
        const p = await at(1, lane);
        expect(anyNear(png, p.x, p.y, 1, NO_THREAD_COLOR)).toBe(true);
        expect(laneColours.some((c) => near(pixel(png, p.x, p.y), c))).toBe(false);
      }
      // Warp 0 is whole: nothing hatched there.
      const w0 = await at(0, 20);
      expect(anyNear(png, w0.x, w0.y, 1, NO_THREAD_COLOR)).toBe(false);
      await grid.locator('.legend .key', { hasText: 'no thread' }).waitFor();
      await page.screenshot({ path: join(shots, 'short-warps-03-page.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
