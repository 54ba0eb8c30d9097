import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serve, waitForConsole, shots, servedFolder, withBrowser, pressF5 } from './serve-helpers.js';
import { gridView, lanePixelIn } from './grid-pixels.js';
import { near, pixel, readPng } from './png.js';
import { LANE_COLORS } from '../../src/renderer/src/grid/lane-colors.js';

/*
 * Two browser tabs on one `warpscope serve`, each zoomed in on blocks far apart: both get their
 * blocks' lanes, and they stop asking once they have them (were the last tab's report to win,
 * each would take the lanes from the other over and over). tabs.cu's blocks have 48 threads, so
 * lanes 16..31 of a block's second warp are background when the block is drawn lane by lane and
 * the block's colour when it is drawn as a summary tile: a pixel there tells which it is.
 */

const dir = servedFolder('ws-tabs-', ['test/ui/programs/tabs.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

/** A tab on the served page, counting the lane-states events it receives. */
async function tab(url: string): Promise<{ page: Page; errors: string[]; laneEvents: () => number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  let lanes = 0;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('websocket', (ws) => ws.on('framereceived', (f) => void (typeof f.payload === 'string' && f.payload.startsWith('{"kind":"lane-states"') && lanes++)));
  await page.goto(url);
  return { page, errors, laneEvents: () => lanes };
}

/** Zooms `page`'s grid in on block `block` until every lane is a cell, then drags the block to the canvas's middle. */
async function zoomOn(page: Page, block: number): Promise<void> {
  const box = (await page.locator('section[aria-label="Grid"] canvas').boundingBox())!;
  for (let i = 0; i < 20; i++) {
    const v = await gridView(page);
    if (v.scale >= 8) break;
    const p = lanePixelIn(v, block, 0, 16);
    await page.mouse.move(box.x + p.x, box.y + p.y);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await gridView(page)).scale).toBeGreaterThan(v.scale);
  }
  const p = lanePixelIn(await gridView(page), block, 0, 16);
  await page.mouse.move(box.x + p.x, box.y + p.y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Colours of `page`'s canvas at lanes of `block`: [warp, lane] pairs. */
async function colours(page: Page, block: number, lanes: readonly (readonly [number, number])[], shot: string): Promise<number[]> {
  const png = readPng(await page.locator('section[aria-label="Grid"] canvas').screenshot({ path: join(shots, shot) }));
  const v = await gridView(page);
  return lanes.map(([w, l]) => {
    const p = lanePixelIn(v, block, w, l);
    return pixel(png, p.x, p.y);
  });
}

describe('two tabs on one session', () => {
  it('gives each tab the lanes of the blocks it shows, far apart, without taking them from the other', async () => {
    const s = await serve('tabs.cu', dir);
    const a = await tab(s.url);
    const b = await tab(s.url);
    try {
      await a.page.locator('.line[data-line="9"]').waitFor();
      await a.page.locator('.xterm').click();
      await a.page.keyboard.type('break tabs.cu:9');
      await a.page.keyboard.press('Enter');
      await waitForConsole(a.page, 'Breakpoint 1 at fill');
      await pressF5(a.page);
      for (const t of [a, b]) {
        await waitForConsole(t.page, 'hit Breakpoint 1, fill<<<(4096,1,1),(48,1,1)>>>');
        await t.page.locator('section[aria-label="Grid"] .dims').filter({ hasText: 'grid (4096,1,1) · block (48,1,1) · blocks' }).waitFor();
      }
      // Tab A looks at block 0, where warp 0 stopped at the store; tab B at block 3000, not started.
      await zoomOn(a.page, 0);
      await zoomOn(b.page, 3000);
      const background = 0x1e1e1e;
      const lanesOf = (block: number, t: typeof a, shot: string): Promise<number[]> => colours(t.page, block, [[1, 20], [0, 0], [0, 1]], shot);
      // Both lane by lane: a block's second warp ends at lane 15.
      await expect.poll(async () => near((await lanesOf(0, a, 'tabs-01-a-canvas.png'))[0]!, background), { timeout: 15_000 }).toBe(true);
      await expect.poll(async () => near((await lanesOf(3000, b, 'tabs-02-b-canvas.png'))[0]!, background), { timeout: 15_000 }).toBe(true);
      // Settled: neither tab is sent the lanes again, as the tabs no longer take turns.
      await a.page.waitForTimeout(600);
      const before = [a.laneEvents(), b.laneEvents()];
      await a.page.waitForTimeout(1500);
      expect([a.laneEvents(), b.laneEvents()]).toEqual(before);
      const [a20, a0, a1] = await lanesOf(0, a, 'tabs-01-a-canvas.png');
      const [b20, b0] = await lanesOf(3000, b, 'tabs-02-b-canvas.png');
      expect(near(a20!, background)).toBe(true);
      expect(near(a0!, LANE_COLORS.active)).toBe(true);
      expect(near(a1!, LANE_COLORS.divergent)).toBe(true);
      expect(near(b20!, background)).toBe(true);
      expect(near(b0!, LANE_COLORS.unstarted)).toBe(true);
      await a.page.screenshot({ path: join(shots, 'tabs-03-a.png') });
      await b.page.screenshot({ path: join(shots, 'tabs-04-b.png') });

      // A focus move re-sends every tab's blocks: both stay lane by lane.
      await a.page.locator('.xterm').click();
      await a.page.keyboard.type('cuda thread (3,0,0)');
      await a.page.keyboard.press('Enter');
      await waitForConsole(b.page, 'thread (3,0,0)');
      await b.page.waitForTimeout(300);
      expect(near((await lanesOf(0, a, 'tabs-05-a-focus.png'))[0]!, background)).toBe(true);
      expect(near((await lanesOf(3000, b, 'tabs-06-b-focus.png'))[0]!, background)).toBe(true);
      expect([...a.errors, ...b.errors]).toEqual([]);
    } finally {
      await a.page.close();
      await b.page.close();
      await s.stop();
    }
  });
});
