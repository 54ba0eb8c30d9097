import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, JSHandle, Page } from 'playwright-core';
import { consoleText, serve, waitForConsole, openPage, shots, withBrowser, pressF5 } from './serve-helpers.js';

/*
 * A program dropped on a browser page with the header it includes: both are uploaded into one
 * folder under .warpscope/dropped/, so `#include "neighbour.h"` resolves and the program runs.
 * Dropped alone, the program does not compile, and the compiler's error is followed by a note
 * saying to drop the header with it or to open it from the served folder.
 */

let browser: Browser;
withBrowser((b) => (browser = b));

/** A drag's data holding `files` (name and text), as the page's drop handler receives it. */
function dropOf(page: Page, files: readonly (readonly [string, string])[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const [name, text] of list) dt.items.add(new File([text], name, { type: 'text/plain' }));
    return dt;
  }, files.map(([n, t]) => [n, t] as [string, string]));
}

/** Waits until the console shows `text`, however the terminal wrapped it (at a space or not). */
async function waitForWrapped(page: Page, text: string): Promise<void> {
  const bare = (t: string): string => t.replace(/\s+/g, '');
  await expect.poll(async () => bare(await consoleText(page)).includes(bare(text)), { timeout: 20_000 }).toBe(true);
}

describe('dropping a program with its headers', () => {
  it('names a header not dropped with the program, then opens and runs the two dropped together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-drop-'));
    copyFileSync('examples/hello.cu', join(dir, 'hello.cu'));
    const program = readFileSync('test/ui/programs/neighbours.cu', 'utf8');
    const header = readFileSync('test/ui/programs/neighbour.h', 'utf8');
    const s = await serve('hello.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.toolbar .title', { hasText: 'hello.cu' }).waitFor();
      await waitForConsole(page, '(warpscope)');

      // The program alone: its include does not resolve, and the error says what to do.
      const alone = await dropOf(page, [['neighbours.cu', program]]);
      await page.dispatchEvent('.source', 'dragover', { dataTransfer: alone });
      await page.locator('.drop', { hasText: 'Drop a .cu or .trace file to open it (a .cu with its headers)' }).waitFor();
      await page.dispatchEvent('.source', 'drop', { dataTransfer: alone });
      await page.locator('.toolbar .title', { hasText: 'neighbours.cu' }).waitFor();
      await waitForWrapped(page, ".warpscope/dropped/neighbours/neighbours.cu:4:10: error: 'neighbour.h' file not found");
      await waitForWrapped(page, ".warpscope/dropped/neighbours/neighbours.cu:4:10: note: neighbours.cu was dropped on the page without 'neighbour.h': drop the headers it includes together with it, or open neighbours.cu from the folder warpscope serve was started in");
      await waitForConsole(page, '1 error generated.');
      const diagnostics = page.locator('section[aria-label="Diagnostics"]');
      await diagnostics.getByText("'neighbour.h' file not found").waitFor();
      await diagnostics.getByText('drop the headers it includes together with it', { exact: false }).waitFor();
      await page.screenshot({ path: join(shots, 'drop-headers-01-missing.png') });

      // The program and its header together: saved side by side, the include resolves, it runs.
      const both = await dropOf(page, [['neighbours.cu', program], ['neighbour.h', header]]);
      await page.dispatchEvent('.source', 'drop', { dataTransfer: both });
      await page.locator('.source .tab', { hasText: 'neighbour.h' }).waitFor();
      expect(readFileSync(join(dir, '.warpscope', 'dropped', 'neighbours', 'neighbour.h'), 'utf8')).toBe(header);
      await page.locator('footer.status', { hasText: 'Not running' }).waitFor();
      await pressF5(page);
      await page.locator('section[aria-label="Program output"] pre', { hasText: 'left of 0: 31, left of 5: 4' }).waitFor();
      expect(readFileSync(join(dir, '.warpscope', 'dropped', 'neighbours', 'neighbours.cu'), 'utf8')).toBe(program);
      await page.screenshot({ path: join(shots, 'drop-headers-02-ran.png') });

      // Two programs at once, or a header alone, are refused before anything is sent.
      await page.dispatchEvent('.source', 'drop', { dataTransfer: await dropOf(page, [['neighbour.h', header]]) });
      await page.locator('footer .notice', { hasText: 'drop a .cu file together with its headers: a header alone is no program' }).waitFor();
      await page.dispatchEvent('.source', 'drop', { dataTransfer: await dropOf(page, [['a.cu', program], ['b.cu', program]]) });
      await page.locator('footer .notice', { hasText: 'drop one .cu file at a time (with the headers it includes)' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
