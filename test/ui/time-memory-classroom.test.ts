import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { consoleText, serve, waitForConsole, type Served, launchChromium, openPage, shots, pressF5, inClassroom, breakAtLine, runToLine } from './serve-helpers.js';

/*
 * The Timeline, Global memory and Diagnostics panels and the classroom, as a user drives them:
 * Debian's chromium against `warpscope serve`. Screenshots go to test-results/ui/.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-ui2-'));
let browser: Browser;

// A __device__ table and a division by zero the compiler warns about (line 5).
const WARN = '#include <stdio.h>\n__device__ int table[4] = {1, 2, 3, 4};\n__global__ void k(int *a) {\n  int z = 0;\n  a[threadIdx.x] = table[threadIdx.x] + 7 / 0 * z;\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 4 * sizeof(int));\n  k<<<1, 4>>>(d);\n  cudaDeviceSynchronize();\n  return 0;\n}\n';

beforeAll(async () => {
  copyFileSync('examples/avgfilter.cu', join(dir, 'avgfilter.cu'));
  copyFileSync('examples/avgfilter_barrier_bug.cu', join(dir, 'avgfilter_barrier_bug.cu'));
  copyFileSync('traces/avgfilter.trace', join(dir, 'avgfilter.trace'));
  writeFileSync(join(dir, 'warn.cu'), WARN);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});


/** The values the memory panel shows for region `name`. */
async function values(page: Page, name: string): Promise<string[]> {
  return page.$$eval(`.region[data-name="${name}"] .cell`, (cells) => cells.map((c) => (c.lastChild?.textContent ?? '').trim()));
}

/** Whether `inner`'s box lies inside `outer`'s (to the pixel), with both boxes to tell why not. */
async function inside(page: Page, inner: string, outer: string): Promise<{ inner: string; outer: string; inside: boolean }> {
  const a = (await page.locator(inner).boundingBox())!;
  const b = (await page.locator(outer).boundingBox())!;
  const str = (r: typeof a): string => `x ${Math.round(r.x)}..${Math.round(r.x + r.width)} y ${Math.round(r.y)}..${Math.round(r.y + r.height)}`;
  const within = (lo: number, len: number, olo: number, olen: number): boolean => lo >= olo - 0.5 && lo + len <= olo + olen + 0.5;
  return { inner: str(a), outer: str(b), inside: within(a.x, a.width, b.x, b.width) && within(a.y, a.height, b.y, b.height) };
}

