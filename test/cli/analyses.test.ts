import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

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
