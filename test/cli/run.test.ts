import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

/*
 * `warpscope run` as a user meets it on bad input: a compiler-style diagnostic with the
 * source line and a caret, a non-zero exit, and never a JavaScript stack trace or a hang.
 */

const dir = 'test/cli/programs';

function run(file: string, ...extra: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'run', `${dir}/${file}`, ...extra], { encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

function noStackTrace(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
}

describe('warpscope run on bad input', () => {
  it('reports a syntax error at the line and column clang would, with a caret', () => {
    const r = run('syntax_error.cu');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${dir}/syntax_error.cu:3:23: error: expected ';' after expression\n    a[threadIdx.x] = 1\n                      ^`);
    noStackTrace(r.stderr);
  });

  it('reports an undeclared name', () => {
    const r = run('undeclared.cu');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${dir}/undeclared.cu:6:20: error: use of undeclared identifier 'totl'`);
    expect(r.stderr).toContain('1 error generated.');
  });

  it('prints a source line with curly quotes and accents, as pasted from slides, in UTF-8 with the caret under the quote', () => {
    const r = run('smart_quotes.cu');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`${dir}/smart_quotes.cu:5:12: error: stray '\u201c' in program\n    printf(\u201chello \u00e9t\u00e9\\n\u201d);\n           ^\n1 error generated.\n`);
  });

  it('says a file without main() cannot run, as the link step would', () => {
    const r = run('no_main.cu');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${dir}/no_main.cu:1:1: error: undefined reference to 'main' (the program defines no main function)`);
    noStackTrace(r.stderr);
  });

  it('reports invalid operands', () => {
    const r = run('type_error.cu');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/type_error\.cu:3:\d+: error: invalid operands to binary expression \('float \*' and 'float \*'\)/);
  });

  it('names an unsupported construct instead of miscomputing it', () => {
    const r = run('unsupported_goto.cu');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unsupported_goto\.cu:\d+:\d+: error: .*not supported by Warpscope/);
    noStackTrace(r.stderr);
  });

  it('stops a kernel that never ends, as a hung GPU program is stopped, and says why', () => {
    // Its threads spin on a flag nobody sets: that is clear within a moment, at the loop, long before --max-steps.
    const r = run('kernel_infinite_loop.cu');
    expect(r.status).toBe(124);
    expect(r.stderr).toMatch(/kernel_infinite_loop\.cu:5:5: error: kernel 'spin' makes no progress: 32 threads spin in this loop, and nothing that could end it will change; a GPU would hang here/);
    // Like a killed process, it never flushed its stdout buffer.
    expect(r.stdout).toBe('');
  });

  it('stops host code that never ends', () => {
    const r = run('host_infinite_loop.cu');
    expect(r.status).toBe(124);
    expect(r.stderr).toMatch(/host_infinite_loop\.cu:4:5: error: the host program makes no progress: nothing this loop's exit depends on ever changes, so it would run forever/);
  });

  it('answers a huge cudaMalloc with out of memory, as CUDA does', () => {
    const r = run('huge_allocation.cu');
    expect(r.stdout).toBe('cudaMalloc(2^62): cudaErrorMemoryAllocation (out of memory)\ncudaGetLastError: cudaErrorMemoryAllocation\nagain: cudaSuccess\n');
    expect(r.status).toBe(2);
  });

  it('fails bad launch configurations with CUDA 13 error codes and keeps going', () => {
    const r = run('bad_launch.cu');
    expect(r.stdout).toBe('<<<1, 2048>>>: cudaErrorInvalidValue: invalid argument\ngrid.y 70000: cudaErrorInvalidValue\nvalid launch: cudaSuccess\n');
    expect(r.status).toBe(0);
  });

  it('says so when the file cannot be read', () => {
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'run', 'no/such/file.cu'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("warpscope: error: cannot read 'no/such/file.cu'\n");
  });
});