async function until(what: string, check: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('time, memory, diagnostics and the classroom in a browser', () => {
  it('scrubs the timeline forward and back, and global memory follows', async () => {
    const s: Served = await serve('avgfilter.trace', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await runToLine(page, 27, 'Breakpoint 1 at AverageShared');
      // Stopped in the first kernel: dA holds the input, dB was cleared by cudaMemset.
      await page.locator('.region[data-name="dB"]').waitFor();
      expect(await values(page, 'dB')).toEqual(Array(16).fill('0'));
      expect((await values(page, 'dA')).some((v) => v !== '0')).toBe(true);
      const kernel = page.locator('rect.bar.kernel').first();
      const box = (await kernel.boundingBox())!;
      expect(await kernel.getAttribute('data-from')).toBe('92');
      await page.screenshot({ path: join(shots, '10-timeline-stopped.png') });

      // Drag the cursor forward past the kernel's end: its results are in dB, highlighted as changed.
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 1, y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
      await page.mouse.move(box.x + box.width + 2, y, { steps: 4 });
      await page.mouse.up();
      await until('dB to hold the kernel\'s results', async () => (await values(page, 'dB')).some((v) => v !== '0'));
      await waitForConsole(page, '(warpscope) goto 105');
      expect(await page.locator('.region[data-name="dB"] .cell.changed').count()).toBeGreaterThan(0);
      const after = await values(page, 'dB');
      await page.screenshot({ path: join(shots, '11-timeline-dragged-forward.png') });

      // And back to before the kernel: dB reads zeros again.
      await page.mouse.move(box.x + box.width + 2, y);
      await page.mouse.down();
      await page.mouse.move(box.x - 3, y, { steps: 6 });
      await page.mouse.up();
      await until('dB to be cleared again', async () => (await values(page, 'dB')).every((v) => v === '0'));
      expect(after).not.toEqual(Array(16).fill('0'));
      const step = Number(await page.locator('svg[aria-label="Trace position"]').getAttribute('aria-valuenow'));
      expect(step).toBeLessThanOrEqual(92);
      expect(await page.locator('footer.status').textContent()).toContain(`Stopped at step ${step}`);
      expect(await consoleText(page)).toContain(`(warpscope) goto ${step}`);
      await page.screenshot({ path: join(shots, '12-timeline-dragged-back.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('marks a compile warning in the Source gutter and lists it, and shows a __device__ table', async () => {
    const s = await serve('warn.cu', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      const marker = page.locator('.line[data-line="5"] .marker.warning');
      await marker.waitFor();
      expect(await marker.getAttribute('title')).toContain('division by zero is undefined');
      expect(await page.locator('.marker').count()).toBe(1);
      expect(await page.locator('section[aria-label="Diagnostics"] li.warning').textContent()).toContain('warn.cu:5');
      await runToLine(page, 12, 'Breakpoint 1');
      await page.locator('.region[data-name="d"]').waitFor();
      expect(await values(page, 'd')).toEqual(['1', '2', '3', '4']);
      expect(await values(page, 'table')).toEqual(['1', '2', '3', '4']);
      await page.screenshot({ path: join(shots, '13-diagnostic-marker.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('keeps the stop and a clicked diagnostic in view and every header on one line in a 1024x700 window', async () => {
    const s = await serve('avgfilter_barrier_bug.cu', dir);
    const page = await browser.newPage({ viewport: { width: 1024, height: 700 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const code = 'section[aria-label="Source"] .code';
    try {
      await page.goto(s.url);
      await page.locator('.line[data-line="25"]').waitFor();
      await page.locator('.xterm').click();
      await page.keyboard.type('break 25');
      await page.keyboard.press('Enter');
      await waitForConsole(page, 'Breakpoint 1 at Average');
      await pressF5(page);
      // The first stop: the timeline's bars arrive after it and take height from the Source panel.
      await page.locator('.line.current[data-line="25"]').waitFor();
      await page.locator('rect.bar').first().waitFor();
      await page.locator('.app:not(.running)').waitFor();
      expect(await inside(page, '.line.current', code)).toMatchObject({ inside: true });
      // Headers stay one line, the rest in their tooltips; the legend's last key shows.
      const memory = page.locator('section[aria-label="Global memory"] header');
      expect(await memory.evaluate((h) => h.scrollHeight <= h.clientHeight)).toBe(true);
      expect(await memory.getAttribute('title')).toMatch(/at step \d+/);
      expect(await inside(page, 'section[aria-label="Grid"] .legend .key:has-text("not started")', 'section[aria-label="Grid"]')).toMatchObject({ inside: true });
      await page.screenshot({ path: join(shots, '17-1024-first-stop.png') });

      // Without the breakpoint the kernel deadlocks, and the program stops there as at a Ctrl-C: the Diagnostics row shows its message.
      await page.keyboard.type('delete 1');
      await page.keyboard.press('Enter');
      await page.locator('.line[data-line="25"] .dot:not(.on)').waitFor();
      await pressF5(page);
      await waitForConsole(page, 'received signal SIGINT, Interrupt.');
      const row = page.locator('section[aria-label="Diagnostics"] li.error button');
      const msg = row.locator('.msg');
      expect(await msg.textContent()).toContain("deadlock in kernel 'Average'");
      const box = (await msg.boundingBox())!;
      const panel = (await page.locator('section[aria-label="Diagnostics"]').boundingBox())!;
      expect(box.width).toBeGreaterThan(panel.width / 2);
      expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
      expect(await row.getAttribute('title')).toContain("deadlock in kernel 'Average'");

      // Clicking it from the top of the file brings line 26 into view, marked.
      await page.locator(code).evaluate((el) => (el.scrollTop = 0));
      await row.click();
      await page.locator('.line.picked[data-line="26"]').waitFor();
      expect(await inside(page, '.line.picked', code)).toMatchObject({ inside: true });
      await page.screenshot({ path: join(shots, '18-1024-diagnostic-clicked.png') });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  });

  it('lets a classroom viewer follow the presenter and focus another thread without moving the presenter', async () => {
    await inClassroom(browser, 'avgfilter.cu', dir, async (p, v) => {
      await p.locator('footer.status', { hasText: 'presenting to a classroom' }).waitFor();
      expect(await v.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);

      await breakAtLine(p, 27, 'Breakpoint 1 at AverageShared');
      await p.getByRole('button', { name: 'Run', exact: true }).click();
      await p.locator('.line.current[data-line="27"]').waitFor();
      // The viewer follows to the presenter's stop and thread.
      await v.locator('.line.current[data-line="27"]').waitFor();
      await v.locator('footer.status', { hasText: 'block (0,0,0) thread (1,0,0) · avgfilter.cu:27' }).waitFor();

      // The viewer looks at another thread; the presenter stays where it was.
      await v.locator('.xterm').click();
      await v.keyboard.type('cuda thread (5,0,0)');
      await v.keyboard.press('Enter');
      await v.locator('footer.status', { hasText: 'thread (5,0,0)' }).waitFor();
      await v.keyboard.type('print threadIdx.x');
      await v.keyboard.press('Enter');
      await waitForConsole(v, '= 5');
      await v.keyboard.type('next');
      await v.keyboard.press('Enter');
      // Refused in the console, where the line was typed, and the prompt comes back.
      await waitForConsole(v, '"next" is the presenter\'s to do');
      expect((await consoleText(v)).trimEnd().endsWith('(warpscope)')).toBe(true);
      await v.screenshot({ path: join(shots, '14-classroom-viewer-own-focus.png') });
      expect(await p.locator('footer.status').textContent()).toContain('block (0,0,0) thread (1,0,0) · avgfilter.cu:27');
      expect(await consoleText(p)).not.toContain('cuda thread (5,0,0)');

      // The presenter steps: the viewer follows to the new line and back to the presenter's thread.
      await p.keyboard.press('F10');
      await p.locator('.line.current[data-line="28"]').waitFor();
      await v.locator('.line.current[data-line="28"]').waitFor();
      await v.locator('footer.status', { hasText: 'thread (1,0,0)' }).waitFor();
      await p.screenshot({ path: join(shots, '15-classroom-presenter.png') });
      await v.screenshot({ path: join(shots, '16-classroom-viewer-followed.png') });
    });
  });
});
