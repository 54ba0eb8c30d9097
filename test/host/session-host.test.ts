import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SessionHost, workerBackend } from '../../src/host/session-host.js';
import type { SessionEvent } from '../../src/protocol/messages.js';
import { until } from './until.js';

/*
 * The session in its worker thread (dist/session-worker.js, built by `npm test`): while a kernel
 * that never ends is running, the host still answers, and an interrupt stops the program where
 * it is, as Ctrl-C does in `warpscope debug`; a program recursing deeper than an ordinary
 * thread's stack holds runs (on its recording's own thread, debug/recorder.ts).
 */

const worker = resolve('dist/session-worker.js');


describe('session host', () => {
  it('stays responsive while a kernel runs, and an interrupt stops it', async () => {
    expect(existsSync(worker), 'npm run build:cli builds dist/session-worker.js').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'ws-host-'));
    copyFileSync('test/host/spin.cu', join(dir, 'spin.cu'));
    const host = new SessionHost(workerBackend(pathToFileURL(worker), undefined, dir));
    const a: SessionEvent[] = [];
    const b: SessionEvent[] = [];
    const first = host.connect((e) => a.push(e));
    try {
      host.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'spin.cu') } });
      await until(a, (e) => e.kind === 'opened');
      first.send({ kind: 'console', line: 'run' });
      await until(a, (e) => e.kind === 'busy' && e.busy);
      await new Promise((r) => setTimeout(r, 300));
      // A second front end joining now is answered at once, and sees the command running.
      const second = host.connect((e) => b.push(e));
      second.send({ kind: 'sync' });
      expect(b.map((e) => e.kind)).toContain('opened');
      expect(b.at(-1)).toEqual({ kind: 'busy', busy: true });
      second.send({ kind: 'interrupt' });
      await until(a, (e) => e.kind === 'busy' && !e.busy);
      const text = a.map((e) => (e.kind === 'output' ? e.text : '')).join('');
      expect(text).toContain('Program received signal SIGINT, Interrupt.');
      expect(a.filter((e) => e.kind === 'stopped').at(-1)).toMatchObject({ stop: { line: 6 } });
      expect(b.filter((e) => e.kind === 'command')).toEqual([{ kind: 'command', line: 'run' }]);
    } finally {
      await host.close();
    }
  });

  it('runs a program that recurses deeper than an ordinary thread holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-host-'));
    const file = join(dir, 'deep.cu');
    writeFileSync(file, '#include <cstdio>\nint depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }\nint main() { printf("%d\\n", depth(20000)); return 0; }\n');
    const host = new SessionHost(workerBackend(pathToFileURL(worker), undefined, dir));
    const a: SessionEvent[] = [];
    host.connect((e) => a.push(e));
    try {
      host.send({ kind: 'open', target: { kind: 'source', path: file } });
      await until(a, (e) => e.kind === 'opened');
      host.send({ kind: 'console', line: 'run' });
      await until(a, (e) => e.kind === 'output' && /\[Inferior 1 .*exited/.test(e.text), 60_000);
      const text = a.map((e) => (e.kind === 'output' ? e.text : '')).join('');
      expect(text).toMatch(/\n20000\n\[Inferior 1 \(process \d+\) exited normally\]/);
      expect(text).not.toMatch(/error|internal/);
    } finally {
      await host.close();
    }
  });
});
