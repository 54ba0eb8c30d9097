import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionCommand, SessionEvent } from '../../src/protocol/messages.js';

/*
 * The session service answers each command with exactly what `warpscope debug` prints for it,
 * and reports the position, breakpoints and program output a front end shows beside it.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-service-'));
// Sessions open copies of the demo traces, so no -wal/-shm files appear beside the tracked ones.
for (const t of ['avgfilter', 'hello']) copyFileSync(`traces/${t}.trace`, join(dir, `${t}.trace`));

/** A service over a temporary trace, with every event it sent. */
function service(): { events: SessionEvent[]; send: (c: SessionCommand) => Promise<void>; close: () => void } {
  const events: SessionEvent[] = [];
  let n = 0;
  const env = { ...nodeServiceEnv(), tracePath: () => join(dir, `s${n++}.trace`) };
  const s = new SessionService((e) => events.push(e), env);
  return { events, send: (c) => (s.handle(c), s.idle()), close: () => s.close() };
}

const consoleText = (events: readonly SessionEvent[]): string => events.map((e) => (e.kind === 'output' ? e.text : '')).join('');
const last = <K extends SessionEvent['kind']>(events: readonly SessionEvent[], kind: K): Extract<SessionEvent, { kind: K }> | undefined =>
  events.filter((e): e is Extract<SessionEvent, { kind: K }> => e.kind === kind).pop();

