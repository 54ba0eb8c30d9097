import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statsCommand } from '../../src/cli/stats.js';

/* `warpscope stats` in-process: what it prints where, and its exit status. */

/** Runs statsCommand, capturing what it writes to stdout and stderr. */
async function stats(...argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [], err: string[] = [];
  const text = (c: unknown): string => (typeof c === 'string' ? c : Buffer.from(c as Uint8Array).toString('latin1'));
  vi.spyOn(process.stdout, 'write').mockImplementation((c: unknown, ...rest: unknown[]) => {
    out.push(text(c));
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((c: unknown) => (err.push(text(c)), true));
  const status = await statsCommand(argv);
  vi.restoreAllMocks();
  return { status, stdout: out.join(''), stderr: err.join('') };
}

const dir = mkdtempSync(join(tmpdir(), 'warpscope-stats-'));
const file = (name: string, src: string): string => {
  const p = join(dir, name);
  writeFileSync(p, src);
  return p;
};

const coalesced = file('copy.cu', `#include <stdio.h>
__global__ void copy(const float *in, float *out) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i * 32]; }
int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 32 * 1024 * 4); cudaMalloc(&out, 1024 * 4);
  copy<<<4, 256>>>(in, out);
  cudaDeviceSynchronize();
  printf("done %s\\n", argc > 1 ? argv[1] : "-");
  return 3;
}
`);

describe('warpscope stats', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints the program output, then a table per launch, and exits with the program status', async () => {
    const r = await stats(coalesced, '--', 'x');
    expect(r.status).toBe(3);
    expect(r.stdout.startsWith('done x\n== launch 1: copy<<<(4,1,1), (256,1,1)>>> 0 B shared/block\n')).toBe(true);
    const row = r.stdout.split('\n').find((l) => l.startsWith('2 '))!;
    // 32 warps: one load of 32 sectors each (stride 32 floats), one coalesced store of 4.
    expect(row.split(/\s+/).slice(1, 5)).toEqual(['32', '1024', '32', '128']);
    // The line's source, cut to 60 characters.
    expect(row).toMatch(/ {2}__global__ void copy\(const float \*in, float \*out\) \{ int i\.\.\.$/);
  });

  it('with --json prints only the JSON document on stdout and the program output on stderr', async () => {
    const r = await stats('--json', coalesced);
    expect(r.stderr).toBe('done -\n');
    const doc = JSON.parse(r.stdout) as { launches: { kernel: string; grid: number[]; block: number[]; sharedBytes: number; metrics: Record<string, number>; lines: { line: number; metrics: Record<string, number> }[] }[] };
    expect(doc.launches).toHaveLength(1);
    const l = doc.launches[0]!;
    expect([l.kernel, l.grid, l.block, l.sharedBytes]).toEqual(['copy', [4, 1, 1], [256, 1, 1], 0]);
    expect(l.metrics['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum']).toBe(1024);
    expect(l.metrics['sm__warps_active.avg.pct_of_peak_sustained_active']).toBe(12.5);
    expect(l.lines.map((x) => x.line)).toEqual([2]);
  });

  it('reports compile errors as the compiler does, with no report and status 1', async () => {
    const r = await stats('--json', file('bad.cu', 'int main() { x = 3; return 0; }\n'));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(/bad\.cu:1:14: error: use of undeclared identifier 'x'$/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('gives one-line errors for a missing file and bad options', async () => {
    const missing = await stats(join(dir, 'nope.cu'));
    expect([missing.status, missing.stderr]).toEqual([1, `warpscope: error: cannot read '${join(dir, 'nope.cu')}'\n`]);
    const bad = await stats(coalesced, '--frobnicate');
    expect(bad.status).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe("warpscope stats: error: unknown option '--frobnicate'");
    const none = await stats('--json');
    expect(none.stderr.split('\n')[0]).toBe('warpscope stats: error: stats needs a .cu file');
  });
});
