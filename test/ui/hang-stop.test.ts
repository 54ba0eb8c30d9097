import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, waitForConsole, openPage, shots, servedFolder, withBrowser, pressF5 } from './serve-helpers.js';
import { near, pixel, readPng } from './png.js';
import { lanePixel } from './grid-pixels.js';
import { LANE_COLORS } from '../../src/renderer/src/grid/lane-colors.js';

/*
 * A deadlock in the window: Run stops where a GPU would hang (as cuda-gdb stops at the Ctrl-C
 * that interrupts the hung program), so the grid still shows the lanes waiting at the barrier
 * and the two that never arrive, and the Diagnostics panel says why. avgfilter_barrier_bug.cu's
 * threads 0 and 255 skip the barrier at line 26 that threads 1..254 wait at.
 */

const dir = servedFolder('ws-hang-', ['examples/avgfilter_barrier_bug.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('a deadlocked kernel in a browser', () => {
  it('stops at the deadlock with the waiting lanes on the grid and the diagnostic listed', async () => {
    const s = await serve('avgfilter_barrier_bug.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await waitForConsole(page, '(warpscope)');
      await pressF5(page);
      await waitForConsole(page, 'received signal SIGINT, Interrupt.');
      await page.locator('.line.current[data-line="26"]').waitFor();
      await page.locator('.app:not(.running)').waitFor();
      await page.locator('section[aria-label="Threads"] .sub').filter({ hasText: 'block (0,0,0) warp 0' }).waitFor();
      const msg = page.locator('section[aria-label="Diagnostics"] li.error button .msg');
      await msg.waitFor();
      expect(await msg.textContent()).toContain("deadlock in kernel 'Average'");
      // The status bar says the program stopped where it would hang, not that it still runs and records.
      await page.locator('footer.status .mode', { hasText: 'stopped · deadlock: the program would hang here' }).waitFor();
      const status = (await page.locator('footer.status').textContent()) ?? '';
      expect(status).toMatch(/^Stopped at step \d+ · block \(0,0,0\) thread \(1,0,0\) · avgfilter_barrier_bug\.cu:26/);
      expect(status).not.toContain('recording');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shots, 'hang-01-deadlock.png') });

      // The canvas's own pixels: threads 1..254 wait at the barrier, 0 and 255 (lane 31 of warp 7) never arrive.
      const canvas = page.locator('section[aria-label="Grid"] canvas');
      const png = readPng(await canvas.screenshot({ path: join(shots, 'hang-02-canvas.png') }));
      const at = async (warp: number, lane: number): Promise<number> => {
        const p = await lanePixel(page, 0, warp, lane);
        return pixel(png, p.x, p.y);
      };
      for (const [warp, lane] of [[0, 1], [3, 17], [7, 30]] as const) expect(near(await at(warp, lane), LANE_COLORS.barrier)).toBe(true);
      for (const [warp, lane] of [[0, 0], [7, 31]] as const) expect(near(await at(warp, lane), LANE_COLORS.divergent)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  }, 60_000);
});
