import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCommand } from '../../src/cli/check.js';
import { readGolden } from '../analysis/golden.js';

/*
 * `warpscope check` as a command: its options, bad input as one-line diagnostics, --json against
 * the H100's report and --error-exitcode.
 */

/** Runs checkCommand capturing what it writes. */
async function run(argv: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const capture = (sink: (s: string) => void) => (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    sink(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1'));
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture((s) => (stdout += s)) as typeof process.stdout.write);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture((s) => (stderr += s)) as typeof process.stderr.write);
  const status = await checkCommand(argv);
  vi.restoreAllMocks();
  return { status, stdout, stderr };
}

afterEach(() => vi.restoreAllMocks());

describe('warpscope check', () => {
  it('rejects an unknown tool with one line of diagnosis', async () => {
    const r = await run(['test/sanitizer/oob_global.cu', '--tool', 'leakcheck']);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe("warpscope: error: unknown tool 'leakcheck' (memcheck, racecheck, initcheck, synccheck)");
  });

  it('needs a tool and a file', async () => {
    expect((await run(['test/sanitizer/oob_global.cu'])).stderr).toMatch(/^warpscope: error: check needs --tool/);
    expect((await run(['--tool', 'memcheck'])).stderr).toMatch(/^warpscope: error: check needs a \.cu file/);
  });

  it('names a missing file', async () => {
    const r = await run(['no/such.cu', '--tool', 'memcheck']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("warpscope: error: cannot read 'no/such.cu'\n");
  });

  it('prints compile errors as the compiler does and no report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-'));
    const file = join(dir, 'bad.cu');
    writeFileSync(file, 'int main() { return x; }\n');
    const r = await run([file, '--tool', 'memcheck']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("bad.cu:1:21: error: use of undeclared identifier 'x'");
    expect(r.stdout).not.toContain('COMPUTE-SANITIZER');
  });

  it('--json agrees with the H100 report of oob_global', async () => {
    const golden = readGolden('test/sanitizer/oob_global.memcheck.txt');
    const r = await run(['test/sanitizer/oob_global.cu', '--tool', 'memcheck', '--leak-check', 'full', '--json']);
    const doc = JSON.parse(r.stdout) as { tool: string; errors: { kind: string; line: number; thread: unknown; api?: string; error?: string }[]; leaks: { bytes: number; allocations: number } };
    expect(doc.tool).toBe('memcheck');
    const leakSummary = /LEAK SUMMARY: (\d+) bytes leaked in (\d+) allocations/.exec(golden.summaries.join('\n'))!;
    expect(doc.leaks).toEqual({ bytes: Number(leakSummary[1]), allocations: Number(leakSummary[2]) });
    const errors = Number(/ERROR SUMMARY: (\d+) error/.exec(golden.summaries.join('\n'))![1]);
    expect(doc.errors.length + doc.leaks.allocations).toBe(errors);
    const access = golden.blocks.find((b) => b.access !== null)!;
    expect(doc.errors[0]).toMatchObject({ kind: 'out-of-bounds', line: access.line, thread: { x: 100, y: 0, z: 0 }, space: 'global', access: 'read', size: 4 });
    expect(`(${[doc.errors[0]!.thread].map((t) => Object.values(t as object).join(',')).join('')})`).toBe(access.thread);
    const apis = golden.blocks.filter((b) => b.what.startsWith('Program hit')).map((b) => /(cudaError\w+).* to (\w+)\.$/.exec(b.what)!.slice(1).join(' '));
    expect(doc.errors.filter((e) => e.kind === 'api-error').map((e) => `${e.error} ${e.api}`)).toEqual(apis);
    // The program's own output goes to stderr so stdout is the JSON alone.
    expect(r.stderr).toBe(golden.output.join('\n') + '\n');
  });

  it('--json reports races with both accesses', async () => {
    const r = await run(['test/sanitizer/race_shared.cu', '--tool', 'racecheck', '--json']);
    const doc = JSON.parse(r.stdout) as { errors: { kind: string; hazard: string; accesses: { line: number; access: string }[] }[] };
    const golden = readGolden('test/sanitizer/race_shared.racecheck.txt').blocks[0]!;
    const pairs = doc.errors.map((e) => `${e.accesses[1]!.access}@${e.accesses[1]!.line}`.replace(/^./, (c) => c.toUpperCase())).sort();
    expect(pairs).toEqual([...golden.partners].sort());
    expect(new Set(doc.errors.map((e) => e.accesses[0]!.line))).toEqual(new Set([golden.line]));
    for (const e of doc.errors) expect(['RAW', 'WAR', 'WAW']).toContain(e.hazard);
  });

  it('--racecheck-memory takes shared, global or all, with racecheck only', async () => {
    const bad = await run(['test/sanitizer/race_global.cu', '--tool', 'racecheck', '--racecheck-memory', 'local']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe("warpscope: error: --racecheck-memory takes 'shared', 'global' or 'all', got 'local'");
    const other = await run(['test/sanitizer/race_global.cu', '--tool', 'memcheck', '--racecheck-memory=global']);
    expect(other.stderr.split('\n')[0]).toBe('warpscope: error: --racecheck-memory needs --tool racecheck');
  });

  it('--racecheck-memory global reports global races, named as such in text and JSON; the default matches the H100', async () => {
    const golden = readGolden('test/sanitizer/race_global.racecheck.txt');
    const plain = await run(['test/sanitizer/race_global.cu', '--tool', 'racecheck']);
    expect(plain.stdout).toBe(`========= COMPUTE-SANITIZER\n${golden.output.join('\n')}\n========= ${golden.summaries[0]}\n`);
    const text = await run(['test/sanitizer/race_global.cu', '--tool', 'racecheck', '--racecheck-memory', 'global']);
    expect(text.stdout).toContain('========= Error: Race reported on __global__ memory between Write access at shift(int *) in race_global.cu:16\n');
    expect(text.stdout).toContain('RACECHECK SUMMARY: 3 hazards displayed (2 errors, 1 warning)');
    const json = await run(['test/sanitizer/race_global.cu', '--tool', 'racecheck', '--racecheck-memory', 'all', '--json']);
    const doc = JSON.parse(json.stdout) as { errors: { kind: string; space: string; line: number }[] };
    expect(new Set(doc.errors.map((e) => `${e.kind} ${e.space}`))).toEqual(new Set(['race global']));
    expect(new Set(doc.errors.map((e) => e.line))).toEqual(new Set([14, 16]));
  });

  it('prints a stopped run as compute-sanitizer prints a killed process: no leaks, no summary, status 124', async () => {
    for (const tool of ['memcheck', 'initcheck', 'racecheck']) {
      const golden = readFileSync(`test/sanitizer/examples/avgfilter_barrier_bug.${tool}.txt`, 'latin1');
      const r = await run(['examples/avgfilter_barrier_bug.cu', '--tool', tool, ...(tool === 'memcheck' ? ['--leak-check', 'full'] : [])]);
      expect(`${r.stdout}exit ${r.status}\n`).toBe(golden);
    }
    const json = await run(['examples/avgfilter_barrier_bug.cu', '--tool', 'memcheck', '--leak-check', 'full', '--json']);
    expect(json.status).toBe(124);
    expect((JSON.parse(json.stdout) as { leaks: unknown }).leaks).toEqual({ bytes: 0, allocations: 0 });
  });

  it('keeps what a stopped run found before it hung, and its status over --error-exitcode', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-'));
    const file = join(dir, 'uninit_then_hang.cu');
    writeFileSync(file, [
      '#include <stdio.h>',
      '__global__ void sum(const int *in, int *out) { *out = in[0]; }',
      '__global__ void hang(int *out) { if (threadIdx.x < 16) __syncthreads(); out[threadIdx.x] = 1; }',
      'int main() {',
      '    int *in, *out;',
      '    cudaMalloc(&in, 64); cudaMalloc(&out, 64);',
      '    sum<<<1, 1>>>(in, out);',
      '    cudaDeviceSynchronize();',
      '    hang<<<1, 32>>>(out);',
      '    cudaDeviceSynchronize();',
      '    return 0;',
      '}',
      '',
    ].join('\n'));
    const r = await run([file, '--tool', 'initcheck', '--error-exitcode', '3']);
    expect(r.status).toBe(124);
    expect(r.stdout).toBe([
      '========= COMPUTE-SANITIZER',
      '========= Uninitialized __global__ memory read of size 4 bytes',
      '=========     at sum(const int *, int *) in uninit_then_hang.cu:2',
      '=========     by thread (0,0,0) in block (0,0,0)',
      '=========     Address 0x7f4c3a000000',
      '========= ',
      '',
    ].join('\n'));
  });

  it('names the kernel in device frames by its signature, const kept, as the H100 does', async () => {
    const r = await run(['test/sanitizer/oob_global.cu', '--tool', 'memcheck']);
    expect(r.stdout).toContain('=========     at k(const int *, int *, int) in oob_global.cu:6\n');
    const race = await run(['test/sanitizer/race_intrawarp.cu', '--tool', 'racecheck']);
    expect(race.stdout).toContain('========= Warning: Race reported between Write access at k(int *) in race_intrawarp.cu:7\n=========     and Read access at k(int *) in race_intrawarp.cu:8 [');
  });

  it('--error-exitcode replaces the status when errors were found, and only then', async () => {
    expect((await run(['test/sanitizer/race_intrawarp.cu', '--tool', 'racecheck', '--error-exitcode', '7'])).status).toBe(7);
    expect((await run(['test/sanitizer/race_intrawarp.cu', '--tool', 'initcheck', '--error-exitcode=7'])).status).toBe(0);
  });
});
