import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { shots, servedFolder, withBrowser, inClassroom, runToLine, waitForConsole } from './serve-helpers.js';

/*
 * A classroom viewer's window is titled by the presenter's program and says it follows the
 * presenter: its session replays the presenter's recording, but "avgfilter.trace TRACE ·
 * replaying a trace" told students of a trace file they never opened. The presenter's window
 * keeps its own title.
 */

const dir = servedFolder('ws-classroom-title-', ['examples/avgfilter.cu']);
let browser: Browser;
withBrowser((b) => (browser = b));

describe('a classroom viewer\'s title', () => {
  it('names the presenter\'s program and says the viewer follows the presenter', async () => {
    await inClassroom(browser, 'avgfilter.cu', dir, async (p, v) => {
      await runToLine(p, 27, 'Breakpoint 1 at AverageShared');
      await waitForConsole(v, 'Breakpoint 1, AverageShared');
      await v.locator('footer.status', { hasText: 'Stopped at step' }).waitFor();
      await v.locator('.toolbar .title', { hasText: 'following the presenter' }).waitFor();
      await v.screenshot({ path: join(shots, 'classroom-viewer-title.png') });
      expect(await v.locator('.toolbar .title').textContent()).toBe('avgfilter.cu · following the presenter (classroom)');
      expect(await v.locator('.toolbar .badge').count()).toBe(0);
      const status = (await v.locator('footer.status').textContent()) ?? '';
      expect(status).not.toMatch(/trace/i);
      expect(status).toContain('classroom viewer · following the presenter');

      // The presenter's own window is titled as before.
      expect(await p.locator('.toolbar .title').textContent()).toBe('avgfilter.cu');
      expect(await p.locator('footer.status .mode').textContent()).toBe('live · recording');
    });
  }, 60_000);
});
