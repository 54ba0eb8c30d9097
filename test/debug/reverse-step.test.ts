import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultRunOptions } from '../../src/engine/api.js';
import { liveAndReplayAnswers } from './session-helpers.js';

/*
 * Stepping onto a breakpoint's line, forward or back: the focused thread is the one that hits it
 * (its focus stays, as cuda-gdb keeps it), and a reverse step reports no other thread's hit.
 * Each session runs live and replayed, which must answer alike.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-reverse-step-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const program = 'test/debug/programs/two_warps_lines.cu';
let traces = 0;

/** What a live session prints for each command, checked against its replay's answers. */
async function answers(commands: readonly string[]): Promise<string[]> {
  return liveAndReplayAnswers(program, commands, join(dir, `t${traces++}.trace`), { ...defaultRunOptions, scheduler: { kind: 'round-robin' } });
}

const hit = (line: number, text: string): string =>
  `\nCUDA thread hit Breakpoint 1, k<<<(1,1,1),(64,1,1)>>> (a=0x7f4c3a000000) at ${program}:${line}\n${line}\t${text}\n`;

describe('a step onto a line with a breakpoint', () => {
  it('reports the focused thread hitting it, forward and back, and keeps the focus', async () => {
    const out = await answers(['break 7', 'run', 'cuda thread (33,0,0)', 'next', 'next', 'reverse-step', 'cuda thread']);
    expect(out[3]).toBe(hit(7, '    x = x + 1;'));
    expect(out[4]).toBe('8\t    a[i] = x;\n');
    expect(out[5]).toBe(hit(7, '    x = x + 1;'));
    expect(out[6]).toBe('thread (33,0,0)\n');
  });

  it('steps back to the focused thread\'s previous line past another warp\'s arrival at a breakpoint', async () => {
    // Warp 0 reached line 7 between warp 1's lines 6 and 7: a reverse step from warp 1's line 7 passes it.
    const out = await answers(['break 7', 'run', 'cuda thread (33,0,0)', 'next', 'next', 'reverse-step', 'reverse-step', 'cuda thread', 'info breakpoints']);
    expect(out[6]).toBe('6\t    a[i] = x;\n');
    expect(out[7]).toBe('thread (33,0,0)\n');
    // Hits counted: warp 0's at run, warp 1's forward and back; none for the arrival passed.
    expect(out[8]).toContain('\tbreakpoint already hit 3 times\n');
  });
});
