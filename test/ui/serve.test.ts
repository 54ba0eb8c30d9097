import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import WebSocket from 'ws';
import { consoleText, serve, waitForConsole, openPage, shots, servedFolder, withBrowser, pressF5 } from './serve-helpers.js';

/*
 * The browser UI as a user drives it: Debian's chromium against `warpscope serve` (the built
 * CLI and renderer, as `npm test` builds them). Each state is saved as a screenshot under
 * test-results/ui/ to look at.
 */

const dir = servedFolder('ws-ui-', ['examples/avgfilter.cu', 'traces/avgfilter.trace']);
let browser: Browser;
withBrowser((b) => (browser = b));


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
