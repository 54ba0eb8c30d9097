import { describe, expect, it } from 'vitest';
import { compileSource } from '../../../src/engine/compile-source.js';
import { runProgram } from '../../../src/engine/runtime/program.js';
import { defaultRunOptions } from '../../../src/engine/api.js';
import type { ExecutionListener } from '../../../src/engine/runtime/listener.js';

const source = `#include <cstdio>
__global__ void fill(int *a) {
  a[threadIdx.x] = threadIdx.x * 10;
}
int main() {
  int *d;
  cudaMalloc(&d, 4 * sizeof(int));
  fill<<<1, 4>>>(d);
  fill<<<1, 2048>>>(d);
  cudaDeviceSynchronize();
  printf("done\\n");
  return 0;
}
`;

describe('execution events', () => {
  it('reports statements, memory stores, API calls and launches in the order they happen', () => {
    const compiled = compileSource('ev.cu', { readFile: () => source });
    if (!compiled.ok) throw new Error(compiled.diags.map((d) => d.message).join('\n'));
    const log: string[] = [];
    const listener: ExecutionListener = {
      statement: (_w, mask, loc) => {
        log.push(`stmt ${loc.line} ${mask.toString(2)}`);
        return false;
      },
      access: (kind, space, _address, bytes, value, lane) => {
        if (space !== 'host') log.push(`${kind} ${space} ${bytes} lane ${lane} = ${String(value)}`);
      },
      apiCall: (e) => log.push(`api ${e.name} -> ${String(e.result)}`),
      launch: (e) => log.push(`launch ${e.phase} ${e.kernel} <<<${e.grid.x}, ${e.block.x}>>>${e.outcome === undefined ? '' : ' ' + String(e.outcome)}`),
      operation: (e) => log.push(`op ${e.kind} ${e.name} stream ${e.stream}`),
    };
    let stdout = '';
    const status = runProgram(compiled.program, { argv: ['ev'], options: defaultRunOptions, sink: { stdout: (t) => (stdout += t), stderr: () => undefined }, report: () => undefined, listener });
    expect(status).toBe(0);
    expect(stdout).toBe('done\n');
    const begin = log.indexOf('launch begin fill <<<1, 4>>>');
    expect(log.indexOf('api cudaMalloc -> 0')).toBeGreaterThanOrEqual(0);
    expect(begin).toBeGreaterThan(log.indexOf('api cudaMalloc -> 0'));
    const kernel = log.slice(begin + 1, log.indexOf('launch end fill <<<1, 4>>> ok'));
    expect(kernel).toContain('stmt 3 1111');
    expect(kernel.filter((l) => l.startsWith('store global 4'))).toEqual(['store global 4 lane 0 = 0', 'store global 4 lane 1 = 10', 'store global 4 lane 2 = 20', 'store global 4 lane 3 = 30']);
    expect(log).toContain('launch rejected fill <<<1, 2048>>> 1');
    expect(log.indexOf('api printf -> 5')).toBeGreaterThan(log.indexOf('api cudaDeviceSynchronize -> 0'));
    // The queued kernel runs inside cudaDeviceSynchronize, and the timeline hears it once it ends.
    expect(log.indexOf('op kernel fill stream 0')).toBeGreaterThan(log.indexOf('launch end fill <<<1, 4>>> ok'));
    expect(log.indexOf('op kernel fill stream 0')).toBeLessThan(log.indexOf('api cudaDeviceSynchronize -> 0'));
  });
});
