import { describe, expect, it } from 'vitest';
import { execute } from '../../../src/engine/execute.js';
import { defaultRunOptions, type EngineEvent } from '../../../src/engine/api.js';
import type { Diagnostic } from '../../../src/engine/front/diag.js';

/*
 * How a run ends when it meets a limit of the simulator or crashes in host code: one diagnostic
 * at the statement, a non-zero status, and (for the simulator's limits) the output printed before
 * it still printed, never an exception escaping to the edge.
 */

/** Runs a program held in memory; what the user would see, and the diagnostics as values. */
function run(source: string): { stdout: string; diags: Diagnostic[]; status: number } {
  const events: EngineEvent[] = [];
  const status = execute({ kind: 'run', file: 'prog.cu', argv: ['prog'], options: defaultRunOptions }, { readFile: (p) => (p === 'prog.cu' ? source : null) }, (e) => events.push(e));
  const stdout = events.map((e) => (e.kind === 'stdout' ? e.text : '')).join('');
  const diags = events.flatMap((e) => (e.kind === 'diagnostic' ? [e.diagnostic] : []));
  return { stdout, diags, status };
}

describe('recursion deeper than the engine thread holds', () => {
  // Tests run on a thread of ordinary stack size, which holds a few thousand simulated calls: the run stops as the CLI's would past MAX_CALL_DEPTH.
  it('stops host code with a stack overflow at the recursive call, keeping what was printed', () => {
    const r = run('#include <cstdio>\nint f(int n) { return n == 0 ? 0 : 1 + f(n - 1); }\nint main() { printf("before\\n"); printf("%d\\n", f(10000000)); return 0; }\n');
    expect(r.stdout).toBe('before\n');
    expect(r.status).toBe(139);
    expect(r.diags).toHaveLength(1);
    expect(r.diags[0]!.message).toMatch(/^stack overflow: recursion deeper than \d+ calls in 'f'$/);
    expect(r.diags[0]!.loc).toEqual({ file: 'prog.cu', line: 2, col: 16 });
  });

  it('stops device code with a stack overflow at the recursive call', () => {
    const r = run(`#include <cstdio>
__device__ int f(int n) { return n == 0 ? 0 : 1 + f(n - 1); }
__global__ void k(int *o) { *o = f(10000000); }
int main() { int *d; cudaMalloc(&d, 4); printf("launch\\n"); k<<<1, 1>>>(d); cudaDeviceSynchronize(); printf("after\\n"); return 0; }
`);
    expect(r.stdout).toBe('launch\n');
    expect(r.status).toBe(70);
    expect(r.diags.map((d) => d.message)).toEqual([expect.stringMatching(/^stack overflow: recursion deeper than \d+ calls in 'f'$/)]);
    expect(r.diags[0]!.loc).toEqual({ file: 'prog.cu', line: 2, col: 27 });
  });

  it('runs recursion a real host runs', () => {
    expect(run('#include <cstdio>\nint f(int n) { return n == 0 ? 0 : 1 + f(n - 1); }\nint main() { printf("%d\\n", f(1000)); return 0; }\n')).toMatchObject({ stdout: '1000\n', status: 0, diags: [] });
  });
});

describe('device memory past what the simulator backs', () => {
  it('names the runtime call that reached it, as a limit of Warpscope, after the output before it', () => {
    const r = run(`#include <cstdio>
int main() {
  char *p;
  printf("%d\\n", (int)cudaMalloc(&p, (size_t)60 << 30));
  cudaMemset(p + ((size_t)5 << 30), 1, 4096);
  printf("not reached\\n");
  return 0;
}
`);
    expect(r.stdout).toBe('0\n');
    expect(r.status).toBe(70);
    expect(r.diags).toEqual([{ severity: 'error', message: 'Warpscope cannot back more than 4 GiB of device memory (this cudaMemset reaches 5 GiB past the start of device memory)', loc: { file: 'prog.cu', line: 5, col: 3 } }]);
  });

  it('names a device access at its statement', () => {
    const r = run(`__global__ void k(char *p, size_t n) { p[n - 1] = 1; }
int main() { char *p; size_t n = (size_t)6 << 30; cudaMalloc(&p, n); k<<<1, 1>>>(p, n); cudaDeviceSynchronize(); return 0; }
`);
    expect(r.status).toBe(70);
    expect(r.diags).toEqual([{ severity: 'error', message: 'Warpscope cannot back more than 4 GiB of device memory (this device access reaches 6 GiB past the start of device memory)', loc: { file: 'prog.cu', line: 1, col: 40 } }]);
  });
});

