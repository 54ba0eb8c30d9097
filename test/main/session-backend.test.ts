import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultRunOptions } from '../../src/engine/api.js';
import { SessionHost } from '../../src/host/session-host.js';
import { NODE_NOT_FOUND } from '../../src/main/find-node.js';
import { desktopBackend } from '../../src/main/session-backend.js';
import type { SessionEvent } from '../../src/protocol/messages.js';
import { until } from '../host/until.js';

/*
 * The window's session: the built session-worker.js beside the main script, in a child of the
 * Node found; with none found, one error that the page hears when it loads (it asks for `sync`)
 * and again for each command, instead of a crash.
 */

const dir = resolve('out/main');
const built = existsSync(resolve(dir, 'session-worker.js'));


describe('desktop session backend', () => {
  it('without Node, tells the page once when it loads, and answers commands with the same error', async () => {
    const host = new SessionHost(desktopBackend(dir, defaultRunOptions, { ok: false, error: NODE_NOT_FOUND }));
    const events: SessionEvent[] = [];
    const page = host.connect((e) => events.push(e));
    await new Promise((r) => setTimeout(r, 50));
    expect(events).toEqual([]);
    page.send({ kind: 'sync' });
    expect(events.filter((e) => e.kind === 'error')).toEqual([{ kind: 'error', message: NODE_NOT_FOUND }]);
    page.send({ kind: 'console', line: 'run' });
    expect(events.at(-1)).toEqual({ kind: 'error', message: NODE_NOT_FOUND });
    await host.close();
  });

  (built ? it : it.skip)(`runs the built session-worker.js beside the main script in the Node found${built ? '' : ' — skipped: out/main is not built (npm run build:app)'}`, async () => {
    // A copy of a demo trace: a reader may leave -wal/-shm files beside what it opened.
    const trace = join(mkdtempSync(join(tmpdir(), 'ws-desktop-')), 'hello.trace');
    copyFileSync('traces/hello.trace', trace);
    const host = new SessionHost(desktopBackend(dir, defaultRunOptions, { ok: true, node: process.execPath }));
    const events: SessionEvent[] = [];
    const page = host.connect((e) => events.push(e));
    try {
      page.send({ kind: 'open', target: { kind: 'trace', path: trace } });
      expect(await until(events, (e) => e.kind === 'opened' || e.kind === 'open-failed')).toMatchObject({ kind: 'opened', mode: 'replay', mainFile: 'examples/hello.cu' });
    } finally {
      await host.close();
    }
  });
});
