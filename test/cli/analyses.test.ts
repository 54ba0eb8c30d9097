import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * `warpscope check` and `warpscope stats` reach their commands from the built CLI, as a user
 * types them (the commands themselves are tested in check.test.ts and stats.test.ts).
 */

function cli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { timeout: 120_000 });
  return { status: r.status, stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString('latin1') };
}

describe('warpscope check and stats', () => {
  it('check --json reports the out-of-bounds read at its line', () => {
    const r = cli('check', 'test/sanitizer/oob_global.cu', '--tool', 'memcheck', '--json');
    const report = JSON.parse(r.stdout) as { tool: string; errors: { kind: string; line: number }[] };
    expect(report.tool).toBe('memcheck');
    expect(report.errors.find((e) => e.kind === 'out-of-bounds')?.line).toBe(6);
  });

  it('stats --json names the kernels and Nsight Compute metrics', () => {
    const r = cli('stats', 'test/sanitizer/access_patterns.cu', '--json');
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout) as { launches: { kernel: string; metrics: Record<string, number> }[] };
    expect(s.launches[0]!.kernel).toBe('g_aligned');
    expect(s.launches[0]!.metrics['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum']).toBe(2048);
  });

  it('the help lists both', () => {
    const r = cli('help');
    expect(r.stdout).toMatch(/^ {2}check FILE\.cu --tool memcheck/m);
    expect(r.stdout).toMatch(/^ {2}stats FILE\.cu/m);
  });
});

describe('check and stats on a terminal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ws-analyses-'));
  const prog = join(dir, 'order.cu');
  writeFileSync(
    prog,
    '#include <cstdio>\n__global__ void k(int *p) { p[threadIdx.x + 100] = 1; }\n' +
      'int main() {\n  int *d;\n  cudaMalloc(&d, 100 * sizeof(int));\n  printf("before\\n");\n  fprintf(stderr, "err\\n");\n' +
      '  k<<<1, 1>>>(d);\n  cudaDeviceSynchronize();\n  printf("after\\n");\n  return 0;\n}\n',
  );
  /** What a terminal shows (script(1), util-linux, gives the command one: both streams in order). */
  const tty = (args: string): string => spawnSync('script', ['-qec', `${process.execPath} bin/warpscope.mjs ${args}`, '/dev/null'], { encoding: 'latin1', timeout: 120_000 }).stdout.replace(/\r/g, '');
  /** Both streams through one pipe, as `2>&1 | cat` shows them. */
  const piped = (args: string): string => spawnSync('sh', ['-c', `${process.execPath} bin/warpscope.mjs ${args} 2>&1`], { encoding: 'latin1', timeout: 120_000 }).stdout;
  /** Each line but the details of an error block, addresses left out. */
  const heads = (text: string): string[] => text.split('\n').filter((l) => !l.startsWith('=========     ') && l !== '========= ' && l !== '').map((l) => l.replace(/0x[0-9a-f]+/g, '0x'));

  it('check shows the program\'s lines as it prints them, between the error blocks in the order they happen; a pipe gets them at exit', () => {
    const args = `check ${prog} --tool memcheck --leak-check full`;
    const launchFailure = '========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.';
    const end = ['========= LEAK SUMMARY: 400 bytes leaked in 1 allocations', '========= ERROR SUMMARY: 3 errors'];
    expect(heads(tty(args))).toEqual(['========= COMPUTE-SANITIZER', 'before', 'err', '========= Invalid __global__ write of size 4 bytes', launchFailure, 'after', '========= Leaked 400 bytes at 0x', ...end]);
    expect(heads(piped(args))).toEqual(['err', '========= COMPUTE-SANITIZER', '========= Invalid __global__ write of size 4 bytes', launchFailure, '========= Leaked 400 bytes at 0x', 'before', 'after', ...end]);
  });

  it('stats line-buffers the program\'s stdout on a terminal, so printf before an fprintf(stderr) comes first; the report follows', () => {
    expect(tty(`stats ${prog}`)).toMatch(/^before\nerr\nafter\n== launch 1: k<<</);
    expect(piped(`stats ${prog}`)).toMatch(/^err\nbefore\nafter\n== launch 1: k<<</);
  });
});