describe('host memory', () => {
  it('gives NULL from malloc, calloc and realloc when the memory cannot be had, as C does', () => {
    const r = run(`#include <cstdio>
#include <cstdlib>
int main() {
  char *small = (char *)malloc(16);
  printf("%d %d %d %d\\n", malloc((size_t)1 << 40) == NULL, calloc((size_t)1 << 20, (size_t)1 << 20) == NULL, realloc(small, (size_t)1 << 40) == NULL, small != NULL);
  return 0;
}
`);
    expect(r).toMatchObject({ stdout: '1 1 1 1\n', status: 0, diags: [] });
  });

  it('says what a crashing host access did, at its statement', () => {
    const write = run('int main() {\n  int *p = 0;\n  *p = 5;\n  return 0;\n}\n');
    expect(write.status).toBe(139);
    expect(write.diags).toEqual([{ severity: 'error', message: 'segmentation fault: host code wrote 4 bytes at address 0x0 (a null pointer)', loc: { file: 'prog.cu', line: 3, col: 3 } }]);
    const member = run('struct S { int a; double b; };\nint main() {\n  S *s = 0;\n  return (int)s->b;\n}\n');
    expect(member.diags.map((d) => d.message)).toEqual(['segmentation fault: host code read 8 bytes at address 0x8 (near a null pointer)']);
    const device = run('int main() {\n  int *d;\n  cudaMalloc(&d, 4);\n  return *d;\n}\n');
    expect(device.diags.map((d) => d.message)).toEqual([expect.stringMatching(/^segmentation fault: host code read 4 bytes at address 0x7f4c3a[0-9a-f]+ \(device memory, which host code cannot access\)$/)]);
    const frames = run('int f(int n) {\n  int a[4096];\n  a[n % 4096] = n;\n  return n == 0 ? 0 : a[n % 4096] - n + 1 + f(n - 1);\n}\nint main() { return f(100000); }\n');
    expect(frames.status).toBe(139);
    expect(frames.diags).toEqual([{ severity: 'error', message: "segmentation fault: stack overflow in 'f' (host code used more than its 8 MiB stack)", loc: { file: 'prog.cu', line: 4, col: 3 } }]);
  });
});

describe("printf's %n conversion", () => {
  it('ends host code with one diagnostic at the printf naming it unsupported, keeping the output before it', () => {
    const r = run('#include <cstdio>\nint main() {\n  int n;\n  printf("before\\n");\n  printf("abc%n\\n", &n);\n  return n;\n}\n');
    expect(r.stdout).toBe('before\n');
    expect(r.status).toBe(70);
    expect(r.diags).toEqual([{ severity: 'error', message: "printf's %n conversion is not supported by Warpscope", loc: { file: 'prog.cu', line: 5, col: 3 } }]);
  });

  it('ends device code the same way, at the kernel statement', () => {
    const r = run('#include <cstdio>\n__global__ void k(int *p) {\n  printf("x%n\\n", p);\n}\nint main() { int *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); cudaDeviceSynchronize(); return 0; }\n');
    expect(r.status).toBe(70);
    expect(r.diags.map((d) => [d.message, d.loc.line])).toEqual([["printf's %n conversion is not supported by Warpscope", 3]]);
  });
});
