import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionCommand, SessionEvent } from '../../src/protocol/messages.js';

/* A click in the Source gutter toggles a breakpoint, as the `break` or `delete` command it is echoed as. */

describe('toggle-breakpoint', () => {
  it('clears, on a second click of a line without code, the breakpoint the first put on the next line with code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-toggle-'));
    copyFileSync('traces/avgfilter.trace', join(dir, 'a.trace'));
    const events: SessionEvent[] = [];
    const s = new SessionService((e) => events.push(e), nodeServiceEnv());
    const send = async (c: SessionCommand): Promise<void> => (s.handle(c), s.idle());
    const lines = (): number[] => {
      const e = events.filter((x) => x.kind === 'breakpoints').pop();
      return e?.kind === 'breakpoints' ? e.breakpoints.map((b) => b.line) : [];
    };
    await send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'a.trace') } });
    // Line 18 is the kernel's `{`: its breakpoint lands on line 19.
    await send({ kind: 'toggle-breakpoint', file: 'examples/avgfilter.cu', line: 18 });
    expect(lines()).toEqual([19]);
    await send({ kind: 'toggle-breakpoint', file: 'examples/avgfilter.cu', line: 18 });
    expect(lines()).toEqual([]);
    const commands = events.flatMap((e) => (e.kind === 'command' ? [e.line] : []));
    expect(commands).toEqual(['break avgfilter.cu:18', 'delete 1']);
    // A click on the line itself toggles it as before.
    await send({ kind: 'toggle-breakpoint', file: 'examples/avgfilter.cu', line: 27 });
    await send({ kind: 'toggle-breakpoint', file: 'examples/avgfilter.cu', line: 27 });
    expect(lines()).toEqual([]);
    s.close();
  });
});
