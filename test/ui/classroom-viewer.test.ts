import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { waitForConsole, shots, servedFolder, withBrowser, typeCommand, inClassroom, breakAtLine } from './serve-helpers.js';

/*
 * What a classroom viewer's window shows of the presenter's session beyond its stops: the
 * presenter's breakpoints in the Source gutter (which the viewer cannot change), the program
 * running while the presenter's command runs, and a memcheck stop marked as the presenter's
 * window marks it (the report, the faulted lane, the diagnostic and its line).
 */

const dir = servedFolder('ws-viewer-', ['test/ui/programs/slow-fault.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('a classroom viewer', () => {
  it('sees the presenter\'s breakpoints, its program running and its memcheck stop', async () => {
    await inClassroom(browser, 'slow-fault.cu', dir, async (p, v) => {
      await breakAtLine(p, 14, 'Breakpoint 1 at scatter');
      // The presenter's breakpoint shows in the viewer's gutter, named the presenter's; clicking there changes nothing.
      const gutter = v.locator('.line[data-line="14"] .gutter');
      await gutter.locator('.dot.on').waitFor();
      expect(await gutter.getAttribute('title')).toBe("Breakpoint 1: the presenter's");
      await v.locator('.line[data-line="9"] .gutter').click({ force: true });
      await p.locator('.xterm').click();
      await typeCommand(p, 'set cuda memcheck on');
      expect(await v.locator('.dot.on').count()).toBe(1);
      expect(await p.locator('.dot.on').count()).toBe(1);

      // The presenter deletes it and runs: the viewer is told the program runs while it does.
      await typeCommand(p, 'delete 1');
      await v.locator('.line[data-line="14"] .dot:not(.on)').waitFor();
      await p.keyboard.type('run');
      await p.keyboard.press('Enter');
      await v.locator('footer.status', { hasText: 'Running… · the presenter runs the program' }).waitFor();
      await v.screenshot({ path: join(shots, '40-viewer-presenter-running.png') });

      // Memcheck stops the presenter at the bad store; the viewer is stopped there the same way.
      await waitForConsole(p, 'Invalid __global__ write of size 4 bytes');
      await waitForConsole(v, 'Invalid __global__ write of size 4 bytes');
      await v.locator('footer.status', { hasText: 'Stopped at step' }).waitFor();
      for (const page of [p, v]) {
        await page.locator('section[aria-label="Threads"] tr[data-lane="5"] td.state', { hasText: 'faulted' }).waitFor();
        await page.locator('.line.current[data-line="14"] .marker.error').waitFor();
        expect(await page.locator('section[aria-label="Diagnostics"] li.error').textContent()).toContain('Invalid __global__ write');
      }
      await v.screenshot({ path: join(shots, '41-viewer-memcheck-stop.png') });
    });
  });
});
