import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, waitForConsole, openPage, servedFolder, shots, withBrowser, pressF5, breakAtLine } from './serve-helpers.js';

/*
 * A line typed in the console while the program runs is not lost: it runs once the program
 * stops and the prompt is back, as a terminal's typeahead does.
 */

const dir = servedFolder('ws-typeahead-', ['test/ui/programs/slow-fault.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('the console', () => {
  it('keeps what is typed while a command runs and runs it at the next prompt', async () => {
    const s = await serve('slow-fault.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await breakAtLine(page, 14, 'Breakpoint 1 at scatter');
      await pressF5(page);
      // Typed while the program runs to the breakpoint (a second or so).
      await page.locator('.app.running').waitFor();
      await page.locator('.xterm').click();
      await page.keyboard.type('print n\r');
      await page.keyboard.type('print acc');
      await waitForConsole(page, 'CUDA thread hit Breakpoint 1');
      await waitForConsole(page, '$1 = 3000');
      // The second line, without its Enter, waits at the prompt.
      await waitForConsole(page, '(warpscope) print acc');
      await page.keyboard.press('Enter');
      await waitForConsole(page, '$2 = 8994');
      await page.screenshot({ path: join(shots, '45-console-typeahead.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
