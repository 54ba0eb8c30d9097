import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveAndReplayAnswers } from './session-helpers.js';

/*
 * gdb's type qualifiers, watchpoints whose frame ends, and files named by #line: each command
 * is asked of a live session and of the replay of its trace, which must answer alike.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-qual-scope-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;

/** What a live session of the program `source` prints for each command, checked against its replay's answers. */
async function answers(source: string, commands: readonly string[]): Promise<string[]> {
  const program = join(dir, `p${n}.cu`);
  writeFileSync(program, source);
  const live = await liveAndReplayAnswers(program, commands, join(dir, `p${n++}.trace`));
  return live.map((t) => t.split(program).join('prog.cu'));
}

const QUALIFIED = `#include <cstdio>

__global__ void scale(const float * __restrict__ in, float *out, const int n)
{
    const int i = threadIdx.x;
    volatile int v = i;
    if (i < n) out[i] = in[i] * 2.0f + v;
}

float total(const float *a, int n)
{
    float sum = 0;
    for (int i = 0; i < n; i++)
        sum += a[i];
    return sum;
}

int main()
{
    const int n = 4;
    float h[4] = {1, 2, 3, 4};
    const float *p = h;
    float *din, *dout;
    cudaMalloc(&din, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<1, 4>>>(din, dout, n);
    cudaDeviceSynchronize();
    float t = total(p, n);
    printf("%g\\n", t);
    return 0;
}
`;

describe('type qualifiers', () => {
  it('keep const, volatile and __restrict__ where gdb prints them, casts still parsed', async () => {
    const out = await answers(QUALIFIED, [
      'break 7', 'run', 'whatis in', 'ptype in', 'print in', 'whatis *in', 'print *in', 'whatis n', 'whatis i', 'whatis v', 'whatis out',
      'break total', 'continue', 'whatis a', 'print a', 'up', 'whatis n', 'print n', 'whatis p', 'print (const float*)p', 'whatis (const float *)p', 'print *p', 'whatis *p',
    ]);
    expect(out.slice(2, 11)).toEqual([
      'type = const @generic float * __restrict__ @parameter\n',
      'type = const @generic float * __restrict__ @parameter\n',
      '$1 = (const @generic float * __restrict__ @parameter) 0x7f4c3a000000\n',
      'type = const @generic float\n',
      '$2 = 1\n',
      'type = const @parameter int\n',
      'type = const @register int\n',
      'type = volatile @register int\n',
      'type = @generic float * @parameter\n',
    ]);
    expect(out.slice(13)).toEqual([
      'type = const float *\n',
      '$3 = (const float *) 0x7ffd5a000010\n',
      '#1  main () at prog.cu:29\n29\t    float t = total(p, n);\n',
      'type = const int\n',
      '$4 = 4\n',
      'type = const float *\n',
      '$5 = (const float *) 0x7ffd5a000010\n',
      'type = const float *\n',
      '$6 = 1\n',
      'type = const float\n',
    ]);
  });
});

const SCOPED = `#include <cstdio>

__device__ int A[8];

__global__ void k(int *out)
{
    int acc = 0;
    for (int j = 0; j < 3; j++)
        acc += j;
    out[threadIdx.x] = acc;
    A[3] = acc;
}

int sum3(int x)
{
    int sum = 0;
    for (int i = 0; i < 3; i++)
        sum += x + i;
    return sum;
}

int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    k<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    int r = sum3(1) + 1;
    printf("%d\\n", r);
    return 0;
}
`;

const deleted = (num: number): string => `\nWatchpoint ${num} deleted because the program has left the block in\nwhich its expression is valid.\n`;

describe('a watchpoint on a frame\'s variable', () => {
  it('is deleted as a host function returns, the program stopped in the caller', async () => {
    const out = await answers(SCOPED, ['break sum3', 'run', 'watch sum', 'continue', 'continue', 'continue', 'continue', 'info breakpoints', 'continue']);
    expect(out[5]).toContain('Old value = 3\nNew value = 6\n');
    expect(out[6]).toBe(`${deleted(2)}main () at prog.cu:28\n28\t    int r = sum3(1) + 1;\n`);
    expect(out[7]).not.toContain('watchpoint');
    expect(out[8]).toMatch(/^7\n\[Inferior 1 \(process \d+\) exited normally\]\n$/);
  });

  it('is deleted going back past the call too, and a global\'s watchpoint stays', async () => {
    const out = await answers(SCOPED, ['break 18', 'run', 'delete 1', 'watch sum', 'watch A[3]', 'continue', 'reverse-continue', 'reverse-continue', 'info breakpoints']);
    expect(out[5]).toContain('Hardware watchpoint 2: sum\n\nOld value = 0\nNew value = 1\n');
    expect(out[6]).toContain('Hardware watchpoint 2: sum\n\nOld value = 1\nNew value = 0\n');
    expect(out[7]).toBe(`${deleted(2)}main () at prog.cu:28\n28\t    int r = sum3(1) + 1;\n`);
    expect(out[8]).toMatch(/^Num .*\n3 +hw watchpoint +keep y +A\[3\]\n$/);
  });

  it('set with -location watches the bytes alone, past the frame', async () => {
    const out = await answers(SCOPED, ['break 18', 'run', 'delete 1', 'watch -l sum', 'continue', 'continue', 'continue', 'continue', 'info breakpoints']);
    expect(out[3]).toBe('Hardware watchpoint 2: -location sum\n');
    expect(out[4]).toContain('hit Hardware watchpoint 2: -location sum\n\nOld value = 0\nNew value = 1\n');
    expect(out.slice(5).join('')).not.toContain('deleted');
    expect(out[8]).toContain('-location sum\n');
  });

  it("in a kernel goes with the thread's kernel, stopping at the next statement", async () => {
    const out = await answers(SCOPED, ['break 9', 'run', 'delete 1', 'watch acc', 'watch A[3]', 'continue', 'continue', 'continue', 'continue', 'info breakpoints']);
    expect(out[7]).toContain('Hardware watchpoint 3: A[3]\n\nOld value = 0\nNew value = 3\n');
    expect(out[8]).toBe(`[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (32,0,0), device 0, sm 0, warp 1, lane 0]\n${deleted(2)}k<<<(1,1,1),(64,1,1)>>> (out=0x7f4c3a000100) at prog.cu:7\n7\t    int acc = 0;\n`);
    expect(out[9]).toMatch(/^Num .*\n3 +hw watchpoint +keep y +A\[3\]\n\tbreakpoint already hit 1 time\n$/);
  });
});

const PRESUMED = `#include <cstdio>

__global__ void k(int *out)
{
#line 40 "other.cu"
    int v = threadIdx.x;
    out[v] = v * 2;
}

int main()
{
    int *d;
    cudaMalloc(&d, 64);
    k<<<1, 4>>>(d);
    cudaDeviceSynchronize();
    return 0;
}
`;

describe('a file a #line names that does not exist', () => {
  it('takes breakpoints by its line table, and its lines print as gdb prints a missing file', async () => {
    const out = await answers(PRESUMED, ['break other.cu:41', 'run', 'list', 'next', 'list other.cu:40']);
    expect(out[0]).toBe('Breakpoint 1 at k: file other.cu, line 41.\n');
    expect(out[1]).toMatch(/CUDA thread hit Breakpoint 1, k<<<\(1,1,1\),\(4,1,1\)>>> \(out=0x[0-9a-f]+\) at other.cu:41\n41\tother.cu: No such file or directory.\n$/);
    expect(out[2]).toBe('36\tin other.cu\n');
    expect(out[4]).toBe('35\tin other.cu\n');
  });
});
