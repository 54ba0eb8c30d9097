import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { breakAtLine, consoleCellWidth, consoleText, openPage, serve, servedFolder, shots, typeCommand, withBrowser } from './serve-helpers.js';
import { defaultSplits, parseSplits, withSplit, DEFAULT_SPLITS } from '../../src/renderer/src/layout/splits.js';

/*
 * The panels' splits move as VS Code's sashes do: dragged, or with the arrow keys once focused,
 * and a reload keeps them. At 1280x800 the console opens 100 columns wide, so cuda-gdb's tables
 * (info breakpoints here) keep a row each instead of wrapping.
 */

const dir = servedFolder('ws-sashes-', ['examples/avgfilter.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

/** The console's terminal size in character cells: its screen's pixels over one cell of its font. */
async function consoleCells(page: Page): Promise<{ cols: number; rows: number }> {
  const cell = await consoleCellWidth(page);
  return page.evaluate((w) => {
    const screen = document.querySelector('section[aria-label="Console"] .xterm-screen')!.getBoundingClientRect();
    return { cols: Math.round(screen.width / w), rows: document.querySelectorAll('section[aria-label="Console"] .xterm-rows > div').length };
  }, cell);
}

/** Drags the sash named `label` by (dx, dy) pixels, as a mouse does. */
async function drag(page: Page, label: string, dx: number, dy: number): Promise<void> {
  const box = (await page.getByRole('separator', { name: label }).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2);
  await page.mouse.move(x + dx, y + dy);
  await page.mouse.up();
}

describe('the layout sashes', () => {
  it('opens the console 100 columns wide at 1280x800, resizes it by drag and keys, and keeps the size over a reload', async () => {
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('section[aria-label="Console"] .xterm-rows > div').first().waitFor();
      await breakAtLine(page, 27, 'Breakpoint 1 at');
      await page.locator('.xterm').click();
      await typeCommand(page, 'info breakpoints');
      const opened = await consoleCells(page);
      expect(opened.cols).toBeGreaterThanOrEqual(100);
      // The breakpoint's row of the table (87 characters) stays one row: it wrapped at 73.
      expect((await consoleText(page)).split('\n')).toContainEqual(expect.stringMatching(/^1\s+breakpoint\s+keep y\s+in AverageShared\(float\*, float\*, int\) at avgfilter\.cu:27$/));
      await page.screenshot({ path: join(shots, '60-layout-console-100-columns.png') });

      const sash = page.getByRole('separator', { name: 'Console width' });
      expect(await sash.getAttribute('aria-orientation')).toBe('vertical');
      expect(await sash.evaluate((el) => getComputedStyle(el).cursor)).toBe('col-resize');
      expect(await sash.getAttribute('aria-valuenow')).toBe('59');

      // Dragged 200 pixels left: the terminal refits, about 27 columns fewer.
      await drag(page, 'Console width', -200, 0);
      await expect.poll(async () => (await consoleCells(page)).cols).toBeLessThan(opened.cols - 20);
      const dragged = await consoleCells(page);
      expect(Number(await sash.getAttribute('aria-valuenow'))).toBeLessThan(59);

      // The arrow keys move a focused sash, 10 pixels a press.
      await sash.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await consoleCells(page)).cols).toBeGreaterThanOrEqual(dragged.cols + 4);
      const keyed = await consoleCells(page);
      const keyedValue = await sash.getAttribute('aria-valuenow');

      // The row sash above the console: dragged up 100 pixels, the console gains rows.
      const row = page.getByRole('separator', { name: 'Console height' });
      expect(await row.evaluate((el) => getComputedStyle(el).cursor)).toBe('row-resize');
      await drag(page, 'Console height', 0, -100);
      await expect.poll(async () => (await consoleCells(page)).rows).toBeGreaterThan(keyed.rows + 4);
      const taller = await consoleCells(page);
      await page.screenshot({ path: join(shots, '61-layout-dragged.png') });

      // A reload opens with the sizes the user left.
      await page.reload();
      await page.locator('section[aria-label="Console"] .xterm-rows > div').first().waitFor();
      await expect.poll(() => consoleCells(page)).toEqual(taller);
      expect(await page.getByRole('separator', { name: 'Console width' }).getAttribute('aria-valuenow')).toBe(keyedValue);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});

describe('the remembered splits', () => {
  it('fall back to the defaults for anything missing, malformed or out of range', () => {
    expect(parseSplits(null)).toEqual(DEFAULT_SPLITS);
    expect(parseSplits('not json')).toEqual(DEFAULT_SPLITS);
    expect(parseSplits('{"console":0.4,"bottom":"x"}')).toEqual({ ...DEFAULT_SPLITS, console: 0.4 });
    expect(parseSplits('{"console":5}').console).toBe(0.85);
    // The main row's three columns share one width: the Source column cannot push the others out.
    expect(withSplit(DEFAULT_SPLITS, 'source', 0.95).source).toBeCloseTo(1 - DEFAULT_SPLITS.side - 0.1);
  });

  it('give the console its 100 columns first and a wider window\'s rest to the shared-memory banks', () => {
    expect(defaultSplits(1280).console).toBe(0.59);
    expect(defaultSplits(1440).console * 1440).toBeCloseTo(760);
    expect(defaultSplits(1920).console).toBe(0.45);
  });
});
