import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { readFile, capture } from './session-helpers.js';

/*
 * `history EXPR` and `info writers EXPR` when many lanes of one warp write one cell in one
 * statement (test/debug/programs/same_cell.cu). Its atomics are a write per lane, applied in lane
 * order, each with its own old and new value; of its plain stores the last lane's is the one the
 * cell keeps. Both answers must agree with `print`, live and replayed alike.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = 'test/debug/programs/same_cell.cu';
const questions = ['print counter[0]', 'info writers counter[0]', 'history counter[0]', 'print cell[0]', 'info writers cell[0]', 'history cell[0]'];

/** What `session` prints for each command, one string per command. */
async function answers(s: DebugSession, take: () => string, commands: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of commands) {
    await s.execute(c);
    out.push(take());
  }
  return out;
}

describe('writes of one warp to one cell', () => {
  const trace = join(dir, 'same_cell.trace');
  let live: string[] = [];

  it('lists every lane of an atomic in lane order, and names the lane whose store stands', async () => {
    const c = capture();
    const s = new DebugSession(c.io, { kind: 'live', file: program, argv: ['same_cell'], options: { ...defaultRunOptions, maxSteps: 1_000_000 }, host: { readFile }, tracePath: trace });
    expect(s.prepare()).toBe(true);
    await answers(s, c.take, ['break 9', 'run']);
    live = await answers(s, c.take, questions);
    s.close();
    const [count, countWriter, countHistory, cell, cellWriter, cellHistory] = live;
    const where = (line: number): string => `test/debug/programs/same_cell.cu:${line}`;
    expect(count).toBe('$1 = 32\n');
    expect(countWriter).toBe(`counter[0] = 32 was written at step 7 by kernel 0 block (0,0,0) thread (31,0,0)  ${where(7)} (it was 31).\n`);
    const lanes = Array.from({ length: 32 }, (_, l) => `step      7  kernel 0 block (0,0,0) thread (${l},0,0)  ${where(7)}  ${l} -> ${l + 1}\n`);
    // cudaMemset's zeros over cudaMalloc's zeros are a write too.
    const memset = `step      2  host  ${where(16)}  0 -> 0\n`;
    expect(countHistory).toBe(memset + lanes.join(''));
    expect(cell).toBe('$2 = 32\n');
    expect(cellWriter).toBe(`cell[0] = 32 was written at step 8 by kernel 0 block (0,0,0) thread (31,0,0)  ${where(8)} (it was 0).\n`);
    expect(cellHistory).toBe(`${memset}step      8  kernel 0 block (0,0,0) thread (31,0,0)  ${where(8)}  0 -> 32\n`);
  });

  it('names the memset that wrote a cell its initial value, and says a register kept its value', async () => {
    const c = capture();
    const s = new DebugSession(c.io, { kind: 'live', file: program, argv: ['same_cell'], options: { ...defaultRunOptions, maxSteps: 1_000_000 }, host: { readFile }, tracePath: join(dir, 'memset.trace') });
    expect(s.prepare()).toBe(true);
    await answers(s, c.take, ['break 8', 'run']);
    const [cell, cellWriter] = await answers(s, c.take, ['print cell[0]', 'info writers cell[0]']);
    expect(cell).toBe('$1 = 0\n');
    expect(cellWriter).toBe('cell[0] = 0 was written at step 2 by host  test/debug/programs/same_cell.cu:16 (it was 0).\n');
    s.close();
  });

  it('says a register variable whose assignments kept its value has not changed, not that nothing wrote it', async () => {
    const c = capture();
    const s = new DebugSession(c.io, { kind: 'live', file: 'examples/avgfilter.cu', argv: ['avgfilter'], options: { ...defaultRunOptions, maxSteps: 1_000_000 }, host: { readFile }, tracePath: join(dir, 'register.trace') });
    expect(s.prepare()).toBe(true);
    await answers(s, c.take, ['break 29', 'run']);
    // Thread 0's i = threadIdx.x is 0, the value a new thread's registers hold: its row repeats it.
    expect(await answers(s, c.take, ['print i', 'history i', 'info writers i'])).toEqual(['$1 = 0\n', 'No change to i was recorded.\n', 'i has not changed yet: it holds the value its function began with.\n']);
    s.close();
  });

  it('answers the same over the replayed trace', async () => {
    const c = capture();
    const s = DebugSession.replay(c.io, trace);
    if (typeof s === 'string') throw new Error(s);
    await answers(s, c.take, ['break 9', 'run']);
    expect(await answers(s, c.take, questions)).toEqual(live);
    s.close();
  });
});
