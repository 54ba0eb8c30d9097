import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { readFile, capture } from './session-helpers.js';

/*
 * The mistakes students type at the debugger, found by fuzzing its commands: each gets gdb's
 * answer (or names what Warpscope does not support), the session goes on, and nothing hangs.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-command-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = 'examples/avgfilter.cu';
const changes = "Cannot change the program's state: Warpscope answers from a recording of the run, which cannot be altered (use goto/reverse commands to move in time).";

/** A live session of avgfilter.cu recording to `trace`, and what it printed for each of `commands`. */
async function live(trace: string, commands: readonly string[]): Promise<{ s: DebugSession; out: string[] }> {
  const c = capture();
  const s = new DebugSession(c.io, { kind: 'live', file: program, argv: ['avgfilter'], options: { ...defaultRunOptions, maxSteps: 1_000_000 }, host: { readFile }, tracePath: trace });
  expect(s.prepare()).toBe(true);
  const out: string[] = [];
  for (const cmd of commands) {
    await s.execute(cmd);
    out.push(c.take());
  }
  return { s, out };
}

/** What a live session prints for each command (its recording closed after). */
async function answers(name: string, commands: readonly string[]): Promise<string[]> {
  const { s, out } = await live(join(dir, `${name}.trace`), commands);
  s.close();
  return out;
}

describe('step N', () => {
  it('ends at the end of an unfinished recording instead of stepping on there for ever', async () => {
    const trace = join(dir, 'unfinished.trace');
    const { s } = await live(trace, ['break 27', 'run', 'continue 99']);
    s.close();
    // As a recording stopped before the program ended leaves it (docs/trace-format.md): how much a live session records before it stops is a matter of time.
    const db = new Database(trace);
    db.prepare("DELETE FROM meta WHERE key = 'exit_status'").run();
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'complete'").run();
    db.close();
    const c = capture();
    const r = DebugSession.replay(c.io, trace);
    if (typeof r === 'string') throw new Error(r);
    // Stopped in the first launch, with no breakpoint left to end the steps.
    for (const cmd of ['break 27', 'run', 'delete']) await r.execute(cmd);
    c.take();
    await r.execute('step 9007199254740993');
    expect(c.take().match(/No more reverse-execution history\./g)).toHaveLength(1);
    r.close();
  }, 20_000);

  it('stops at a breakpoint it reaches before its count', async () => {
    const [, , steps] = await answers('step-break', ['break 29', 'run', 'next 50']);
    // The stop at the breakpoint (in the next launch) is the last thing it prints.
    const hit = steps.indexOf('CUDA thread hit Breakpoint 1, ');
    expect(hit).toBeGreaterThan(0);
    expect(steps.slice(hit).split('\n')).toHaveLength(3);
    expect(steps.trimEnd().endsWith('29\t        Ads[i] = Bds[i];')).toBe(true);
  });
});

describe('reverse-step N', () => {
  it('goes back N statements, and no further than the start of the recording', async () => {
    const out = await answers('reverse-count', ['break 29', 'run', 'reverse-step 2', 'reverse-stepi 99999999999']);
    expect(out[2]).toBe('28\t        __syncthreads();\n27\t            Bds[i] = (Ads[i-1] + Ads[i] + Ads[i+1]) / 3;\n');
    expect(out[3]).toContain('\nNo more reverse-execution history.\nmain () at examples/avgfilter.cu:46\n');
  });
});

describe('breakpoint and display numbers', () => {
  it('deletes nothing for a word that is no number, and takes ranges', async () => {
    const out = await answers('delete', ['break 27', 'break 29', 'break 30', 'delete x', 'info breakpoints', 'delete 1-2 7', 'info breakpoints', 'delete 5-1', 'delete -1']);
    expect(out[3]).toBe("warning: bad breakpoint number at or near 'x'\n");
    expect(out[4]).toContain('\n3 ');
    expect(out[4]).toContain('\n1 ');
    expect(out[5]).toBe('No breakpoint number 7.\n');
    expect(out[6]).not.toContain('\n1 ');
    expect(out[6]).toContain('\n3 ');
    expect(out[7]).toBe('inverted range\n');
    expect(out[8]).toBe('negative value\n');
  });

  it('enables or disables nothing for a word that is no number', async () => {
    const out = await answers('disable', ['break 27', 'disable x', 'info breakpoints', 'disable 1-3', 'enable once 1']);
    expect(out[1]).toBe("Bad breakpoint number 'x'\n");
    expect(out[2]).toContain('keep y');
    expect(out[3]).toBe('No breakpoint number 2.\nNo breakpoint number 3.\n');
    expect(out[4]).toBe('"enable once" is not supported by Warpscope.\n');
  });

  it('names the display numbers that are none, and deletes displays with delete display', async () => {
    const out = await answers('undisplay', ['break 27', 'run', 'display i', 'undisplay 9 x', 'delete display 1', 'info display']);
    expect(out[3]).toBe("No display number 9.\nwarning: bad display number at or near 'x'\n");
    expect(out[4]).toBe('');
    expect(out[5]).toBe('There are no auto-display expressions now.\n');
  });
});

