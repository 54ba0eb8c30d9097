import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchLiveAndReplay } from './session-helpers.js';

/*
 * Every thread of a resident block exists, as under cuda-gdb on an H100: one the scheduler has not
 * run yet stands at the kernel's first line, focusable, listed by the info cuda tables, with its
 * parameters, its built-ins and its frame. Blocks beyond the device's occupancy, and retired
 * ones, have none. Asked of a live session (`warpscope debug --batch`) and of its trace's replay.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-resident-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The batch session's lines for `commands` over `file`, the same live and replayed. */
function session(file: string, commands: readonly string[], name: string): string[] {
  const script = join(dir, `${name}.gdb`);
  writeFileSync(script, [...commands, ''].join('\n'));
  return batchLiveAndReplay(file, script, join(dir, `${name}.trace`), file);
}

describe('threads of resident blocks that have not run', () => {
  it('are focusable and listed at the kernel entry (64 blocks of 512 threads, all resident)', () => {
    const out = session('examples/vector_add.cu', [
      'break 16', 'run', 'info cuda blocks', 'cuda block 0 thread 500', 'print threadIdx', 'print blockIdx', 'info locals', 'bt',
      'cuda block 5 thread 0', 'info args', 'cuda warp 3 lane 7', 'cuda thread', 'info cuda threads', 'info cuda warps',
    ], 'vector_add');
    const text = out.join('\n');
    expect(text).not.toContain('Invalid coordinates');
    expect(text).toContain(['Kernel 0', '*  (0,0,0)    (63,0,0)    64 running '].join('\n'));
    expect(text).toContain([
      '[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (500,0,0), device 0, sm 0, warp 15, lane 20]',
      '14\t    int id = blockIdx.x*blockDim.x+threadIdx.x;',
      '$1 = {x = 500, y = 0, z = 0}',
      '$2 = {x = 0, y = 0, z = 0}',
      'id = 0',
      '#0  add_vec<<<(64,1,1),(512,1,1)>>> (a=0x7f4c3a000000, b=0x7f4c3a040000, res=0x7f4c3a080000) at examples/vector_add.cu:14',
      '[Switching focus to CUDA kernel 0, grid 1, block (5,0,0), thread (0,0,0), device 0, sm 5, warp 0, lane 0]',
      '14\t    int id = blockIdx.x*blockDim.x+threadIdx.x;',
      'a = 0x7f4c3a000000',
      'b = 0x7f4c3a040000',
      'res = 0x7f4c3a080000',
      '[Switching focus to CUDA kernel 0, grid 1, block (5,0,0), thread (103,0,0), device 0, sm 5, warp 3, lane 7]',
      '14\t    int id = blockIdx.x*blockDim.x+threadIdx.x;',
      'thread (103,0,0)',
    ].join('\n'));
    // Warp 0 of block 0 stands at line 16; every other thread of the grid at the kernel's first line.
    expect(text).toContain([
      '   (0,0,0)   (0,0,0)     (0,0,0)  (31,0,0)    32 examples/vector_add.cu    16 ',
      '*  (0,0,0)  (32,0,0)    (63,0,0) (511,0,0) 32736 examples/vector_add.cu    14 ',
    ].join('\n'));
    expect(text).toContain('*  3        0xffffffff           0x00000000         0x00000000   14      0  (5,0,0)               (96,0,0) ');
  });

  it('exist only in the blocks the device holds: in grid order up to its occupancy, each retired block making room for the next', () => {
    const program = join(dir, 'occupancy.cu');
    writeFileSync(program, `#include <cstdio>
__global__ void k(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i;
}
int main()
{
    int *out;
    cudaMalloc(&out, 600 * 1024 * sizeof(int));
    k<<<600, 1024>>>(out, 600 * 1024);
    cudaDeviceSynchronize();
    return 0;
}
`);
    // 1024 threads a block: an H100's SM holds 2 of them (its 64 warp slots), its 132 SMs 264.
    const out = session(program, [
      'break 5', 'run', 'info cuda blocks', 'cuda block 263 thread 1023', 'cuda block 264 thread 0',
      'delete', 'break 5 if blockIdx.x == 300', 'continue', 'info cuda blocks', 'cuda block 299 thread 0', 'cuda block 563 thread 5', 'print i', 'cuda block 564 thread 0',
    ], 'occupancy');
    const text = out.join('\n');
    expect(text).toContain(['Kernel 0', '*  (0,0,0)   (263,0,0)   264 running ', '[Switching focus to CUDA kernel 0, grid 1, block (263,0,0), thread (1023,0,0)'].join('\n'));
    expect(text).toContain(['4\t    int i = blockIdx.x * blockDim.x + threadIdx.x;', 'Invalid coordinates requested. CUDA focus unchanged.', 'Breakpoint 2 at k'].join('\n'));
    // Blocks 0-299 have retired: 300-563 are resident.
    expect(text).toContain([
      'Kernel 0',
      '* (300,0,0)   (563,0,0)   264 running ',
      'Invalid coordinates requested: thread (0,0,0) of block (299,0,0) has exited. CUDA focus unchanged.',
      '[Switching focus to CUDA kernel 0, grid 1, block (563,0,0), thread (5,0,0), device 0, sm 35, warp 0, lane 5]',
      '4\t    int i = blockIdx.x * blockDim.x + threadIdx.x;',
      '$1 = 0',
      'Invalid coordinates requested. CUDA focus unchanged.',
    ].join('\n'));
  });
});
