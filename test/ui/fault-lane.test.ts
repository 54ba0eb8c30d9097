import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, waitForConsole, openPage, shots, servedFolder, withBrowser, pressF5 } from './serve-helpers.js';
import { lanePixel } from './grid-pixels.js';
import { near, pixel, readPng } from './png.js';
import { LANE_COLORS } from '../../src/renderer/src/grid/lane-colors.js';

/*
 * The faulted lane colour end to end: fault.cu's thread (37,0,0) of block (1,0,0) stores far
 * past its allocation; with memcheck on, the run stops there (compute-sanitizer's report,
 * cuda-gdb's Lane Illegal Address), and without it at the CUDA exception the launch raises
 * (Warp Illegal Address); either way the grid draws that lane, warp 1's lane 5, in the
 * faulted colour, read from a screenshot of the canvas.
 */

const dir = servedFolder('ws-fault-', ['test/ui/programs/fault.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

/** Runs fault.cu with F5 (after `setup`, typed in the console), waits for each `stop` line in the console and checks the grid's lanes in a screenshot. */
async function faultedLane(setup: string | null, stop: readonly string[], shot: string): Promise<void> {
  const s = await serve('fault.cu', dir);
  const { page, errors } = await openPage(browser, s.url);
  try {
    await page.locator('.line[data-line="11"]').waitFor();
    await page.locator('.xterm').click();
    if (setup !== null) {
      await page.keyboard.type(setup);
      await page.keyboard.press('Enter');
      await waitForConsole(page, `(warpscope) ${setup}`);
    }
    await pressF5(page);
    for (const line of stop) await waitForConsole(page, line);
    const grid = page.locator('section[aria-label="Grid"]');
    await grid.locator('.dims').filter({ hasText: 'scatter · grid (2,1,1) · block (64,1,1) · lanes' }).waitFor();
    await page.locator('footer.status', { hasText: 'block (1,0,0) thread (37,0,0)' }).waitFor();
    // The Threads panel names the lane's state as the grid colours it.
    await page.locator('section[aria-label="Threads"] tr[data-lane="5"] td.state', { hasText: 'faulted' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, `${shot}-01-stop.png`) });
    const canvas = grid.locator('canvas');
    const png = readPng(await canvas.screenshot({ path: join(shots, `${shot}-02-canvas.png`) }));
    const at = async (block: number, warp: number, lane: number): Promise<number> => {
      const p = await lanePixel(page, block, warp, lane);
      return pixel(png, p.x, p.y);
    };
    expect(near(await at(1, 1, 5), LANE_COLORS.faulted)).toBe(true);
    for (const lane of [0, 4, 6, 31]) expect(near(await at(1, 1, lane), LANE_COLORS.active)).toBe(true);
    for (const lane of [0, 5, 31]) {
      expect(near(await at(1, 0, lane), LANE_COLORS.exited)).toBe(true);
      expect(near(await at(0, 0, lane), LANE_COLORS.exited)).toBe(true);
    }
    // The legend names the colour.
    expect(await grid.locator('.legend .key', { hasText: 'faulted' }).locator('.swatch').getAttribute('style')).toContain('rgb(248, 81, 73)');
    expect(errors).toEqual([]);
  } finally {
    await page.close();
    await s.stop();
  }
}

describe('a faulting lane in the grid view', () => {
  it('draws the lane of an illegal address in the faulted colour, its warp-mates active and the block before it exited', async () => {
    await faultedLane('set cuda memcheck on', ['received signal CUDA_EXCEPTION_1, Lane Illegal Address.', '========= Invalid __global__ write of size 4 bytes'], 'fault');
  });

  it('stops there without a sanitizer too, as cuda-gdb stops at a CUDA exception', async () => {
    await faultedLane(null, ['CUDA Exception: Warp Illegal Address', 'received signal CUDA_EXCEPTION_14, Warp Illegal Address.'], 'fault-exception');
  });
});
