import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { consoleText, serve, waitForConsole, openPage, shots, servedFolder, withBrowser, pressF5 } from './serve-helpers.js';

/*
 * The browser UI as a user drives it: Debian's chromium against `warpscope serve` (the built
 * CLI and renderer, as `npm test` builds them). Each state is saved as a screenshot under
 * test-results/ui/ to look at.
 */

const dir = servedFolder('ws-ui-', ['examples/avgfilter.cu', 'traces/avgfilter.trace']);

// A kernel that waits for a value nobody changes, storing as it goes (so no spin proof ends it): it runs until paused or stopped.
const SPIN = '__global__ void spin(int *a) {\n  while (a[0] == 0) { a[1] = a[1] + 1; }\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 64);\n  cudaMemset(d, 0, 64);\n  spin<<<1, 32>>>(d);\n  cudaDeviceSynchronize();\n  return 0;\n}\n';
let browser: Browser;
withBrowser((b) => (browser = b));

/** How far (px) each panel's header text sits from the middle of its bar, by panel: 0 is centred. */
async function headerTextOffsets(page: Page): Promise<Record<string, number>> {
  return page.$$eval('section[aria-label] > header', (headers) => {
    const offsets: Record<string, number> = {};
    for (const h of headers) {
      // The text's own boxes, not its spans' (a flex item stretches to the bar's height).
      let top = Infinity;
      let bottom = -Infinity;
      const walk = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) [top, bottom] = [Math.min(top, r.top), Math.max(bottom, r.bottom)];
      }
      // The bar is the header inside its bottom border.
      const barMiddle = h.getBoundingClientRect().top + h.clientTop + h.clientHeight / 2;
      offsets[h.closest('section')!.getAttribute('aria-label')!] = (top + bottom) / 2 - barMiddle;
    }
    return offsets;
  });
}


