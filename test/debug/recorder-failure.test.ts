import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { TraceBatches } from '../../src/trace/batches.js';
import { readFile, capture } from './session-helpers.js';

/*
 * A live session whose recording breaks (its trace can no longer be stored) printed an internal
 * error once, went on as if the program were still being run, and a later motion stopped with
 * "No more reverse-execution history." as if the recording had simply ended; the session then
 * exited with status 0. It now says so in one line, stops the program and fails (status 1).
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-recorder-failure-'));
afterEach(() => vi.restoreAllMocks());

/** The writer's hand-over to the trace's store, which a full disk or a dead store thread makes throw. */
type Sending = { send: (...args: unknown[]) => void };

describe('a live recording that fails', () => {
  it('is one internal-error line, the program stops being run, and the session fails', async () => {
    const c = capture();
    const s = new DebugSession(c.io, { kind: 'live', file: 'examples/avgfilter.cu', argv: ['avgfilter'], options: { ...defaultRunOptions }, host: { readFile }, tracePath: join(dir, 'failing.trace') });
    expect(s.prepare()).toBe(true);
    // Every batch sent after the start fails to be stored, as storing keeps failing once it has (a full disk).
    vi.spyOn(TraceBatches.prototype as unknown as Sending, 'send').mockImplementation(() => {
      throw new Error('disk I/O error');
    });
    const said: string[] = [];
    for (const cmd of ['break avgfilter.cu:27', 'run', 'continue', 'continue', 'continue', 'next', 'print i', 'continue']) {
      await s.execute(cmd);
      said.push(c.take());
    }
    const all = said.join('');
    expect(all.match(/^warpscope: internal error: .*$/gm)).toEqual(['warpscope: internal error: the recording failed (disk I/O error)']);
    expect(all).not.toContain('No more reverse-execution history');
    const at = said.findIndex((t) => t.includes('internal error'));
    // Every command after it finds no program being run, rather than a recording that merely ended.
    for (const t of said.slice(at + 1)) expect(t).toMatch(/^The program is not being run\.\n$|^No symbol "i" in current context\.\n$/);
    expect(s.damaged).toBe(true);
    s.close();
  });
});
