import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, waitForConsole } from './serve-helpers.js';

/*
 * Pause stands where Run/Continue stands, as VS Code's does: while the program runs no button
 * shifts along the toolbar, so the pointer that paused it rests on Continue, and a second click
 * (a student's double click) continues rather than landing on Stop and killing the program.
 */

// Long enough to be running when the test pauses it (a few seconds unpaused).
const SPIN = '__global__ void spin(int *out, int n)\n{\n    int s = 0;\n    for (int i = 0; i < n; i++)\n        s += i % 7;\n    out[threadIdx.x] = s;\n}\nint main()\n{\n    int *d;\n    cudaMalloc((void **)&d, 64 * sizeof(int));\n    spin<<<1, 64>>>(d, 10000000);\n    cudaDeviceSynchronize();\n    return 0;\n}\n';

const dir = servedFolder('ws-toolbar-pause-', []);
let browser: Browser;
withBrowser((b) => (browser = b));

/** The toolbar's buttons, left to right: each one's name and where its middle lies. */
async function buttons(page: Page): Promise<{ name: string; x: number }[]> {
  return page.$$eval('.toolbar button.tool', (bs) => bs.map((b) => ({ name: b.getAttribute('aria-label') ?? '', x: Math.round(b.getBoundingClientRect().x + b.getBoundingClientRect().width / 2) })));
}

describe('the toolbar while the program runs', () => {
  it('puts Pause in Continue\'s place, so no button moves under the pointer', async () => {
    writeFileSync(join(dir, 'spin.cu'), SPIN);
    const s = await serve('spin.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="5"]').waitFor();
      const idle = await buttons(page);
      expect(idle.map((b) => b.name)).toEqual(['Run', 'Next', 'Step', 'Finish', 'Reverse step', 'Reverse next', 'Reverse continue', 'Stop']);

      await page.keyboard.press('F5');
      const pause = page.getByRole('button', { name: 'Pause', exact: true });
      await pause.waitFor();
      const running = await buttons(page);
      // The same places, Pause in Run's.
      expect(running).toEqual(idle.map((b) => (b.name === 'Run' ? { ...b, name: 'Pause' } : b)));
      await page.screenshot({ path: join(shots, 'toolbar-pause-01-running.png') });

      // Pause, then a second click where the pointer rests: it continues the program, it does not kill it.
      await pause.click();
      await waitForConsole(page, 'Program received signal SIGINT, Interrupt.');
      const paused = await buttons(page);
      expect(paused.find((b) => b.x === running.find((r) => r.name === 'Pause')!.x)?.name).toBe('Continue');
      expect(paused.find((b) => b.name === 'Stop')!.x).toBe(running.find((b) => b.name === 'Stop')!.x);
      await page.mouse.click(running.find((b) => b.name === 'Pause')!.x, (await page.locator('.toolbar').boundingBox())!.y + 15);
      await waitForConsole(page, '(warpscope) continue');
      expect(await page.locator('.xterm-rows').textContent()).not.toContain('kill');
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});
