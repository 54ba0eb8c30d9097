import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, waitForConsole, openPage, shots, servedFolder, withBrowser, runToLine } from './serve-helpers.js';

/*
 * The Timeline's cursor from the keyboard, as a media player's seek bar: Tab reaches it (and
 * Shift+Tab from the console, where Tab completes a command), the arrows move a step, Page
 * Up/Down a tenth of the run, Home/End to its ends, each a `goto` in the console, and a screen
 * reader is told the step, the time and the kernel there.
 */

const dir = servedFolder('ws-timeline-keys-', ['traces/avgfilter.trace']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('the timeline from the keyboard', () => {
  it('is reached with Tab and moves through time with the arrows, Page Up/Down, Home and End', async () => {
    const s = await serve('avgfilter.trace', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await runToLine(page, 27, 'Breakpoint 1 at AverageShared');
      const slider = page.getByRole('slider', { name: 'Trace position' });
      const at = Number(await slider.getAttribute('aria-valuenow'));
      const last = Number(await slider.getAttribute('aria-valuemax'));
      expect(await slider.getAttribute('aria-valuetext')).toMatch(new RegExp(`^step ${at} · [\\d.]+ µs · kernel AverageShared$`));

      // From the Timeline's header, Tab goes to its cursor; from the console (whose Tab
      // completes), Shift+Tab comes back to it.
      await page.locator('section[aria-label="Timeline"] header').click();
      await page.keyboard.press('Tab');
      expect(await slider.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.locator('.xterm').click();
      expect(await slider.evaluate((el) => el === document.activeElement)).toBe(false);
      await page.keyboard.press('Shift+Tab');
      expect(await slider.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.screenshot({ path: join(shots, '42-timeline-focused.png') });

      const moved = async (key: string, to: number): Promise<void> => {
        await page.keyboard.press(key);
        await waitForConsole(page, `(warpscope) goto ${to}`);
        await page.locator('footer.status', { hasText: `Stopped at step ${to} ` }).waitFor();
        expect(Number(await slider.getAttribute('aria-valuenow'))).toBe(to);
      };
      await moved('ArrowRight', at + 1);
      await moved('ArrowLeft', at);
      const page10 = Math.max(1, Math.round((last + 1) / 10));
      await moved('PageUp', at + page10);
      await moved('PageDown', at);
      await moved('End', last);
      await moved('Home', 0);
      await moved('ArrowRight', 1);
      expect(await slider.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.screenshot({ path: join(shots, '43-timeline-keyed.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
