import { describe, expect, it } from 'vitest';
import { execute } from '../../src/engine/execute.js';
import { defaultRunOptions, type EngineEvent } from '../../src/engine/api.js';

/** Runs a program held in memory through the engine's command API; returns what a user would see. */
function run(source: string, argv: string[] = ['prog']): { stdout: string; stderr: string; status: number; events: EngineEvent[] } {
  const events: EngineEvent[] = [];
  const status = execute({ kind: 'run', file: 'prog.cu', argv, options: defaultRunOptions }, { readFile: (p) => (p === 'prog.cu' ? source : null) }, (e) => events.push(e));
  const text = (k: 'stdout' | 'stderr') => events.map((e) => (e.kind === k ? e.text : e.kind === 'diagnostic' && k === 'stderr' ? e.rendered + '\n' : '')).join('');
  return { stdout: text('stdout'), stderr: text('stderr'), status, events };
}

describe('the engine command API', () => {
  it('ends every run with an exit event carrying main()s status', () => {
    const r = run('int main() { return 3; }');
    expect(r.status).toBe(3);
    expect(r.events.at(-1)).toEqual({ kind: 'exit', status: 3 });
  });

  it('reports compile errors as diagnostics and exits 1', () => {
    const r = run('int main() { return x; }');
    expect(r.status).toBe(1);
    const d = r.events.find((e) => e.kind === 'diagnostic');
    expect(d).toMatchObject({ kind: 'diagnostic', diagnostic: { severity: 'error', message: "use of undeclared identifier 'x'", loc: { file: 'prog.cu', line: 1, col: 21 } } });
  });

  it('passes argv to main', () => {
    const r = run('#include <cstdio>\n#include <cstdlib>\nint main(int argc, char **argv) { printf("%d %s %d\\n", argc, argv[1], atoi(argv[2]) * 2); return 0; }', ['prog', 'hello', '21']);
    expect(r.stdout).toBe('3 hello 42\n');
  });

  it('runs a statement whose printf has a function call among its arguments (regression)', () => {
    const r = run(`#include <cstdio>
static unsigned twice(unsigned f) { return f * 2; }
__device__ unsigned dtwice(unsigned f) { return f * 2; }
__global__ void k() { printf("d %u %u\\n", threadIdx.x, dtwice(threadIdx.x)); }
int main() {
  printf("x %u\\n", twice(3));
  for (int i = 0; i < 2; i++) printf("loop %d %u\\n", i, twice(i));
  k<<<1, 2>>>();
  cudaDeviceSynchronize();
  return 0;
}`);
    expect(r.stdout).toBe('x 6\nloop 0 0\nloop 1 2\nd 0 0\nd 1 2\n');
  });
});
