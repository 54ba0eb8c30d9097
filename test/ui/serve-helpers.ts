import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

/*
 * What the browser tests share: a `warpscope serve` started as a user starts it (the built
 * CLI, a free port), and reading the console's terminal as a user reads it (its visible rows).
 */

/** A running `warpscope serve`. */
export interface Served {
  readonly url: string;
  readonly base: string;
  /** A classroom's viewers' address (null without --classroom). */
  readonly viewerUrl: string | null;
  stop(): Promise<void>;
}

const CLI = resolve('bin/warpscope.mjs');

/** Debian's chromium, which the browser tests drive (.ci/run installs it). */
const CHROMIUM = '/usr/bin/chromium';

/** Where the browser tests save their screenshots, to look at. */
export const shots = resolve('test-results/ui');

/** A fresh folder (name starting `prefix`) holding copies of `files`, for `warpscope serve` to open them there. */
export function servedFolder(prefix: string, files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const f of files) copyFileSync(f, join(dir, basename(f)));
  return dir;
}

/** Starts chromium before a test file's tests (handing it to `set`) and closes it after them. */
export function withBrowser(set: (b: Browser) => void): void {
  let browser: Browser | null = null;
  beforeAll(async () => set((browser = await launchChromium())));
  afterAll(async () => void (await browser?.close()));
}

/** Starts Debian's chromium (and makes the screenshot folder); says how to install it when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`the UI tests drive Debian's chromium: apt-get install -y chromium (${CHROMIUM} is missing)`);
  mkdirSync(shots, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** A 1280x800 page of the served UI at `url`, collecting every page error so a test can fail on them. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await page.goto(url);
  return { page, errors };
}

/** Starts `warpscope serve FILE [ARGS]` in folder `cwd`; resolves with the address it printed (and the viewers' one, with --classroom). */
export function serve(file: string, cwd: string, args: readonly string[] = []): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', file, '--port', '0', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const classroom = args.includes('--classroom');
  let out = '';
  let err = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve printed no address in 20 s: ${out}${err}`)), 20_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => fail(new Error(`serve exited (${code}): ${out}${err}`)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const all = [...out.matchAll(/http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/g)].map((x) => x[0]);
      const m = all.length >= (classroom ? 2 : 1) ? all : null;
      if (!m) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      done({
        url: m[0],
        base: m[0].replace(/\/\?token=.*$/, ''),
        viewerUrl: classroom ? m[1]! : null,
        stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGINT')))),
      });
    });
  });
}

/** The console's visible text, row by row. */
export async function consoleText(page: Page): Promise<string> {
  return page.$$eval('.xterm-rows > div', (rows) => rows.map((r) => (r.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd()).join('\n'));
}

/** Whether the console shows `text`, on one row or across rows the terminal wrapped. */
export async function consoleShows(page: Page, text: string): Promise<boolean> {
  const t = await consoleText(page);
  return t.includes(text) || t.replace(/\n/g, '').includes(text);
}

/** Waits until the console shows `text` (a line narrower panes wrap still counts). */
export async function waitForConsole(page: Page, text: string, timeout = 20_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await consoleShows(page, text))) {
    if (Date.now() > until) throw new Error(`the console never showed ${JSON.stringify(text)}; it shows:\n${await consoleText(page)}`);
    await page.waitForTimeout(50);
  }
}

/** Presses F5 once the session takes it: the key does nothing while a command runs, as the Run / Continue button is disabled then. */
export async function pressF5(page: Page): Promise<void> {
  await page.locator('.toolbar button.tool.continue:not([disabled])').waitFor();
  await page.keyboard.press('F5');
}

/** Types `line` in the focused console and waits for its echo and the prompt after its answer (the console drops typing while a command runs). */
export async function typeCommand(page: Page, line: string): Promise<void> {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  await waitForConsole(page, `(warpscope) ${line}`);
  await expect.poll(async () => (await consoleText(page)).trimEnd().endsWith('(warpscope)')).toBe(true);
}

/** Clicks line `line`'s gutter and waits until the console confirms the breakpoint (`says`, e.g. 'Breakpoint 1 at scatter'). */
export async function breakAtLine(page: Page, line: number, says: string): Promise<void> {
  await page.locator(`.line[data-line="${line}"] .gutter`).click();
  await waitForConsole(page, says);
}

/** Sets a breakpoint at `line` by its gutter, runs (F5) and waits until the program stands there. */
export async function runToLine(page: Page, line: number, says: string): Promise<void> {
  await breakAtLine(page, line, says);
  await pressF5(page);
  await page.locator(`.line.current[data-line="${line}"]`).waitFor();
}

/** Serves `file` to a classroom and opens its presenter's and one viewer's pages, once the viewer's window says it is one. */
export async function openClassroom(browser: Browser, file: string, dir: string): Promise<{ s: Served; presenter: Opened; viewer: Opened }> {
  const s = await serve(file, dir, ['--classroom']);
  try {
    const presenter = await openPage(browser, s.url);
    const viewer = await openPage(browser, s.viewerUrl!);
    await viewer.page.locator('footer.status', { hasText: 'classroom viewer' }).waitFor();
    return { s, presenter, viewer };
  } catch (e) {
    await s.stop();
    throw e;
  }
}

/** A page openPage opened, with the errors it logs. */
type Opened = Awaited<ReturnType<typeof openPage>>;

/** Runs `body` on a classroom's presenter and viewer pages (openClassroom), then checks neither logged an error and closes both and the server. */
export async function inClassroom(browser: Browser, file: string, dir: string, body: (p: Page, v: Page) => Promise<void>): Promise<void> {
  const { s, presenter, viewer } = await openClassroom(browser, file, dir);
  try {
    await body(presenter.page, viewer.page);
    expect(presenter.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
  } finally {
    await viewer.page.close();
    await presenter.page.close();
    await s.stop();
  }
}

/** The width in pixels of one character cell of the console's font, measured as the page lays it out. */
export function consoleCellWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font:12px 'DejaVu Sans Mono', Menlo, Consolas, monospace";
    probe.textContent = 'W'.repeat(100);
    document.body.appendChild(probe);
    const cell = probe.getBoundingClientRect().width / 100;
    probe.remove();
    return cell;
  });
}
