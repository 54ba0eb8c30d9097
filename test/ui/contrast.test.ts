import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, runToLine } from './serve-helpers.js';

/*
 * Every text a student reads (a panel's "No warp in focus.", memory indices, bank numbers, the
 * status bar, the Open menu) stands out from what lies under it by WCAG AA's 4.5:1, so a
 * classroom's projector still shows it. Disabled buttons and shared words outside the window
 * are dimmed on purpose and not counted.
 */

const dir = servedFolder('ws-contrast-', ['examples/avgfilter.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

/** Each visible text under 4.5:1 against its background, as `ratio class "text"`. */
async function faintTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (c: string): number[] | null => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const p = m[1]!.split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const lum = (c: number[]): number => {
      const f = (v: number): number => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(c[0]!) + 0.7152 * f(c[1]!) + 0.0722 * f(c[2]!);
    };
    // The nearest opaque background behind an element (a faint tint counts as what lies under it).
    const background = (el: Element): number[] => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c[3]! > 0.5) return c;
      }
      return [30, 30, 30, 1];
    };
    const opacity = (el: Element): number => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const faint: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || el.closest('.xterm, svg, td.outside, :disabled')) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const fg = parse(getComputedStyle(el).color)!;
      const bg = background(el);
      const a = fg[3]! * opacity(el);
      const seen = [0, 1, 2].map((i) => fg[i]! * a + bg[i]! * (1 - a));
      const [hi, lo] = [lum(seen), lum(bg)].sort((x, y) => y - x);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      if (ratio < 4.5) faint.push(`${ratio.toFixed(2)} ${el.tagName.toLowerCase()}.${el.className.split(' ')[0]} "${text.slice(0, 30)}"`);
    }
    return [...new Set(faint)];
  });
}

describe('text contrast', () => {
  it('keeps every text at 4.5:1 before the run, in the Open menu and at a stop', async () => {
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="27"]').waitFor();
      expect(await faintTexts(page)).toEqual([]);
      await page.locator('button.open').click();
      await page.locator('.menu .item', { hasText: 'avgfilter.cu' }).first().waitFor();
      expect(await faintTexts(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await runToLine(page, 27, 'Breakpoint 1 at AverageShared');
      await page.locator('section[aria-label="Global memory"] .cell').first().waitFor();
      await page.locator('section[aria-label="Shared memory"] table').waitFor();
      await page.screenshot({ path: join(shots, 'contrast-01-stop.png') });
      expect(await faintTexts(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});
