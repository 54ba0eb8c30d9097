import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionCommand, SessionEvent, WarpLineView } from '../../src/protocol/messages.js';

/*
 * The Source panel's other-warps markers come from the session service at each stop, and say
 * what `info cuda warps` says in its Line column for every warp but the focused one.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-warplines-'));

function service(): { events: SessionEvent[]; send: (c: SessionCommand) => Promise<void>; close: () => void } {
  const events: SessionEvent[] = [];
  const s = new SessionService((e) => events.push(e), { ...nodeServiceEnv(), tracePath: () => join(dir, 'live.trace') });
  return { events, send: (c) => (s.handle(c), s.idle()), close: () => s.close() };
}

const lastLines = (events: readonly SessionEvent[]): readonly WarpLineView[] | undefined =>
  events.filter((e): e is Extract<SessionEvent, { kind: 'warp-lines' }> => e.kind === 'warp-lines').pop()?.lines;

/** `info cuda warps`'s rows as the CLI prints them: warp number, line, and whether it is the focused one. */
function cliWarps(commands: readonly string[]): { warp: number; line: number; focused: boolean }[] {
  const gdb = join(dir, 'w.gdb');
  writeFileSync(gdb, [...commands, 'info cuda warps'].join('\n') + '\n');
  const out = execFileSync(process.execPath, ['bin/warpscope.mjs', 'debug', 'examples/transpose.cu', '-o', join(dir, 'cli.trace'), '-x', gdb, '--batch'], { encoding: 'utf8' });
  const table = out.slice(out.lastIndexOf('Wp Active'));
  return [...table.matchAll(/^([* ]) +(\d+) +0x[0-9a-f]+ +0x[0-9a-f]+ +0x[0-9a-f]+ +(\d+) /gm)].map((m) => ({ warp: Number(m[2]), line: Number(m[3]), focused: m[1] === '*' }));
}

/** The markers the CLI's table implies: other warps grouped by line. */
function expected(rows: ReturnType<typeof cliWarps>): { line: number; warps: number[] }[] {
  const m = new Map<number, number[]>();
  for (const r of rows) if (!r.focused) m.set(r.line, [...(m.get(r.line) ?? []), r.warp]);
  return [...m].sort((a, b) => a[0] - b[0]).map(([line, warps]) => ({ line, warps }));
}

describe('other warps of the focused block', () => {
  it('are sent at each stop and follow a focus change, as info cuda warps lists them', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'examples/transpose.cu' } });
    expect(lastLines(s.events)).toEqual([]);
    await s.send({ kind: 'console', line: 'break transpose.cu:20' });
    await s.send({ kind: 'console', line: 'run' });
    const atStop = lastLines(s.events)!;
    // Warp 0 reached line 20; the other seven wait at the barrier on line 18.
    expect(atStop).toEqual([{ file: 'examples/transpose.cu', line: 18, warps: [1, 2, 3, 4, 5, 6, 7] }]);
    expect(atStop.map(({ line, warps }) => ({ line, warps }))).toEqual(expected(cliWarps(['break transpose.cu:20', 'run'])));
    await s.send({ kind: 'console', line: 'cuda thread (0,2,0)' });
    const moved = lastLines(s.events)!.map(({ line, warps }) => ({ line, warps }));
    expect(moved).toEqual([{ line: 18, warps: [2, 3, 4, 5, 6, 7] }, { line: 20, warps: [0] }]);
    expect(moved).toEqual(expected(cliWarps(['break transpose.cu:20', 'run', 'cuda thread (0,2,0)'])));
    await s.send({ kind: 'console', line: 'kill' });
    await s.send({ kind: 'console', line: 'y' });
    expect(lastLines(s.events)).toEqual([]);
    s.close();
  });
});
