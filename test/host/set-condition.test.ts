import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionEvent } from '../../src/protocol/messages.js';

/* A condition typed in the Source gutter runs as the `condition` command a user would type, echoed in the console. */

describe('set-condition', () => {
  it('runs condition N EXPR (or condition N to drop it) and reports the breakpoint with its condition', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-cond-'));
    copyFileSync('traces/avgfilter.trace', join(dir, 'a.trace'));
    const events: SessionEvent[] = [];
    const s = new SessionService((e) => events.push(e), nodeServiceEnv());
    const send = async (c: Parameters<SessionService['handle']>[0]): Promise<void> => (s.handle(c), s.idle());
    await send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'a.trace') } });
    await send({ kind: 'toggle-breakpoint', file: 'examples/avgfilter.cu', line: 27 });
    await send({ kind: 'set-condition', breakpoint: 1, condition: '  i == 5 ' });
    const bps = (): unknown => events.filter((e) => e.kind === 'breakpoints').pop();
    expect(events.filter((e) => e.kind === 'command').map((e) => (e.kind === 'command' ? e.line : ''))).toEqual(['break avgfilter.cu:27', 'condition 1 i == 5']);
    expect(bps()).toMatchObject({ breakpoints: [{ num: 1, line: 27, condition: 'i == 5' }] });
    await send({ kind: 'motion', motion: 'run' });
    expect(events.filter((e) => e.kind === 'stopped').pop()).toMatchObject({ stop: { line: 27, focus: { label: 'block (0,0,0) thread (5,0,0)' } } });
    await send({ kind: 'set-condition', breakpoint: 1, condition: '' });
    expect(events.filter((e) => e.kind === 'command').pop()).toEqual({ kind: 'command', line: 'condition 1' });
    expect(events.filter((e) => e.kind === 'output').pop()).toEqual({ kind: 'output', text: 'Breakpoint 1 now unconditional.\n' });
    expect(bps()).toMatchObject({ breakpoints: [{ num: 1, condition: null }] });
    s.close();
  });
});
