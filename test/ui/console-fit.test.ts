import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, waitForConsole, consoleText, consoleCellWidth } from './serve-helpers.js';

/*
 * The console's last column is seen whole: xterm 6 draws its 14-pixel scrollbar over the
 * terminal's right edge, so a line exactly as wide as the terminal must end left of it (one
 * column kept for a 7-pixel scrollbar left the last character under it).
 */

const dir = servedFolder('ws-fit-', ['examples/avgfilter.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('the console fit', () => {
  it('shows a line of exactly its width whole, left of the scrollbar', async () => {
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await waitForConsole(page, '(warpscope)');
      // The terminal's width in characters: its rows' pixels over one cell of its font.
      await page.locator('.xterm').click();
      const cell = await consoleCellWidth(page);
      const n = await page.evaluate((w) => Math.round(document.querySelector('section[aria-label="Console"] .xterm-rows > div')!.getBoundingClientRect().width / w), cell);
      const line = `${'x'.repeat(n - 1)}E`;
      await page.keyboard.type(`echo ${line}\\n`);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await consoleText(page)).split('\n')).toContain(line);
      await page.waitForTimeout(200);
      // Where the line's last character is drawn, and where the scrollbar starts.
      const at = await page.evaluate((text) => {
        const row = [...document.querySelectorAll('section[aria-label="Console"] .xterm-rows > div')].find((r) => (r.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd() === text)!;
        const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
        let last: Text | null = null;
        for (let t = walker.nextNode(); t; t = walker.nextNode()) if ((t.textContent ?? '').trim() !== '') last = t as Text;
        const range = document.createRange();
        const end = last!.textContent!.trimEnd().length;
        range.setStart(last!, end - 1);
        range.setEnd(last!, end);
        const bar = document.querySelector('section[aria-label="Console"] .xterm-scrollable-element > .scrollbar.vertical')!.getBoundingClientRect();
        return { char: range.toString(), right: range.getBoundingClientRect().right, bar: bar.left, barWidth: bar.width };
      }, line);
      await page.screenshot({ path: join(shots, 'console-fit-last-column.png') });
      expect(at.char).toBe('E');
      expect(at.barWidth).toBeGreaterThan(7);
      expect(at.right).toBeLessThanOrEqual(at.bar);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  }, 60_000);
});
