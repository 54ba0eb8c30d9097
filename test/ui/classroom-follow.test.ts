import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { consoleText, waitForConsole, shots, servedFolder, withBrowser, typeCommand, inClassroom, pressF5 } from './serve-helpers.js';

/*
 * A classroom viewer following a presenter whose program runs until paused: the viewer's
 * timeline grows while it runs (as the presenter's does), and the viewer's console shows what
 * the presenter's shows (its commands and their answers), never the gotos and focus changes
 * that keep the viewer at the presenter's stop.
 */

// A kernel that waits for a value nobody changes, storing as it goes: it runs until paused.
const SPIN = '__global__ void spin(int *a) {\n  while (a[0] == 0) { a[1] = a[1] + 1; }\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 64);\n  cudaMemset(d, 0, 64);\n  spin<<<1, 32>>>(d);\n  cudaDeviceSynchronize();\n  return 0;\n}\n';

const dir = servedFolder('ws-classroom-follow-', []);
writeFileSync(join(dir, 'spin.cu'), SPIN);
let browser: Browser;
withBrowser((b) => (browser = b));

/** Console lines of `text` that are the prompt and a command starting with `word`. */
const commands = (text: string, word: string): string[] => text.split('\n').filter((l) => l.startsWith(`(warpscope) ${word}`));

describe('a classroom viewer following a running program', () => {
  it('sees the timeline grow while the presenter\'s program runs, and only the presenter\'s console lines', async () => {
    await inClassroom(browser, 'spin.cu', dir, async (p, v) => {
      await p.locator('.line[data-line="2"]').waitFor();
      await pressF5(p);
      // The presenter's program runs: the viewer's timeline shows the kernel running before any stop.
      await v.locator('rect.bar.kernel.running').waitFor({ timeout: 10_000 });
      expect(await p.locator('footer.status').textContent()).toContain('Running');
      expect(await v.locator('.line.current').count()).toBe(0);
      await v.screenshot({ path: join(shots, 'classroom-follow-01-running.png') });

      // Paused: the viewer stands where the presenter does, and its console shows the presenter's lines.
      await p.getByRole('button', { name: 'Pause', exact: true }).click();
      await waitForConsole(p, 'Program received signal SIGINT');
      await v.locator('.line.current[data-line="2"]').waitFor();
      await waitForConsole(v, 'Program received signal SIGINT');
      await v.locator('.app:not(.running)').waitFor();
      let seen = await consoleText(v);
      expect(commands(seen, 'run')).toHaveLength(1);
      expect(commands(seen, 'goto')).toEqual([]);
      expect(commands(seen, 'cuda')).toEqual([]);

      // A goto the presenter typed shows in both consoles, once.
      const step = Number(/Stopped at step (\d+)/.exec((await p.locator('footer.status').textContent()) ?? '')?.[1]);
      await p.locator('.xterm').click();
      await typeCommand(p, `goto ${step - 3}`);
      await v.locator('footer.status', { hasText: `Stopped at step ${step - 3} ` }).waitFor();
      await waitForConsole(v, `(warpscope) goto ${step - 3}`);
      await v.locator('.app:not(.running)').waitFor();
      seen = await consoleText(v);
      expect(commands(seen, 'goto')).toEqual([`(warpscope) goto ${step - 3}`]);
      expect(commands(seen, 'cuda')).toEqual([]);
      // The viewer's prompt is back under the presenter's lines, and its own commands still answer.
      expect(seen.trimEnd().endsWith('(warpscope)')).toBe(true);
      await v.locator('.xterm').click();
      await typeCommand(v, 'print a[1] > 0');
      await waitForConsole(v, '$1 = true');
      expect(await consoleText(p)).not.toContain('print a[1]');
      await v.screenshot({ path: join(shots, 'classroom-follow-02-goto.png') });
    });
  });
});
