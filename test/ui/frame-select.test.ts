import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { shots, servedFolder, withBrowser, typeCommand, inClassroom, breakAtLine, pressF5 } from './serve-helpers.js';

/*
 * `up` selects the caller's frame: print, info locals and list look there, and so do the panels.
 * The Source marks the call's line (VS Code's focused stack frame), the Threads panel lists the
 * caller's variables and the status bar names the frame; `down` goes back. A classroom viewer
 * follows the presenter's frame as it follows its stops.
 */

const PROGRAM = [
  '__device__ int square(int v)',
  '{',
  '    int r = v * v;',
  '    return r;',
  '}',
  '__global__ void k(int *out)',
  '{',
  '    int t = threadIdx.x;',
  '    int s = square(t);',
  '    out[t] = s;',
  '}',
  'int main()',
  '{',
  '    int *d;',
  '    cudaMalloc((void **)&d, 8 * sizeof(int));',
  '    k<<<1, 8>>>(d);',
  '    cudaDeviceSynchronize();',
  '    return 0;',
  '}',
  '',
].join('\n');

const dir = servedFolder('ws-frame-select-', []);
let browser: Browser;
withBrowser((b) => (browser = b));

/** The Threads panel's variable columns (after threadIdx and blockIdx). */
async function variables(page: Page): Promise<string[]> {
  const heads = await page.$$eval('section[aria-label="Threads"] th', (ths) => ths.map((t) => t.textContent ?? ''));
  return heads.slice(heads.indexOf('blockIdx') + 1);
}

describe('a caller frame selected with up', () => {
  it('shows in the Source, the Threads panel and the status bar, the presenter\'s and a viewer\'s', async () => {
    writeFileSync(join(dir, 'calls.cu'), PROGRAM);
    await inClassroom(browser, 'calls.cu', dir, async (p, v) => {
      await breakAtLine(p, 3, 'Breakpoint 1 at square');
      await pressF5(p);
      for (const page of [p, v]) await page.locator('.line.current[data-line="3"]').waitFor();
      await expect.poll(() => variables(p)).toEqual(['v', 'r']);

      await p.locator('.xterm').click();
      await typeCommand(p, 'up');
      for (const page of [p, v]) {
        await page.locator('.line.frame[data-line="9"]').waitFor();
        await expect.poll(() => variables(page)).toEqual(['out', 't', 's']);
        await page.locator('footer.status', { hasText: 'calls.cu:3 · frame #1 at calls.cu:9' }).waitFor();
        // The stop itself stays marked where the thread stands.
        expect(await page.locator('.line.current').getAttribute('data-line')).toBe('3');
      }
      await p.screenshot({ path: join(shots, 'frame-select-01-up.png') });
      await v.screenshot({ path: join(shots, 'frame-select-02-viewer-up.png') });

      await typeCommand(p, 'down');
      for (const page of [p, v]) {
        await expect.poll(() => page.locator('.line.frame').count()).toBe(0);
        await expect.poll(() => variables(page)).toEqual(['v', 'r']);
        expect(await page.locator('footer.status').textContent()).not.toContain('frame #');
      }
    });
  });
});
