import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultRunOptions } from '../../src/engine/api.js';
import { batchLiveAndReplay, liveAndReplayAnswers } from './session-helpers.js';

/*
 * A kernel a GPU would never finish hangs the program under cuda-gdb until Ctrl-C stops it with
 * the threads where they wait. The debugger stops there by itself: the engine's diagnostic, then
 * the SIGINT stop, and the program is still being run. Resuming cannot get further; kill ends it.
 * Each session runs live and replayed, which must print the same.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-hang-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frame = 'Average<<<(1,1,1),(256,1,1)>>> (A=0x7f4c3a000000, B=0x7f4c3a000400, N=256) at bug.cu:26';
const why = "deadlock in kernel 'Average': threads (1..254,0,0) of block (0,0,0) wait at line 26; threads (0,0,0) and (255,0,0) never arrive";
const sigint = ['', 'Thread 1 "avgfilter_barri" received signal SIGINT, Interrupt.'];
const barrier = ['Block (0,0,0), barrier at bug.cu:26: 254 of 256 threads arrived', '  arrived:     threads (1..254,0,0)', '  not arrived: threads (0,0,0) and (255,0,0)'];

describe('a barrier deadlock in the debugger', () => {
  it('stops as a Ctrl-C in the hung kernel, with the threads at the barrier to inspect, live and replayed', () => {
    const script = join(dir, 'cmds.gdb');
    writeFileSync(script, ['run', 'info cuda barriers', 'bt', 'print i', 'continue', 'next', 'reverse-next', 'continue', 'info cuda barriers', 'kill', 'info cuda barriers', ''].join('\n'));
    const out = batchLiveAndReplay('examples/avgfilter_barrier_bug.cu', script, join(dir, 'bug.trace'), 'bug.cu');
    expect(out).toEqual([
      'launching Average<<<1, 256>>> with __syncthreads() inside a divergent if',
      `bug.cu:26:7: error: ${why}; a GPU would hang here`,
      '      __syncthreads();',
      '      ^',
      ...sigint,
      '[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (1,0,0), device 0, sm 0, warp 0, lane 1]',
      frame,
      '26\t      __syncthreads();',
      ...barrier,
      `#0  ${frame}`,
      '$1 = 1',
      // continue and next come back at once: the block is still deadlocked.
      `The program is hung: ${why}.`,
      ...sigint,
      frame,
      '26\t      __syncthreads();',
      `The program is hung: ${why}.`,
      ...sigint,
      frame,
      '26\t      __syncthreads();',
      // Back a statement and forward again: the same stop, without the reminder.
      '25\t      Bds[i] = (Ads[i-1] + Ads[i] + Ads[i+1])/3;',
      ...sigint,
      frame,
      '26\t      __syncthreads();',
      ...barrier,
      'Kill the program being debugged? (y or n) [answered Y; input not from terminal]',
      expect.stringMatching(/^\[Inferior 1 \(process \d+\) killed\]$/),
      'Focus is not set on any active CUDA kernel.',
      '',
    ]);
  }, 120_000);
});

describe('a kernel past --max-steps in the debugger', () => {
  it('stops in the looping kernel as a Ctrl-C would, and resuming comes back there', async () => {
    const program = join(dir, 'spin.cu');
    writeFileSync(program, ['__global__ void spin(volatile int *flag)', '{', '  while (flag[0] == 0) {', '  }', '}', 'int main()', '{', '  int *f;', '  cudaMalloc(&f, 4);', '  cudaMemset(f, 0, 4);', '  spin<<<1, 32>>>(f);', '  cudaDeviceSynchronize();', '  return 0;', '}', ''].join('\n'));
    const out = await liveAndReplayAnswers(program, ['run', 'continue', 'kill'], join(dir, 'spin.trace'), { ...defaultRunOptions, maxSteps: 2000 });
    const stop = `\nThread 1 "spin" received signal SIGINT, Interrupt.\n[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]\nspin<<<(1,1,1),(32,1,1)>>> (flag=0x7f4c3a000000) at ${program}:3\n3\t  while (flag[0] == 0) {\n`;
    expect(out[0]).toContain("error: kernel 'spin' stopped after 2000 warp steps (--max-steps); it may loop forever");
    expect(out[0]).toContain(stop);
    expect(out[0]).not.toContain('exited');
    expect(out[1]).toBe(`The program is hung: kernel 'spin' stopped after 2000 warp steps (--max-steps); it may loop forever.\n${stop.replace(/\[Switching[^\n]*\n/, '')}`);
    expect(out[2]).toMatch(/\[Inferior 1 \(process \d+\) killed\]/);
  }, 60_000);
});