describe('session service', () => {
  it('answers console lines as the CLI does, and reports where the program stopped', async () => {
    const lines = ['break avgfilter.cu:27', 'run', 'print Ads', 'next', 'next', 'info breakpoints', 'reverse-step'];
    const cmds = join(dir, 'c.gdb');
    writeFileSync(cmds, lines.join('\n') + '\n');
    const cli = execFileSync(process.execPath, ['bin/warpscope.mjs', 'debug', 'examples/avgfilter.cu', '-o', join(dir, 'cli.trace'), '-x', cmds, '--batch'], { encoding: 'utf8' });
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'examples/avgfilter.cu' } });
    const opened = last(s.events, 'opened')!;
    expect(opened.mode).toBe('live');
    expect(opened.mainFile).toBe('examples/avgfilter.cu');
    expect(opened.files[0]!.text).toContain('__global__ void AverageShared');
    for (const line of lines) await s.send({ kind: 'console', line });
    expect(consoleText(s.events).split(join(dir, 's0.trace')).join('T')).toBe(cli.split(join(dir, 'cli.trace')).join('T'));
    expect(s.events.filter((e) => e.kind === 'command').map((e) => (e.kind === 'command' ? e.line : ''))).toEqual(lines);
    const stop = last(s.events, 'stopped')!.stop!;
    expect(stop).toMatchObject({ file: 'examples/avgfilter.cu', line: 28, focus: { kind: 'device', label: 'block (0,0,0) thread (1,0,0)' } });
    expect(last(s.events, 'breakpoints')!.breakpoints).toEqual([{ num: 1, file: 'examples/avgfilter.cu', line: 27, enabled: true, condition: null, temporary: false }]);
    const out = s.events.flatMap((e) => (e.kind === 'program-output' ? e.chunks.map((c) => c.text) : [])).join('');
    expect(out).toContain('CASE 8: shared, 1 block, 1 iteration, different arrays\n');
    s.close();
  });

  it('shows a path that is not ASCII as its characters in the console', async () => {
    const folder = join(dir, 'sp ace', '\u00f1\u00e9');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'h\u00e9 llo.cu');
    copyFileSync('examples/hello.cu', file);
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: file } });
    for (const line of ['break 9', 'run', 'info breakpoints']) await s.send({ kind: 'console', line });
    const text = consoleText(s.events);
    expect(text).toContain(`Breakpoint 1 at hi_from_gpu: file ${file}, line 9.\n`);
    expect(text).toContain(`hi_from_gpu<<<(2,1,1),(4,1,1)>>> () at ${file}:9\n`);
    expect(text).toContain(`in hi_from_gpu() at ${file}:9\n`);
    s.close();
  });

  it('toggles breakpoints from the gutter with the commands a user would type', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    await s.send({ kind: 'toggle-breakpoint', file: 'examples/avgfilter.cu', line: 22 });
    expect(last(s.events, 'command')!.line).toBe('break avgfilter.cu:22');
    expect(consoleText(s.events)).toContain('Breakpoint 1 at AverageShared: file examples/avgfilter.cu, line 22.');
    await s.send({ kind: 'toggle-breakpoint', file: 'examples/avgfilter.cu', line: 22 });
    expect(last(s.events, 'command')!.line).toBe('delete 1');
    expect(last(s.events, 'breakpoints')!.breakpoints).toEqual([]);
    s.close();
  });

  it('runs a replayed trace to its end, then reports the exit and all output; starting again trims the output', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'hello.trace') } });
    await s.send({ kind: 'motion', motion: 'run' });
    expect(last(s.events, 'exited')).toEqual({ kind: 'exited', status: 0 });
    expect(last(s.events, 'stopped')!.stop).toBeNull();
    const all = s.events.flatMap((e) => (e.kind === 'program-output' ? e.chunks.map((c) => c.text) : [])).join('');
    expect(all.length).toBeGreaterThan(0);
    await s.send({ kind: 'console', line: 'start' });
    expect(last(s.events, 'program-output')).toEqual({ kind: 'program-output', reset: true, chunks: [] });
    s.close();
  });

  it('reports a file that cannot be opened without changing the session', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'missing.trace') } });
    await s.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'missing.cu') } });
    expect(s.events.map((e) => e.kind)).toEqual(['open-failed', 'open-failed']);
    await s.send({ kind: 'console', line: 'next' });
    expect(consoleText(s.events)).toBe('No program is open.\n');
  });

  it('explains a breakpoint\'s commands block as gdb does to a person typing, and runs it at the stop', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    for (const line of ['break avgfilter.cu:27', 'commands', 'silent', 'printf "i=%d\\n", i', 'end', 'run']) await s.send({ kind: 'console', line });
    const text = consoleText(s.events);
    expect(text).toContain('Type commands for breakpoint(s) 1, one per line.\nEnd with a line saying just "end".\n');
    // Silent: the stop itself is not announced, only what the commands print.
    expect(text).toContain('i=1\n');
    expect(text).not.toContain('hit Breakpoint 1');
    s.close();
  });

  it('asks gdb\'s questions of a person typing, takes the next line typed as the answer, and lets the Stop button kill without asking', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    for (const line of ['break avgfilter.cu:27', 'run']) await s.send({ kind: 'console', line });
    const from = s.events.length;
    const typed = async (line: string): Promise<string> => {
      const at = s.events.length;
      await s.send({ kind: 'console', line });
      return consoleText(s.events.slice(at));
    };
    expect(await typed('kill')).toBe('Kill the program being debugged? (y or n) ');
    expect(await typed('n')).toBe('Not confirmed.\n');
    expect(last(s.events, 'stopped')!.stop).toMatchObject({ line: 27 });
    expect(await typed('delete')).toBe('Delete all breakpoints? (y or n) ');
    expect(await typed('y')).toBe('');
    expect(last(s.events, 'breakpoints')!.breakpoints).toEqual([]);
    await s.send({ kind: 'console', line: 'kill', button: true });
    expect(consoleText(s.events.slice(from))).toMatch(/Kill the program being debugged\? \(y or n\) \[answered Y; input not from terminal\]\n\[Inferior 1 \(process \d+\) killed\]\n$/);
    expect(last(s.events, 'stopped')!.stop).toBeNull();
    s.close();
  });
});

describe('session service queue', () => {
  it('answers the next command after a classroom follow failed, instead of skipping it', async () => {
    const events: SessionEvent[] = [];
    const env = {
      ...nodeServiceEnv(),
      readFile: (p: string): string | null => {
        if (p.endsWith('gone.cu')) throw new Error('the disk went away');
        return nodeServiceEnv().readFile(p);
      },
      viewer: true,
    };
    const s = new SessionService((e) => events.push(e), env);
    s.followUncompiled(join(dir, 'gone.cu'));
    s.handle({ kind: 'console', line: 'help step' });
    await s.idle();
    expect(events.filter((e) => e.kind === 'error').map((e) => (e.kind === 'error' ? e.message : ''))).toEqual(['internal error: the disk went away']);
    // Answered in its turn (a viewer with nothing open says so), not dropped behind the failure.
    expect(events.filter((e) => e.kind === 'command').map((e) => (e.kind === 'command' ? e.line : ''))).toEqual(['help step']);
    expect(consoleText(events)).toBe('No program is open.\n');
    s.close();
  });
});
