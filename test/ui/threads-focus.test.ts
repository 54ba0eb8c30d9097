import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, typeCommand, runToLine } from './serve-helpers.js';

/*
 * The Threads panel shows a warp's 32 lanes in a box a dozen rows high: a focus moved to a lane
 * below the fold (`cuda thread`, a click in the grid) scrolls its row into view, so the panel
 * shows the thread the rest of the window is about.
 */

const dir = servedFolder('ws-threads-', ['test/ui/programs/fault.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('the Threads panel', () => {
  it('scrolls the focused lane\'s row into view when the focus moves past the rows shown', async () => {
    const s = await serve('fault.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await runToLine(page, 7, 'Breakpoint 1 at scatter');
      const scroll = page.locator('section[aria-label="Threads"] .scroll');
      const shown = async (lane: number): Promise<boolean> => {
        const row = (await scroll.locator(`tr[data-lane="${lane}"]`).boundingBox())!;
        const box = (await scroll.boundingBox())!;
        return row.y >= box.y && row.y + row.height <= box.y + box.height;
      };
      expect(await shown(0)).toBe(true);
      expect(await shown(30)).toBe(false);
      await page.locator('.app:not(.running)').waitFor();
      await page.locator('.xterm').click();
      await typeCommand(page, 'cuda thread (30,0,0)');
      await page.locator('section[aria-label="Threads"] tr.focused[data-lane="30"]').waitFor();
      await expect.poll(() => shown(30)).toBe(true);
      await page.screenshot({ path: join(shots, '44-threads-focused-row.png') });
      // And back up for lane 1.
      await typeCommand(page, 'cuda thread (1,0,0)');
      await page.locator('section[aria-label="Threads"] tr.focused[data-lane="1"]').waitFor();
      await expect.poll(() => shown(1)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
