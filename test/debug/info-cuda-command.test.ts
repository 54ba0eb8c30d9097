import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';

/*
 * `info cuda OPTION FILTER` over examples/picture.cu stopped in block (4,3,0) (SM 19), where warp 0
 * is split between line 18 (lanes 0-11 and 16-27) and line 16: each table narrowed by its filter,
 * and cuda-gdb's messages for a missing option, an unknown one and a bad filter.
 */

const file = 'examples/picture.cu';
let out = '';
const s = new DebugSession({ out: (t) => void (out += t) }, {
  kind: 'live', file, argv: ['picture'], options: { ...defaultRunOptions, maxSteps: 5_000_000 },
  host: { readFile: (p: string) => readFileSync(p, 'utf8') },
  tracePath: join(mkdtempSync(join(tmpdir(), 'ws-info-cuda-')), 'picture.trace'),
});
afterAll(() => s.close());

/** What one command prints. */
async function run(cmd: string): Promise<string> {
  out = '';
  await s.execute(cmd);
  return out;
}

describe('info cuda with filters', () => {
  it('says what cuda-gdb says with no process', async () => {
    expect(s.prepare()).toBe(true);
    expect(await run('info cuda')).toBe('Missing option.\n');
    expect(await run('info cuda threads block (4,3,0)')).toBe('No CUDA threads.\n');
    expect(await run('info cuda lanes foo')).toBe("Incorrect filter: ' foo'.\n");
  });

  it('narrows each table to what the filter names', async () => {
    await run('break 18 if blockIdx.x == 4 && blockIdx.y == 3');
    expect(await run('run')).toContain('block (4,3,0), thread (0,0,0), device 0, sm 19, warp 0, lane 0]');
    expect(await run('info cuda threads block (4,3,0)')).toBe([
      '  BlockIdx ThreadIdx To BlockIdx ThreadIdx Count            Filename  Line ',
      'Kernel 0',
      '*  (4,3,0)   (0,0,0)     (4,3,0)  (11,0,0)    12 examples/picture.cu    18 ',
      '   (4,3,0)  (12,0,0)     (4,3,0)  (15,0,0)     4 examples/picture.cu    16 ',
      '   (4,3,0)   (0,1,0)     (4,3,0)  (11,1,0)    12 examples/picture.cu    18 ',
      '   (4,3,0)  (12,1,0)     (4,3,0)  (15,1,0)     4 examples/picture.cu    16 ',
      // Warps 1-7 have not run: their threads exist, at the kernel's first line, as on a GPU where the block is resident.
      '   (4,3,0)   (0,2,0)     (4,3,0) (15,15,0)   224 examples/picture.cu    12 ',
      '',
    ].join('\n'));
    // cuda-gdb 13 answers the breakpoint filter its documentation names as a bad filter (run on the H100).
    expect(await run('info cuda threads breakpoint all')).toBe("Incorrect filter: ' breakpoint all'.\n");
    expect(await run('info cuda threads thread (12,1,0) block 4')).toMatch(/\n   \(4,3,0\)  \(12,1,0\)     \(4,3,0\)  \(12,1,0\)     1 examples\/picture\.cu    16 \n$/);
    const warps = await run('info cuda warps sm 19');
    expect(warps.split('\n')[1]).toBe('Device 0 SM 19');
    expect(warps.split('\n').filter((l) => /^[* ] +\d /.test(l))).toHaveLength(8);
    expect(await run('info cuda blocks kernel 0')).toBe('  BlockIdx To BlockIdx Count   State \nKernel 0\n*  (4,3,0)     (4,3,0)     1 running \n');
    const lanes = (await run('info cuda lanes warp 0 lane 12')).split('\n');
    expect(lanes.slice(1, 3)).toEqual(['Device 0 SM 19 Warp 0', '  12 divergent  16   (12,0,0) ']);
    // A filter replaces the table's default (the focused warp): lane 0 of every warp, those not run yet active at the kernel's first line.
    const lane0 = (await run('info cuda lanes lane current')).split('\n');
    expect(lane0.slice(0, 5)).toEqual(['  Ln  State Line ThreadIdx ', 'Device 0 SM 19 Warp 0', '*  0 active  18    (0,0,0) ', 'Device 0 SM 19 Warp 1', '   0 active  12    (0,2,0) ']);
    expect(lane0).toHaveLength(18);
    // All 8 warps of the resident block hold their slots, run or not.
    expect(await run('info cuda sms sm 19')).toBe('  SM  Active Warps Mask \nDevice 0\n* 19 0x00000000000000ff \n');
  });

  it('says "No CUDA ..." when the filter names nothing on the GPU', async () => {
    expect(await run('info cuda blocks kernel 1')).toBe('No CUDA blocks.\n');
    expect(await run('info cuda threads block (0,0,0)')).toBe('No CUDA threads.\n');
    expect(await run('info cuda warps sm 0')).toBe('No CUDA Warps.\n');
    expect(await run('info cuda lanes lane 40')).toBe('No CUDA Lanes.\n');
    expect(await run('info cuda devices device 1')).toBe('No CUDA devices.\n');
    expect(await run('info cuda launch trace kernel 3')).toBe('Incorrect kernel specified or the focus is not set on a kernel\n');
  });

  it("answers a missing option, an unknown one and a bad filter with cuda-gdb's messages", async () => {
    expect(await run('info cuda')).toBe('Missing option.\n');
    expect(await run('info cuda foo bar')).toBe("Unrecognized option: 'foo bar'.\n");
    expect(await run('info cuda launch')).toBe("Unrecognized option: 'launch'.\n");
    expect(await run('info cuda threads blockx')).toBe("Incorrect filter: ' blockx'.\n");
    expect(await run('info cuda threads block 1 block 2')).toBe("Incorrect filter: ' block 1 block 2'.\n");
    expect(await run('info cuda launch trace block 1')).toBe("Incorrect filter: ' block 1'.\n");
    // The option is the name the argument starts with, as cuda-gdb matches it.
    expect(await run('info cuda blocksblock 4')).toBe(await run('info cuda blocks block 4'));
  });

  it('prints its own help for cuda and info cuda, in cuda-gdb\'s layout', async () => {
    const cuda = await run('help cuda');
    expect(cuda.startsWith('Show the CUDA focus, or move it to another thread.\nUsage: cuda WORD [VALUE] [WORD [VALUE]]...\n')).toBe(true);
    expect(cuda).toContain('\n\nList of cuda subcommands:\n\ncuda block -- Show or change the focused block of the running kernel.\n');
    expect(cuda).toContain('\ncuda sm -- Show the SM the focused warp runs on.\n');
    expect(cuda.endsWith('\n\nType "help cuda" followed by a subcommand name for its full text.\n')).toBe(true);
    const info = await run('help info cuda');
    expect(info.startsWith('Show a table of the CUDA state at the current step.\nUsage: info cuda OPTION [FILTER]\nOptions:\n      devices : the simulated device\n')).toBe(true);
    expect(info).toContain('\n launch trace : the kernel in focus and the kernels that launched it\n');
    expect(info.endsWith('\n\n')).toBe(true);
  });
});
