import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, waitForConsole } from './serve-helpers.js';

/*
 * The Source view from the keyboard, as VS Code's editor: Tab reaches it, the arrows, Page
 * Up/Down, Home and End move its cursor line, F9 toggles a breakpoint there (a `break` or
 * `delete` in the console), and each line's gutter is a button a screen reader names
 * "Breakpoint at line N", pressed while a breakpoint is set there.
 */

const dir = servedFolder('ws-source-keys-', ['examples/avgfilter.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

/** The cursor line of the Source view, as its active descendant tells a screen reader. */
async function cursorLine(page: Page): Promise<number> {
  const id = (await page.getByRole('textbox', { name: /^Source of avgfilter\.cu/ }).getAttribute('aria-activedescendant')) ?? '';
  const marked = await page.locator('.line.cursor-line').getAttribute('data-line');
  expect(id).toBe(`source-line-${marked}`);
  return Number(marked);
}

/** Whether line `n` shows whole in the Source view. */
async function lineShown(page: Page, n: number): Promise<boolean> {
  const row = (await page.locator(`.line[data-line="${n}"]`).boundingBox())!;
  const view = (await page.locator('section[aria-label="Source"] .code').boundingBox())!;
  return row.y >= view.y - 0.5 && row.y + row.height <= view.y + view.height + 0.5;
}

describe('the Source view from the keyboard', () => {
  it('moves a cursor line with the keys and toggles breakpoints with F9', async () => {
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="27"]').waitFor();
      const last = await page.locator('.line').count();
      // Tab goes from the file's tab into its code.
      await page.getByRole('button', { name: 'avgfilter.cu', exact: true }).focus();
      await page.keyboard.press('Tab');
      const view = page.getByRole('textbox', { name: /^Source of avgfilter\.cu/ });
      expect(await view.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await cursorLine(page)).toBe(1);

      await page.keyboard.press('End');
      expect(await cursorLine(page)).toBe(last);
      expect(await lineShown(page, last)).toBe(true);
      await page.keyboard.press('Home');
      expect(await cursorLine(page)).toBe(1);
      expect(await lineShown(page, 1)).toBe(true);
      await page.keyboard.press('PageDown');
      const paged = await cursorLine(page);
      expect(paged).toBeGreaterThan(10);
      expect(await lineShown(page, paged)).toBe(true);
      await page.keyboard.press('PageUp');
      expect(await cursorLine(page)).toBe(1);
      for (let i = 1; i < 27; i++) await page.keyboard.press('ArrowDown');
      expect(await cursorLine(page)).toBe(27);

      // F9 sets a breakpoint on the cursor line, as the gutter's click does.
      const gutter27 = page.getByRole('button', { name: 'Breakpoint at line 27', exact: true });
      expect(await gutter27.getAttribute('aria-pressed')).toBe('false');
      await page.keyboard.press('F9');
      await waitForConsole(page, 'Breakpoint 1 at AverageShared: file avgfilter.cu, line 27.');
      await page.locator('.line[data-line="27"] .dot.on').waitFor();
      expect(await gutter27.getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('section[aria-label="Source"] [aria-live="polite"]').textContent()).toBe('Line 27, breakpoint 1: Bds[i] = (Ads[i-1] + Ads[i] + Ads[i+1]) / 3;');
      await page.screenshot({ path: join(shots, 'source-keys-01-f9.png') });

      // The program stops there; the keys go on from the stop, and F9 clears a breakpoint as it set one.
      await page.keyboard.press('F5');
      await page.locator('.line.current[data-line="27"]').waitFor();
      expect(await view.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('F9');
      await waitForConsole(page, 'Breakpoint 2 at AverageShared: file avgfilter.cu, line 28.');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('F9');
      await waitForConsole(page, '(warpscope) delete 1');
      await page.locator('.line[data-line="27"] .dot:not(.on)').waitFor();
      expect(await gutter27.getAttribute('aria-pressed')).toBe('false');
      expect(await page.getByRole('button', { name: 'Breakpoint at line 28', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: join(shots, 'source-keys-02-cleared.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
