import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, waitForConsole, shots, servedFolder, withBrowser, pressF5 } from './serve-helpers.js';
import { fitLanes, fitValue } from '../../src/renderer/src/shared/abbreviate.js';

/*
 * The Shared memory panel's 32 banks fit the window's default size (1280x820) without sideways
 * scrolling: values are shortened to what a column holds, the tooltip keeps the full value.
 * banks.cu fills floats with long fractions, large and negative ints (a 2-D array), and bytes.
 */

describe('bank table values shortened to a cell', () => {
  it('keeps the most significant digits that fit, k/M for large values, and cuts what is not a number', () => {
    expect(fitValue('34', 4)).toBe('34');
    expect(fitValue('-6.666667', 4)).toBe('-6.7');
    expect(fitValue('-6.666667', 6)).toBe('-6.667');
    expect(fitValue('0.3333333', 4)).toBe('.333');
    expect(fitValue('333333.3', 4)).toBe('333k');
    expect(fitValue('-16000048', 4)).toBe('-16M');
    expect(fitValue('1000003', 4)).toBe('1M');
    expect(fitValue('0.000012345', 4)).toBe('1e-5');
    expect(fitValue('-Infinity', 4)).toBe('-∞');
    expect(fitValue('0x0000002a', 4)).toBe('2a');
    expect(fitValue('0x7f4c3a000010', 4)).toBe('…010');
    expect(fitValue('true false true true', 4)).toBe('TFTT');
    expect(fitValue('0 8 16 24', 4)).toBe('0 8…');
    expect(fitValue('-6.666667', Infinity)).toBe('-6.666667');
    expect(fitLanes([5], 4)).toBe('L5');
    expect(fitLanes([5, 6], 4)).toBe('2L');
    expect(fitLanes([5, 6], 6)).toBe('L5 L6');
    expect(fitLanes([1, 2, 3, 4, 5, 6, 7], 8)).toBe('7 lanes');
    expect(fitLanes([1, 2, 3, 4, 5, 6, 7], 4)).toBe('7L');
  });
});

const dir = servedFolder('ws-banks-', ['test/ui/programs/banks.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('Shared memory panel beside a narrowed console', () => {
  it('fits 32 banks in 1280 pixels, values shortened with the full value in a tooltip', async () => {
    const s = await serve('banks.cu', dir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(s.url);
      await page.locator('.line[data-line="16"]').waitFor();
      // The console opens 100 columns wide, leaving the banks two characters a cell at 1280
      // pixels; its sash dragged 220 pixels left gives them four.
      const sash = (await page.getByRole('separator', { name: 'Console width' }).boundingBox())!;
      await page.mouse.move(sash.x + 2, sash.y + 50);
      await page.mouse.down();
      await page.mouse.move(sash.x + 2 - 220, sash.y + 50, { steps: 4 });
      await page.mouse.up();
      await page.locator('.xterm').click();
      await page.keyboard.type('break banks.cu:16');
      await page.keyboard.press('Enter');
      await waitForConsole(page, 'Breakpoint 1 at mix');
      await pressF5(page);
      await waitForConsole(page, 'float v = thirds');
      const shared = page.locator('section[aria-label="Shared memory"]');
      await shared.locator('td[data-name="thirds[1]"]').waitFor();
      await page.waitForTimeout(200);
      const scroll = shared.locator('.scroll');
      const m = await scroll.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, banks: el.querySelectorAll('thead th:not(.rowhead)').length }));
      expect(m.banks).toBe(32);
      expect(m.scrollWidth).toBeLessThanOrEqual(m.clientWidth);
      await page.screenshot({ path: join(shots, 'banks-01-1280x820.png') });
      await shared.screenshot({ path: join(shots, 'banks-02-panel.png') });

      // At this width a cell holds four characters: -6.666667 reads -6.7, the tooltip all of it.
      const third = shared.locator('td[data-name="thirds[1]"]');
      expect(await third.locator('.val').textContent()).toBe('-6.7');
      expect(await third.getAttribute('title')).toBe('thirds[1] = -6.666667 · word 1 (byte 4) · bank 1');
      expect(await third.getAttribute('class')).toContain('abbr');
      // The shortened cell keeps both its variable's tint and the corner mark.
      const paint = await third.evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, color: getComputedStyle(el).backgroundColor }));
      expect(paint.image).toContain('linear-gradient');
      expect(paint.color).toBe('rgb(31, 42, 54)');
      const big = shared.locator('td[data-name="big[0][0]"]');
      expect(await big.locator('.val').textContent()).toBe('-16M');
      expect(await big.getAttribute('title')).toContain('big[0][0] = -16000048');
      // int big[2][16]: the header spells it as C and ptype do, and word 17 of it is big[1][1].
      expect(await shared.locator('header .sub').textContent()).toBe('block (0,0,0) · 416 bytes · thirds: float [64] @0 · big: int [2][16] @256 · bytes: unsigned char [32] @384');
      expect(await shared.locator('td[data-word="81"]').getAttribute('title')).toBe('big[1][1] = 1000003 · word 81 (byte 324) · bank 17');
      // Short values are shown whole and unmarked.
      const seven = shared.locator('td[data-name="thirds[0]"]');
      expect(await seven.locator('.val').textContent()).toBe('-7');
      expect(await seven.getAttribute('class')).not.toContain('abbr');
      // Every cell's text stays inside its column.
      const clipped = async (): Promise<number> => shared.locator('td').evaluateAll((tds) => tds.filter((td) => td.scrollWidth > td.clientWidth).length);
      expect(await clipped()).toBe(0);

      // After line 16's loads each word names the lanes that read it, and conflicting banks are marked.
      await page.keyboard.press('F10');
      await shared.locator('.accesses', { hasText: '2-way bank conflict' }).waitFor();
      expect(await shared.locator('td[data-name="thirds[2]"] .lanes').textContent()).toBe('L1');
      expect(await shared.locator('td[data-name="thirds[2]"]').getAttribute('title')).toContain('loaded by lanes 1');
      expect(await shared.locator('thead th.conflict').count()).toBeGreaterThan(0);
      expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await clipped()).toBe(0);
      await shared.screenshot({ path: join(shots, 'banks-03-loads.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