describe('warpscope serve in a browser', () => {
  it('refuses HTTP and WebSocket requests without the token', async () => {
    const s = await serve('avgfilter.cu', dir);
    try {
      expect((await fetch(`${s.base}/`)).status).toBe(401);
      expect((await fetch(`${s.base}/?token=wrong`)).status).toBe(401);
      expect((await fetch(`${s.base}/assets/`)).status).toBe(401);
      const ok = await fetch(s.url);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-security-policy')).toContain("script-src 'self'");
      const refused = await new Promise<number>((done) => {
        const ws = new WebSocket(`${s.base.replace('http', 'ws')}/ws`);
        ws.on('unexpected-response', (_req, res) => done(res.statusCode ?? 0));
        ws.on('open', () => done(101));
        ws.on('error', () => done(-1));
      });
      expect(refused).toBe(401);
      // With the token, a malformed message gets an error event and the session goes on.
      const answers = await new Promise<string[]>((done) => {
        const ws = new WebSocket(`${s.base.replace('http', 'ws')}/ws?token=${new URL(s.url).searchParams.get('token')}`);
        const got: string[] = [];
        ws.on('open', () => ws.send('{"kind":"console","line":7}'));
        ws.on('message', (d) => {
          got.push(String(d));
          ws.close();
          done(got);
        });
      });
      expect(JSON.parse(answers[0]!)).toMatchObject({ kind: 'error' });
    } finally {
      await s.stop();
    }
  });

  it('debugs a program: gutter breakpoint, run, print, next', async () => {
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      const line27 = page.locator('.line[data-line="27"]');
      await line27.waitFor();
      expect(await line27.textContent()).toContain('Bds[i] = (Ads[i-1] + Ads[i] + Ads[i+1]) / 3;');
      await waitForConsole(page, '(warpscope)');
      await page.screenshot({ path: join(shots, '01-source.png') });

      await line27.locator('.gutter').click();
      await waitForConsole(page, '(warpscope) break avgfilter.cu:27');
      await waitForConsole(page, 'Breakpoint 1 at AverageShared: file avgfilter.cu, line 27.');
      await line27.locator('.dot.on').waitFor();
      await page.screenshot({ path: join(shots, '02-breakpoint.png') });

      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.locator('.line.current[data-line="27"]').waitFor();
      await waitForConsole(page, 'hit Breakpoint 1, AverageShared<<<(1,1,1),(16,1,1)>>>');
      // The status shows the stop once the command finished (the panels' views come between the stop and the end of the command).
      await page.locator('footer.status', { hasText: 'Stopped at step' }).filter({ hasText: 'block (0,0,0) thread (1,0,0) · avgfilter.cu:27' }).waitFor();
      expect(await page.locator('section[aria-label="Program output"] pre').textContent()).toContain('CASE 8: shared, 1 block, 1 iteration, different arrays');
      await page.screenshot({ path: join(shots, '03-stopped.png') });
      // Every panel's title sits in the middle of its bar, not at the top of it.
      const offsets = await headerTextOffsets(page);
      expect(Object.keys(offsets).sort()).toEqual(['Console', 'Diagnostics', 'Global memory', 'Grid', 'Program output', 'Shared memory', 'Threads', 'Timeline']);
      expect(Object.entries(offsets).filter(([, d]) => Math.abs(d) > 2)).toEqual([]);

      await page.locator('.xterm').click();
      await page.keyboard.type('print Ads[i]');
      await page.keyboard.press('Enter');
      await waitForConsole(page, '$1 = 6');
      await page.screenshot({ path: join(shots, '04-print.png') });

      await page.keyboard.press('F10');
      await page.locator('.line.current[data-line="28"]').waitFor();
      await waitForConsole(page, '(warpscope) next');
      // History: up brings the last typed command back.
      await page.keyboard.press('ArrowUp');
      await waitForConsole(page, '(warpscope) print Ads[i]');
      await page.screenshot({ path: join(shots, '05-next.png') });

      // Dragging the timeline's cursor past its end goes to the last step recorded so far, and the
      // cursor lands at the end of the axis: the goto does not record more and move the end away.
      await page.locator('.app:not(.running)').waitFor();
      const svg = page.locator('svg[aria-label="Trace position"]');
      const box = (await svg.boundingBox())!;
      const lastTick = async (): Promise<string | null> => page.locator('svg[aria-label="Trace position"] text.axis').last().textContent();
      const end = await lastTick();
      const max = await svg.getAttribute('aria-valuemax');
      await page.mouse.move(box.x + box.width / 2, box.y + 5);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width + 60, box.y + 5, { steps: 8 });
      await page.mouse.up();
      await waitForConsole(page, `(warpscope) goto ${max}`);
      await page.locator('.app:not(.running)').waitFor();
      await page.locator('.cursor:not(.pending)').waitFor();
      expect(await svg.getAttribute('aria-valuenow')).toBe(max);
      expect(await lastTick()).toBe(end);
      // After every operation recorded, up to the kernel that has only begun.
      const cursor = (await page.locator('.cursor line').boundingBox())!;
      const ends = await page.$$eval('rect.bar:not(.running)', (rs) => rs.map((r) => r.getBoundingClientRect().right));
      expect(cursor.x + cursor.width).toBeGreaterThanOrEqual(Math.max(...ends));
      await page.screenshot({ path: join(shots, '05b-timeline-dragged-to-end.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('says so while a kernel runs, and stops it at any time', async () => {
    writeFileSync(join(dir, 'spin.cu'), SPIN);
    const s = await serve('spin.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await pressF5(page);
      // Running, not stopped: the panels say the program runs rather than that nothing happened.
      const grid = page.locator('section[aria-label="Grid"] .empty');
      await grid.filter({ hasText: /Running… [\d,]+ steps recorded \(pause to inspect\)/ }).waitFor();
      expect(await page.locator('section[aria-label="Global memory"] .empty').textContent()).toContain('Running…');
      await page.locator('rect.bar.kernel.running').waitFor();
      await page.screenshot({ path: join(shots, '06a-running.png') });
      const stop = page.locator('.toolbar button.tool.kill');
      expect(await stop.isEnabled()).toBe(true);
      await page.keyboard.press('Shift+F5');
      await waitForConsole(page, ') killed]');
      await page.locator('footer.status', { hasText: 'Not running' }).waitFor();
      expect(await consoleText(page)).toContain('Program received signal SIGINT');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('replays a saved trace and steps back', async () => {
    const s = await serve('avgfilter.trace', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="29"]').waitFor();
      await page.locator('.line[data-line="29"] .gutter').click();
      await waitForConsole(page, '(warpscope) break avgfilter.cu:29');
      await pressF5(page);
      await page.locator('.line.current[data-line="29"]').waitFor();
      // The stop shows before the command ends; a key pressed while it runs is refused.
      await page.locator('.app:not(.running)').waitFor();
      await page.keyboard.press('F10');
      await page.locator('.line.current[data-line="30"]').waitFor();
      await page.getByRole('button', { name: 'Reverse step' }).click();
      await page.locator('.line.current[data-line="29"]').waitFor();
      const text = await consoleText(page);
      expect(text).toContain('(warpscope) reverse-step');
      expect(text).toMatch(/\n29\s+Ads\[i\] = Bds\[i\];/);
      await page.screenshot({ path: join(shots, '06-trace-reverse-step.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });
});
