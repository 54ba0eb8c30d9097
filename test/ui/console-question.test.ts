import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { serve, openPage, servedFolder, withBrowser, waitForConsole, consoleText, typeCommand } from './serve-helpers.js';

/*
 * gdb's yes-or-no questions in the browser console, as in a terminal: the question is the input
 * row's prompt and the answer is typed after it, not on a new `(warpscope)` row of its own.
 */

const dir = servedFolder('ws-console-question-', ['examples/avgfilter.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('a question in the console', () => {
  it('takes its answer on its own row, then the prompt comes back', async () => {
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="27"]').waitFor();
      await page.locator('.xterm').click();
      await typeCommand(page, 'break 27');
      await typeCommand(page, 'run');
      await page.keyboard.type('kill');
      await page.keyboard.press('Enter');
      await waitForConsole(page, 'Kill the program being debugged? (y or n)');
      // The question waits on the last row, with no prompt under it.
      await expect.poll(async () => (await consoleText(page)).trimEnd().endsWith('Kill the program being debugged? (y or n)')).toBe(true);
      await page.keyboard.type('y');
      await expect.poll(async () => (await consoleText(page)).trimEnd().endsWith('Kill the program being debugged? (y or n) y')).toBe(true);
      await page.keyboard.press('Enter');
      await waitForConsole(page, ') killed]');
      await expect.poll(async () => (await consoleText(page)).trimEnd().endsWith('(warpscope)')).toBe(true);
      const text = await consoleText(page);
      expect(text).toMatch(/\(warpscope\) kill\nKill the program being debugged\? \(y or n\) y\n\[Inferior 1 \(process \d+\) killed\]/);
      expect(text).not.toContain('(warpscope) y');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
