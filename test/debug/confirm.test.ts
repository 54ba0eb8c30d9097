import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { readFile, capture } from './session-helpers.js';

/*
 * gdb's yes-or-no questions: at a terminal the next line answers them (y, n, or gdb asks
 * again); from a command file gdb answers yes itself and says so.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-confirm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const program = 'examples/avgfilter.cu';

/** A live session of avgfilter.cu at a terminal, and a function giving what each line typed prints. */
function terminal(name: string): { s: DebugSession; type: (line: string) => Promise<string> } {
  const c = capture();
  const io = { ...c.io, interactive: true, terminal: true };
  const s = new DebugSession(io, { kind: 'live', file: program, argv: ['avgfilter'], options: { ...defaultRunOptions, maxSteps: 1_000_000 }, host: { readFile }, tracePath: join(dir, `${name}.trace`) });
  expect(s.prepare()).toBe(true);
  return { s, type: async (line) => (await s.execute(line), c.take()) };
}

describe('questions at a terminal', () => {
  it('kill asks, takes y or n by its first letter, and asks again for anything else', async () => {
    const { s, type } = terminal('kill');
    await type('break 27');
    await type('run');
    expect(await type('kill')).toBe('Kill the program being debugged? (y or n) ');
    expect(await type('maybe')).toBe('Please answer y or n.\nKill the program being debugged? (y or n) ');
    expect(await type('')).toBe('Please answer y or n.\nKill the program being debugged? (y or n) ');
    expect(await type('no')).toBe('Not confirmed.\n');
    expect(await type('info line')).toMatch(/^Line 27 of "examples\/avgfilter.cu"/);
    await type('kill');
    expect(await type('Yes')).toBe(`[Inferior 1 (process ${s.pid}) killed]\n`);
    expect(await type('kill')).toBe('The program is not being run.\n');
    s.close();
  }, 30_000);

  it('delete asks only when there are breakpoints, and a no keeps them without a word', async () => {
    const { s, type } = terminal('delete');
    expect(await type('delete')).toBe('');
    await type('break 27');
    expect(await type('delete')).toBe('Delete all breakpoints? (y or n) ');
    expect(await type('n')).toBe('');
    expect(await type('info breakpoints')).toContain('breakpoint     keep y');
    await type('delete');
    expect(await type('y')).toBe('');
    expect(await type('info breakpoints')).toBe('No breakpoints or watchpoints.\n');
    s.close();
  }, 30_000);

  it('quit asks while the program runs, and says Not confirmed. to a no', async () => {
    const { s, type } = terminal('quit');
    await type('break 27');
    await type('run');
    const question = `A debugging session is active.\n\n\tInferior 1 [process ${s.pid}] will be killed.\n\nQuit anyway? (y or n) `;
    expect(await type('quit')).toBe(question);
    expect(await type('x')).toBe(`Please answer y or n.\n${question}`);
    expect(await type('n')).toBe('Not confirmed.\n');
    expect(s.done).toBe(false);
    await type('quit');
    expect(await type('y')).toBe('');
    expect(s.done).toBe(true);
    s.close();
  }, 30_000);

  it('run again asks, and a no leaves the program where it stands', async () => {
    const { s, type } = terminal('rerun');
    await type('break 27');
    await type('run');
    expect(await type('run')).toBe('The program being debugged has been started already.\nStart it from the beginning? (y or n) ');
    expect(await type('n')).toBe('Program not restarted.\n');
    expect(await type('set confirm off')).toBe('');
    expect(await type('kill')).toBe(`[Inferior 1 (process ${s.pid}) killed]\n`);
    s.close();
  }, 30_000);

  it('set confirm reads its value as gdb reads a boolean setting', async () => {
    const { s, type } = terminal('setconfirm');
    await type('break 27');
    await type('run');
    expect(await type('set confirm maybe')).toBe('"on" or "off" expected.\n');
    expect(await type('set confirm no')).toBe('');
    expect(await type('kill')).toBe(`[Inferior 1 (process ${s.pid}) killed]\n`);
    await type('run');
    expect(await type('set confirm')).toBe('');
    expect(await type('kill')).toBe('Kill the program being debugged? (y or n) ');
    expect(await type('y')).toBe(`[Inferior 1 (process ${s.pid}) killed]\n`);
    s.close();
  }, 30_000);
});

describe('questions without a terminal', () => {
  it('a command file gets gdb\'s own yes: quit while the program runs says what it answered', () => {
    const script = join(dir, 'quit.gdb');
    writeFileSync(script, ['break 27', 'run', 'quit', 'info line', ''].join('\n'));
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'debug', program, '-o', join(dir, 'batch.trace'), '-x', script, '--batch'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/\nA debugging session is active.\n\n\tInferior 1 \[process \d+\] will be killed.\n\nQuit anyway\? \(y or n\) \[answered Y; input not from terminal\]\n/);
    // quit ended the session: info line never ran.
    expect(r.stdout.endsWith('Quit anyway? (y or n) [answered Y; input not from terminal]\n')).toBe(true);
  }, 120_000);
});
