import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordFile } from '../trace/record.js';
import { ProgramView } from '../../src/debug/program-view.js';
import { continuesStatement } from '../../src/debug/statement-start.js';

/*
 * A struct declaration initialised from a call is recorded as two steps at one place; only the
 * first is an arrival at the line. A loop that comes back to its test arrives each time, and so
 * does a function entered again.
 */

const program = `struct P { int a; float b; };
__device__ P make(int i) { P p = {i, 0.5f}; return p; }
__device__ void keep(P s) { P c = s; }
__global__ void k(int *o)
{
    int n = 3;
    P q = make(threadIdx.x);
    while (n-- > 0);
    keep(q), keep(q);
    o[threadIdx.x] = q.a + n;
}
int main() { int *d; cudaMalloc((void **)&d, 32 * sizeof(int)); k<<<1, 32>>>(d); cudaDeviceSynchronize(); return 0; }
`;

describe('continuesStatement', () => {
  it('marks the second step of a struct declaration, not a loop test come round again', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ws-stmt-')), 'p.cu');
    writeFileSync(file, program);
    const t = recordFile(file);
    const view = new ProgramView(t);
    const kernelLines = (line: number): boolean[] => [...t.steps()].filter((r) => r.launch === 1 && r.line === line).map((r) => continuesStatement(t, view, r));
    expect(kernelLines(7)).toEqual([false, true]);
    expect(kernelLines(8).length).toBeGreaterThan(1);
    expect(kernelLines(8).every((c) => !c)).toBe(true);
    // Two activations one after the other: the second arrives anew at the callee's declaration.
    expect(kernelLines(3)).toEqual([false, true, false, true]);
    t.close();
  });
});
