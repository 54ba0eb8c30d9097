import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, typeCommand } from './serve-helpers.js';

/*
 * The Global memory panel's header in the narrow side column: a replay two million steps in
 * still shows the whole step beside (or under) the panel's title, at 1280 and at 1024 pixels.
 */

// Four threads that loop a million times: the store after the loop is past step 2,000,000.
const SPIN = '__global__ void spin(int *out, int n)\n{\n    int s = 0;\n    for (int i = 0; i < n; i++)\n        s += i;\n    out[threadIdx.x] = s;\n}\nint main()\n{\n    int *d;\n    cudaMalloc((void **)&d, 4 * sizeof(int));\n    spin<<<1, 4>>>(d, 1000000);\n    cudaDeviceSynchronize();\n    return 0;\n}\n';

const dir = servedFolder('ws-memory-header-', []);
let browser: Browser;
withBrowser((b) => (browser = b));

/** Where the header's step note lies, and whether all of it shows inside the header and the panel. */
async function noteShown(page: Page): Promise<{ text: string; whole: boolean; inside: boolean }> {
  return page.locator('section[aria-label="Global memory"]').evaluate((panel) => {
    const header = panel.querySelector('header')!;
    const note = header.querySelector<HTMLElement>('.note')!;
    const n = note.getBoundingClientRect();
    const h = header.getBoundingClientRect();
    const p = panel.getBoundingClientRect();
    const within = (a: DOMRect, b: DOMRect): boolean => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    return { text: note.textContent ?? '', whole: note.scrollWidth <= note.clientWidth, inside: within(n, h) && within(h, p) };
  });
}

describe('the Global memory header', () => {
  it('shows a step past two million whole at 1280 and 1024 pixels wide', async () => {
    writeFileSync(join(dir, 'spin.cu'), SPIN);
    execFileSync(process.execPath, [resolve('bin/warpscope.mjs'), 'record', 'spin.cu', '-o', join(dir, 'spin.trace')], { cwd: dir });
    const s = await serve('spin.trace', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="6"]').waitFor();
      await page.locator('.xterm').click();
      await typeCommand(page, 'break 6');
      await page.keyboard.type('run');
      await page.keyboard.press('Enter');
      // Replaying two million steps takes a few seconds.
      await page.locator('footer.status', { hasText: 'Stopped at step' }).waitFor({ timeout: 30_000 });
      const status = (await page.locator('footer.status').textContent()) ?? '';
      const step = Number(/Stopped at step (\d+)/.exec(status)?.[1]);
      expect(step).toBeGreaterThan(2_000_000);
      await page.locator('.region[data-name="d"]').waitFor();
      expect(await noteShown(page)).toEqual({ text: `at step ${step}`, whole: true, inside: true });
      await page.screenshot({ path: join(shots, 'memory-header-1280.png') });
      await page.setViewportSize({ width: 1024, height: 700 });
      await expect.poll(() => noteShown(page)).toEqual({ text: `at step ${step}`, whole: true, inside: true });
      // The title still reads whole beside it.
      const label = page.locator('section[aria-label="Global memory"] header .label');
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.screenshot({ path: join(shots, 'memory-header-1024.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
