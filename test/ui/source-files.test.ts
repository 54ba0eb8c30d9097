import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { serve, waitForConsole, launchChromium, openPage, shots, pressF5, breakAtLine } from './serve-helpers.js';
import { writeRowsOutOfOrder } from '../trace/damaged.js';

/*
 * The Source gutter's breakpoint conditions and other-warps markers, the Open menu and dropping
 * a file, driven in Debian's chromium against `warpscope serve` (the built CLI and renderer).
 * Screenshots of each state go to test-results/ui/.
 */

let browser: Browser;

/** A fresh folder to serve, holding copies of the examples the tests open. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ws-ui-files-'));
  copyFileSync('examples/avgfilter.cu', join(dir, 'avgfilter.cu'));
  copyFileSync('examples/transpose.cu', join(dir, 'transpose.cu'));
  mkdirSync(join(dir, 'saved'));
  copyFileSync('traces/avgfilter.trace', join(dir, 'saved', 'avgfilter.trace'));
  return dir;
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});


const status = (page: Page, text: string) => page.locator('footer.status', { hasText: text }).waitFor();

describe('Source gutter, Open menu and drop in a browser', () => {
  it('edits a breakpoint condition from the gutter and stops only where it holds', async () => {
    const s = await serve('avgfilter.cu', folder());
    const { page, errors } = await openPage(browser, s.url);
    try {
      const gutter = page.locator('.line[data-line="27"] .gutter');
      await gutter.click();
      await waitForConsole(page, 'Breakpoint 1 at AverageShared: file avgfilter.cu, line 27.');
      await gutter.click({ button: 'right' });
      const input = page.getByRole('textbox', { name: 'Condition of breakpoint 1' });
      await input.fill('i == 5');
      await page.screenshot({ path: join(shots, 'cond-01-editing.png') });
      await input.press('Enter');
      await waitForConsole(page, '(warpscope) condition 1 i == 5');
      await page.locator('.line[data-line="27"] .dot.on.cond').waitFor();
      expect(await gutter.getAttribute('title')).toBe('Breakpoint 1 if i == 5: click to clear, right-click to edit its condition');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      // Without the condition the first thread to stop is (1,0,0) (serve.test.ts); with it, only thread 5.
      await status(page, 'block (0,0,0) thread (5,0,0) · avgfilter.cu:27');
      await page.locator('.xterm').click();
      await page.keyboard.type('print i');
      await page.keyboard.press('Enter');
      await waitForConsole(page, '$1 = 5');
      await page.screenshot({ path: join(shots, 'cond-02-stopped.png') });
      // Editing it again shows the condition; clearing it makes the breakpoint stop for every thread.
      await gutter.click({ button: 'right' });
      expect(await input.inputValue()).toBe('i == 5');
      await input.fill('');
      await input.press('Enter');
      await waitForConsole(page, 'Breakpoint 1 now unconditional.');
      await page.locator('.line[data-line="27"] .dot.on:not(.cond)').waitFor();
      await pressF5(page);
      await status(page, 'block (0,0,0) thread (1,0,0) · avgfilter.cu:27');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('marks the lines where the focused block’s other warps stand', async () => {
    const s = await serve('transpose.cu', folder());
    const { page, errors } = await openPage(browser, s.url);
    try {
      await breakAtLine(page, 20, 'Breakpoint 1 at transpose4');
      await pressF5(page);
      await status(page, 'block (0,0,0) thread (0,0,0) · transpose.cu:20');
      // Warp 0 is at line 20; warps 1-7 wait at the barrier on line 18.
      const at18 = page.locator('.line[data-line="18"] .warps');
      await expect.poll(() => at18.textContent()).toBe('7w');
      expect(await at18.getAttribute('title')).toBe('7 other warps of block (0,0,0) at this line: warp 1, 2, 3, 4, 5, 6, 7');
      expect(await page.locator('.line[data-line="20"] .warps').textContent()).toBe('');
      await page.screenshot({ path: join(shots, 'warps-01-at-barrier.png') });
      await page.locator('.xterm').click();
      await page.keyboard.type('cuda thread (0,2,0)');
      await page.keyboard.press('Enter');
      await expect.poll(() => at18.textContent()).toBe('6w');
      expect(await page.locator('.line[data-line="20"] .warps').textContent()).toBe('1w');
      await page.screenshot({ path: join(shots, 'warps-02-focus-warp-1.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('opens a file from the Open menu’s list of the served folder, then offers it as recent, and says why a damaged trace cannot open', async () => {
    const dir = folder();
    writeRowsOutOfOrder(join(dir, 'saved', 'damaged.trace'));
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="27"]').waitFor();
      await page.getByRole('button', { name: 'Open ▾' }).click();
      const menu = page.getByRole('menu', { name: 'Open' });
      await menu.locator('.item.file').first().waitFor();
      const listed = await menu.locator('.item.file').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
      // The folder's files, and the recording the live session started in traces/ (as warpscope debug names it).
      expect(listed.filter((p) => !p.startsWith('traces/'))).toEqual(['avgfilter.cu', 'saved/avgfilter.trace', 'saved/damaged.trace', 'transpose.cu']);
      expect(listed.filter((p) => p.startsWith('traces/'))).toEqual([expect.stringMatching(/^traces\/avgfilter-.*\.trace$/)]);
      expect(await menu.locator('.item.recent').evaluateAll((els) => els.map((e) => e.getAttribute('title')))).toEqual(['avgfilter.cu']);
      await page.screenshot({ path: join(shots, 'open-01-menu.png') });
      await menu.locator('.item.file[title="saved/avgfilter.trace"]').click();
      await page.locator('.toolbar .badge', { hasText: 'trace' }).waitFor();
      await status(page, 'replaying a trace');
      await page.getByRole('button', { name: 'Open ▾' }).click();
      await expect.poll(() => menu.locator('.item.recent').evaluateAll((els) => els.map((e) => e.getAttribute('title')))).toEqual(['saved/avgfilter.trace', 'avgfilter.cu']);
      expect(JSON.parse(readFileSync(join(dir, '.warpscope', 'recent.json'), 'utf8'))).toHaveLength(2);
      await page.screenshot({ path: join(shots, 'open-02-recent.png') });
      await menu.locator('.item.recent[title="avgfilter.cu"]').click();
      await page.locator('.toolbar .title', { hasText: 'avgfilter.cu' }).waitFor();
      await status(page, 'live · recording');
      // A damaged trace says so on one line, as `warpscope replay` does, and the program open stays open.
      await page.getByRole('button', { name: 'Open ▾' }).click();
      await menu.locator('.item.file[title="saved/damaged.trace"]').click();
      const notice = page.locator('footer .notice');
      await notice.filter({ hasText: 'is a damaged trace' }).waitFor();
      expect(await notice.textContent()).toBe("'saved/damaged.trace' is a damaged trace (database disk image is malformed)");
      expect(await notice.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      await page.locator('.toolbar .title', { hasText: 'avgfilter.cu' }).waitFor();
      await page.screenshot({ path: join(shots, 'open-03-damaged-trace.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('opens a .cu file dropped on the page (saved under .warpscope/dropped/) and explains why a dropped trace cannot open', async () => {
    const dir = folder();
    const s = await serve('avgfilter.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await page.locator('.line[data-line="27"]').waitFor();
      const text = readFileSync('examples/hello.cu', 'utf8');
      const dropOf = (name: string, body: string) => page.evaluateHandle(([n, b]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([b], n, { type: 'text/plain' }));
        return dt;
      }, [name, body] as const);
      const hello = await dropOf('dropped_hello.cu', text);
      await page.dispatchEvent('.source', 'dragover', { dataTransfer: hello });
      await page.locator('.drop', { hasText: 'Drop a .cu or .trace file to open it (a .cu with its headers)' }).waitFor();
      await page.screenshot({ path: join(shots, 'drop-01-over.png') });
      await page.dispatchEvent('.source', 'drop', { dataTransfer: hello });
      await page.locator('.toolbar .title', { hasText: 'dropped_hello.cu' }).waitFor();
      expect(await page.locator('.line[data-line="8"]').textContent()).toContain('hi_from_gpu');
      expect(readFileSync(join(dir, '.warpscope', 'dropped', 'dropped_hello', 'dropped_hello.cu'), 'utf8')).toBe(text);
      await page.screenshot({ path: join(shots, 'drop-02-opened.png') });
      const trace = await dropOf('x.trace', 'SQLite format 3');
      await page.dispatchEvent('.source', 'drop', { dataTransfer: trace });
      await page.locator('footer .notice', { hasText: 'x.trace: a trace cannot be uploaded from the browser' }).waitFor();
      expect(existsSync(join(dir, '.warpscope', 'dropped', 'x.trace'))).toBe(false);
      await page.screenshot({ path: join(shots, 'drop-03-trace-refused.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('answers the Open menu and uploads only over an authorized socket, and never opens outside the folder', async () => {
    const dir = folder();
    const s = await serve('avgfilter.cu', dir);
    try {
      const token = new URL(s.url).searchParams.get('token')!;
      const talk = (url: string, msgs: readonly object[], want: number) =>
        new Promise<{ status: number; got: { kind: string; [k: string]: unknown }[] }>((done) => {
          const ws = new WebSocket(url);
          const got: { kind: string }[] = [];
          ws.on('unexpected-response', (_q, res) => done({ status: res.statusCode ?? 0, got: [] }));
          ws.on('open', () => msgs.forEach((m) => ws.send(JSON.stringify(m))));
          ws.on('message', (d) => {
            const e = JSON.parse(String(d)) as { kind: string };
            // The session's own events (a program opening) are not answers.
            if (['file-list', 'open-failed', 'error'].includes(e.kind)) got.push(e);
            if (got.length === want) {
              ws.close();
              done({ status: 101, got });
            }
          });
        });
      const ws = s.base.replace('http', 'ws');
      expect((await talk(`${ws}/ws`, [{ kind: 'list-files' }], 1)).status).toBe(401);
      const r = await talk(`${ws}/ws?token=${token}`, [
        { kind: 'list-files' },
        { kind: 'upload', files: [{ name: '../../escape.cu', text: 'x' }] },
        { kind: 'open', target: { kind: 'source', path: '/etc/hostname.cu' } },
        { kind: 'open', target: { kind: 'source', path: 'avgfilter.cu/../../x.cu' } },
      ], 4);
      expect(r.got[0]).toMatchObject({ kind: 'file-list', listing: { folder: expect.stringContaining('ws-ui-files-'), files: expect.arrayContaining(['avgfilter.cu', 'saved/avgfilter.trace', 'transpose.cu']) } });
      expect(r.got[1]).toEqual({ kind: 'error', message: 'upload: ../../escape.cu: only a .cu file and the headers it includes (.h, .cuh, .hpp, ...) with plain names can be dropped' });
      expect(r.got[2]).toMatchObject({ kind: 'open-failed' });
      expect(r.got[3]).toMatchObject({ kind: 'open-failed' });
      expect(existsSync(join(dir, '..', 'escape.cu'))).toBe(false);
    } finally {
      await s.stop();
    }
  });
});
