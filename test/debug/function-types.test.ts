import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchLiveAndReplay } from './session-helpers.js';

/*
 * A function's type as gdb reads it from DWARF, where each parameter keeps its own qualifiers
 * (`const int n`, `float * const q`), and its name as gdb's demangler writes it in the breakpoint
 * table, where a mangled name has none of them and a pointee's const follows its type
 * (`float const*`). Asked of a live session and of its trace's replay.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-fn-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = join(dir, 'fn.cu');
writeFileSync(
  program,
  `#include <cstdio>
__global__ void k(const float *a, float *b, const int n, const float * const *pp)
{
    int i = threadIdx.x;
    if (i < n) b[i] = a[i];
}
__device__ float g(const float x, volatile int *p, float *const q, size_t s, int &r) { return x; }
int main()
{
    float *a, *b;
    cudaMalloc(&a, 16);
    cudaMalloc(&b, 16);
    k<<<1, 4>>>(a, b, 4, nullptr);
    cudaDeviceSynchronize();
    return 0;
}
`,
);
const script = join(dir, 'cmds.gdb');
writeFileSync(script, ['whatis k', 'ptype k', 'whatis g', 'break k', 'break g', 'info breakpoints', ''].join('\n'));
const trace = join(dir, 'fn.trace');

const expected = [
  'type = void (const float *, float *, const int, const float * const *)',
  'type = void (const float *, float *, const int, const float * const *)',
  'type = float (const float, volatile int *, float * const, size_t, int &)',
  'Breakpoint 1 at k: file fn.cu, line 4.',
  'Breakpoint 2 at g: file fn.cu, line 7.',
  'Num     Type           Disp Enb What',
  '1       breakpoint     keep y   in k(float const*, float*, int, float const* const*) at fn.cu:4',
  '2       breakpoint     keep y   in g(float, int volatile*, float*, unsigned long, int&) at fn.cu:7',
  '',
];

describe('function types', () => {
  it("keep each parameter's own qualifiers in whatis, and none in demangled names", () => {
    expect(batchLiveAndReplay(program, script, trace, 'fn.cu')).toEqual(expected);
  });
});

describe('a function named as a value', () => {
  it('prints as gdb prints it: its type, its (made-up, stable) code address and its demangled name; & makes a pointer to it, * the function again', () => {
    const values = join(dir, 'values.gdb');
    writeFileSync(values, ['print g', 'print &g', 'print *g', 'print main', 'break k', 'run', 'print k', ''].join('\n'));
    const out = batchLiveAndReplay(program, values, join(dir, 'values.trace'), 'fn.cu');
    expect(out.slice(0, 4)).toEqual([
      '$1 = {float (const float, volatile int *, float * const, size_t, int &)} 0x7fffd7000200 <g(float, int volatile*, float*, unsigned long, int&)>',
      '$2 = (float (*)(const float, volatile int *, float * const, size_t, int &)) 0x7fffd7000200 <g(float, int volatile*, float*, unsigned long, int&)>',
      '$3 = {float (const float, volatile int *, float * const, size_t, int &)} 0x7fffd7000200 <g(float, int volatile*, float*, unsigned long, int&)>',
      '$4 = {int (void)} 0x401300 <main()>',
    ]);
    expect(out).toContain('$5 = {void (const float *, float *, const int, const float * const *)} 0x7fffd7000100 <k(float const*, float*, int, float const* const*)>');
  });
});
