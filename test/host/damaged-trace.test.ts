import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionEvent } from '../../src/protocol/messages.js';

/*
 * The window's views read the trace outside any console command (the warp table reads the
 * barrier chunks after every stop): a damaged part found there is named in the error event as a
 * damaged trace, as `replay` names it, not reported as an internal error of Warpscope.
 */

describe('session service over a damaged trace', () => {
  it('names a damaged barrier chunk that a view read as a damaged trace', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ws-service-damaged-')), 'avgfilter.trace');
    copyFileSync('traces/avgfilter.trace', path);
    const db = new Database(path);
    db.exec('UPDATE barrier_chunks SET data = zeroblob(length(data))');
    db.close();
    const events: SessionEvent[] = [];
    const s = new SessionService((e) => events.push(e), { ...nodeServiceEnv(), tracePath: () => join(tmpdir(), 'unused.trace') });
    for (const cmd of [{ kind: 'open', target: { kind: 'trace', path } }, { kind: 'console', line: 'break 27' }, { kind: 'console', line: 'run' }] as const) {
      s.handle(cmd);
      await s.idle();
    }
    const errors = events.flatMap((e) => (e.kind === 'error' ? [e.message] : []));
    expect(errors.length).toBeGreaterThan(0);
    for (const m of errors) expect(m).toBe(`'${path}' is a damaged trace (barrier chunk at 0 is damaged)`);
    s.close();
  });
});
