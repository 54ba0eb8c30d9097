import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleText, serve, waitForConsole, openPage, shots, servedFolder, withBrowser, pressF5 } from './serve-helpers.js';
import { near, pixel, readPng } from './png.js';
import { gridView, lanePixel } from './grid-pixels.js';
import { LANE_COLORS } from '../../src/renderer/src/grid/lane-colors.js';

/*
 * The visual core in a browser: the Pixi grid really draws lanes in their states' colours (read
 * from a screenshot of the canvas, since WebGL keeps no buffer), a click on a lane moves the
 * focus through the console's `cuda` command and the Threads panel follows, and the Shared
 * memory panel shows the block's words by bank. avgfilter_barrier_bug.cu runs one block of 256
 * threads: at its first barrier warps arrive one at a time while later warps have not started.
 */

const dir = servedFolder('ws-grid-', ['examples/avgfilter_barrier_bug.cu', 'test/ui/programs/million.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

async function typeCommand(page: Page, line: string): Promise<void> {
  await page.locator('.xterm').click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

describe('grid, threads and shared memory in a browser', () => {
  it('draws lanes by state, moves the focus on a click, and shows shared memory by bank', async () => {
    const s = await serve('avgfilter_barrier_bug.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await waitForConsole(page, '(warpscope)');
      await typeCommand(page, 'break __syncthreads');
      await waitForConsole(page, 'Breakpoint 1 at __syncthreads');
      await pressF5(page);
      await waitForConsole(page, '32 of 256 threads arrived');
      await typeCommand(page, 'continue');
      await waitForConsole(page, '64 of 256 threads arrived');
      const grid = page.locator('section[aria-label="Grid"]');
      await grid.locator('.dims').filter({ hasText: 'Average · grid (1,1,1) · block (256,1,1) · lanes' }).waitFor();
      await page.locator('section[aria-label="Threads"] .sub').filter({ hasText: 'block (0,0,0) warp 1' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shots, 'grid-01-barrier.png') });

      // The canvas's own pixels: warps 0 and 1 wait at the barrier, warps 2..7 have not started.
      const canvas = grid.locator('canvas');
      const png = readPng(await canvas.screenshot({ path: join(shots, 'grid-02-canvas.png') }));
      const at = async (warp: number, lane: number): Promise<number> => {
        const p = await lanePixel(page, 0, warp, lane);
        return pixel(png, p.x, p.y);
      };
      for (const lane of [0, 13, 31]) {
        expect(near(await at(0, lane), LANE_COLORS.barrier)).toBe(true);
        expect(near(await at(1, lane), LANE_COLORS.barrier)).toBe(true);
        expect(near(await at(5, lane), LANE_COLORS.unstarted)).toBe(true);
      }
      // Between blocks' rows there is only background.
      expect(near(pixel(png, 2, 2), 0x1e1e1e)).toBe(true);

      // Shared memory by bank: Ads[i] = A[i] ran for the first 64 threads; A is the table's 16 values repeated.
      const shared = page.locator('section[aria-label="Shared memory"]');
      await shared.locator('.sub').filter({ hasText: 'block (0,0,0) · 2048 bytes · Ads: float [256] @0 · Bds: float [256] @1024' }).waitFor();
      expect(await shared.locator('td[data-name="Ads[2]"] .val').textContent()).toBe('34');
      expect(await shared.locator('td[data-name="Ads[33]"] .val').textContent()).toBe('6');
      expect(await shared.locator('td[data-name="Ads[64]"] .val').textContent()).toBe('0');
      // Word 40 is in bank 8, row 1 of the table.
      expect(await shared.locator('tbody tr').nth(1).locator('td').nth(8).getAttribute('data-name')).toBe('Ads[40]');
      // Warp 1's last statement, Bds[i] = B[i], stored Bds[32..63]: each word marked with its lane and changed, no bank conflict.
      expect(await shared.locator('.accesses').textContent()).toContain('store of 4 bytes by 32 lanes: 1 wavefront, no bank conflict');
      expect(await shared.locator('td.stored').count()).toBe(32);
      const bds40 = shared.locator('td[data-name="Bds[40]"]');
      expect(await bds40.getAttribute('class')).toContain('stored');
      expect(await bds40.getAttribute('class')).toContain('changed');
      expect(await bds40.getAttribute('title')).toContain('stored by lanes 8');
      expect(await bds40.locator('.val').textContent()).toBe('80');
      expect(await shared.locator('td.changed').count()).toBe(32);
      await bds40.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, 'grid-05-shared-banks.png') });

      // Click lane 7 of warp 2 (thread 71: not run yet, but its block is resident, so it stands at the kernel's first line), then lane 7 of warp 0 (thread 7).
      const box = (await canvas.boundingBox())!;
      let p = await lanePixel(page, 0, 2, 7);
      await page.mouse.click(box.x + p.x, box.y + p.y);
      await waitForConsole(page, '(warpscope) cuda block (0,0,0) thread (71,0,0)');
      await waitForConsole(page, '[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (71,0,0)');
      p = await lanePixel(page, 0, 0, 7);
      await page.mouse.click(box.x + p.x, box.y + p.y);
      await waitForConsole(page, '(warpscope) cuda block (0,0,0) thread (7,0,0)');
      await waitForConsole(page, '[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (7,0,0)');
      const threads = page.locator('section[aria-label="Threads"]');
      await threads.locator('.sub').filter({ hasText: 'block (0,0,0) warp 0' }).waitFor();
      const row = threads.locator('tr.focused');
      await row.filter({ hasText: '(7,0,0)' }).waitFor();
      expect(await row.getAttribute('data-lane')).toBe('7');
      expect(await row.locator('td.state').textContent()).toBe('barrier');
      expect(await page.locator('footer.status').textContent()).toContain('block (0,0,0) thread (7,0,0)');
      // The focus ring moved: the canvas is drawn again with the ring around lane 7 of warp 0.
      await page.waitForTimeout(100);
      const after = readPng(await canvas.screenshot({ path: join(shots, 'grid-03-focus-canvas.png') }));
      const ring = await lanePixel(page, 0, 0, 7);
      const scale = Number(await grid.getAttribute('data-scale'));
      const column = (png: ReturnType<typeof readPng>, x: number, y: number): number[] => Array.from({ length: Math.ceil(scale) }, (_, k) => pixel(png, x, y - k));
      // Above the lane's centre, within one lane's height: the ring's white edge now, none before the click.
      expect(column(after, ring.x, ring.y).some((c) => near(c, 0xffffff, 40))).toBe(true);
      expect(column(png, ring.x, ring.y).some((c) => near(c, 0xffffff, 40))).toBe(false);
      // Warp 0's last statement was its barrier: no shared access to show, and the panel follows the focus.
      await shared.locator('.accesses .none').waitFor();
      expect(await shared.locator('td.stored').count()).toBe(0);
      await page.screenshot({ path: join(shots, 'grid-04-focus-lane.png') });

      // Zoom (wheel) and pan (drag) move the view; a drag is no click, so the focus stays.
      const before = Number(await grid.getAttribute('data-scale'));
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 400);
      await expect.poll(async () => Number(await grid.getAttribute('data-scale'))).toBeLessThan(before);
      const x0 = Number(await grid.getAttribute('data-x'));
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 10, { steps: 5 });
      await page.mouse.up();
      await expect.poll(async () => Number(await grid.getAttribute('data-x'))).toBeCloseTo(x0 + 60, 0);
      expect((await consoleText(page)).match(/\(warpscope\) cuda block/g)).toHaveLength(2);
      await page.screenshot({ path: join(shots, 'grid-06-zoom-pan.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('keeps a grid of a million threads responsive: block tiles zoomed out, lanes of the visible blocks zoomed in', async () => {
    const s = await serve('million.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await waitForConsole(page, '(warpscope)');
      await typeCommand(page, 'break million.cu:9');
      await waitForConsole(page, 'Breakpoint 1 at fill');
      await pressF5(page);
      await waitForConsole(page, 'hit Breakpoint 1, fill<<<(4096,1,1),(256,1,1)>>>');
      const grid = page.locator('section[aria-label="Grid"]');
      await grid.locator('.dims').filter({ hasText: 'grid (4096,1,1) · block (256,1,1) · blocks' }).waitFor();
      const canvas = grid.locator('canvas');
      let png = readPng(await canvas.screenshot());
      let v = await gridView(page);
      const tile = (b: number): number => pixel(png, v.x + ((b % v.cols) + 0.5) * v.cellW * v.scale, v.y + (Math.floor(b / v.cols) + 0.5) * v.cellH * v.scale);
      // Block 0 runs (its first warp stopped at the store); the other 4095 have not started. The view fits the
      // grid to the panel once it knows its size: read the pixels of a frame drawn with the view it reports.
      await expect
        .poll(async () => {
          v = await gridView(page);
          png = readPng(await canvas.screenshot({ path: join(shots, 'grid-07-million-blocks.png') }));
          return [near(tile(0), LANE_COLORS.active), near(tile(1), LANE_COLORS.unstarted), near(tile(4095), LANE_COLORS.unstarted)];
        }, { timeout: 10_000 })
        .toEqual([true, true, true]);
      // A smaller window: the fitted grid is fitted to its new panel, the last block still in view; and back.
      for (const size of [{ width: 1100, height: 680 }, { width: 1280, height: 800 }]) {
        await page.setViewportSize(size);
        await expect
          .poll(async () => {
            v = await gridView(page);
            png = readPng(await canvas.screenshot());
            const box = (await canvas.boundingBox())!;
            const last = v.y + (Math.floor(4095 / v.cols) + 1) * v.cellH * v.scale;
            return last <= box.height + 1 && near(tile(4095), LANE_COLORS.unstarted);
          }, { timeout: 10_000 })
          .toBe(true);
      }

      // Zoom in on block 0 until each lane is a cell; the visible blocks' lanes come from the session.
      const box = (await canvas.boundingBox())!;
      const started = Date.now();
      for (let i = 0; i < 7; i++) {
        v = await gridView(page);
        // About block 0's first lane, which stays where it is while the view grows around it.
        await page.mouse.move(box.x + v.x + 1 * v.scale, box.y + v.y + 1 * v.scale);
        await page.mouse.wheel(0, -400);
        await expect.poll(async () => (await gridView(page)).scale).toBeGreaterThan(v.scale);
      }
      const zoomMs = Date.now() - started;
      await grid.locator('.dims').filter({ hasText: '· lanes' }).waitFor();
      v = await gridView(page);
      expect(v.scale).toBeGreaterThanOrEqual(7);
      const laneAt = (warp: number, lane: number): { x: number; y: number } => ({ x: v.x + (1 + lane + 0.5) * v.scale, y: v.y + (1 + warp + 0.5) * v.scale });
      // Lanes 0, 3, 6 of warp 0 store (threadIdx.x % 3 == 0); the others sit the branch out; warp 1 has not started.
      await expect
        .poll(async () => {
          png = readPng(await canvas.screenshot({ path: join(shots, 'grid-08-million-lanes.png') }));
          const p = laneAt(0, 1);
          return near(pixel(png, p.x, p.y), LANE_COLORS.divergent);
        })
        .toBe(true);
      await canvas.screenshot({ path: join(shots, 'grid-08-million-lanes.png') });
      for (const [warp, lane, color] of [[0, 0, LANE_COLORS.active], [0, 3, LANE_COLORS.active], [0, 4, LANE_COLORS.divergent], [1, 0, LANE_COLORS.unstarted]] as const) {
        const p = laneAt(warp, lane);
        expect(near(pixel(png, p.x, p.y), color)).toBe(true);
      }

      // Sixty frames of panning at lane detail: a frame costs what is on screen, not the million threads.
      const frameMs = await page.evaluate(async () => {
        const stage = document.querySelector('section[aria-label="Grid"] .stage') as HTMLElement;
        const r = stage.getBoundingClientRect();
        const frame = (): Promise<number> => new Promise((done) => requestAnimationFrame(done));
        const opts = { bubbles: true, pointerId: 1, button: 0, clientX: r.left + 200, clientY: r.top + 100 };
        stage.dispatchEvent(new PointerEvent('pointerdown', opts));
        const t0 = await frame();
        let t = t0;
        for (let i = 1; i <= 60; i++) {
          stage.dispatchEvent(new PointerEvent('pointermove', { ...opts, clientX: opts.clientX - 6 * i, clientY: opts.clientY - 2 * i }));
          t = await frame();
        }
        stage.dispatchEvent(new PointerEvent('pointerup', { ...opts, clientX: opts.clientX - 360 }));
        return (t - t0) / 60;
      });
      await canvas.screenshot({ path: join(shots, 'grid-09-million-panned.png') });
      // Software GL in a shared CI box is slow; drawing per thread would take seconds a frame.
      expect(frameMs).toBeLessThan(120);
      expect(zoomMs).toBeLessThan(15_000);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