describe('breakpoint conditions', () => {
  it('stops where a condition cannot be evaluated, saying why, as gdb does', async () => {
    // A name nothing at the location denotes is refused when the breakpoint is set (gdb-fidelity.test.ts); memory that cannot be read fails each test.
    const out = await answers('condition', ['break 27 if *(int *)8 == 1', 'run', 'print i']);
    expect(out[1]).toContain('Error in testing condition for breakpoint 1:\nCannot access memory at address 0x8\n');
    expect(out[1]).toContain('CUDA thread hit Breakpoint 1, ');
    expect(out[2]).toBe('$1 = 1\n');
  });
});

describe('break', () => {
  it('asks for the condition after a bare if, and names thread-specific breakpoints unsupported', async () => {
    const out = await answers('break-words', ['break 27 if', 'break 27 thread 1', 'break 27 if i == 3', 'info breakpoints']);
    expect(out[0]).toBe('Argument required (expression to compute).\n');
    expect(out[1]).toBe('Breakpoints of one host thread ("thread 1") are not supported by Warpscope: use a condition on threadIdx and blockIdx.\n');
    expect(out[2]).toBe('Breakpoint 1 at AverageShared: file examples/avgfilter.cu, line 27.\n');
    expect(out[3]).toContain('\tstop only if i == 3\n');
  });
});

describe('addresses', () => {
  it('reads no memory beyond 2^53 (which a number would round to another address)', async () => {
    const out = await answers('addresses', ['break 27', 'run', 'print *(int*)-1', 'x/2xw -1', 'print (char*)-1', 'print *(int*)0x20000000000000']);
    expect(out[2]).toBe('Cannot access memory at address 0xffffffffffffffff\n');
    expect(out[3]).toBe('Cannot access memory at address 0xffffffffffffffff\n');
    expect(out[4]).toBe('$1 = 0xffffffffffffffff <error: Cannot access memory at address 0xffffffffffffffff>\n');
    expect(out[5]).toBe('Cannot access memory at address 0x20000000000000\n');
  });
});

describe('messages', () => {
  it('words mistakes as gdb does, and names what Warpscope does not support', async () => {
    const out = await answers('messages', [
      'info nope', 'info', 'help nope', 'set pagination off', 'set confirm off', 'set listsize 5', 'set nope 1', 'ptype struct nope', 'awatch i',
      'break 27', 'run', 'printf "%q\\n", 1', 'printf "%d%n\\n", 1, 2', 'printf "%d\\n", 5', 'info nope',
      'printf hello\\n', 'ignore x 2', 'print i = 3', 'set var i = 3',
    ]);
    expect(out.slice(0, 9)).toEqual([
      'Undefined info command: "nope".  Try "help info".\n',
      '"info" must be followed by the name of an info command.\n',
      'Undefined command: "nope".  Try "help".\n',
      '',
      '',
      '"set listsize" is not supported by Warpscope.\n',
      'Undefined set command: "nope 1".  Try "help set".\n',
      'No struct type named nope.\n',
      'Access watchpoints are not supported by Warpscope: "watch" stops at writes, "rwatch" at reads.\n',
    ]);
    expect(out.slice(11)).toEqual([
      "Unrecognized format specifier 'q' in printf\n",
      "Format specifier `n' not supported in printf\n",
      '5\n',
      'Undefined info command: "nope".  Try "help info".\n',
      'Bad format string, missing \'"\'.\n',
      "bad breakpoint number: 'x 2'\n",
      `${changes}\n`,
      `${changes}\n`,
    ]);
  });
});

describe('list -', () => {
  it('lists the ten lines before those listed last, or before a stop', async () => {
    const out = await answers('list-back', ['list 20', 'list -', 'list -', 'list -', 'break 27', 'run', 'list -']);
    const numbers = (text: string): number[] => [...text.matchAll(/^(\d+)\t/gm)].map((m) => Number(m[1]));
    const span = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    expect(numbers(out[1]!)).toEqual(span(5, 14));
    expect(numbers(out[2]!)).toEqual(span(1, 4));
    expect(out[3]).toBe('Already at the start of examples/avgfilter.cu.\n');
    expect(numbers(out[6]!)).toEqual(span(12, 21));
  });
});

describe('x before the program runs', () => {
  it('answers as gdb does: its arguments\' errors first (registers: "No registers."), live and replayed', async () => {
    const commands = ['x $pc', 'x/4x $sp', 'x/2i $pc', 'x', 'x nosuch', 'x 0'];
    const want = ['No registers.\n', 'No registers.\n', 'No registers.\n', 'Argument required (starting display address).\n', 'No symbol "nosuch" in current context.\n', 'The program is not being run.\n'];
    const trace = join(dir, 'x-before-run.trace');
    const { s, out } = await live(trace, ['run', 'kill', ...commands]);
    s.close();
    expect(out.slice(2)).toEqual(want);
    expect(await answers('x-before-run-fresh', commands)).toEqual(want);
    const c = capture();
    const r = DebugSession.replay(c.io, trace);
    if (typeof r === 'string') throw new Error(r);
    const replayed: string[] = [];
    for (const cmd of commands) {
      await r.execute(cmd);
      replayed.push(c.take());
    }
    r.close();
    expect(replayed).toEqual(want);
  });
});
