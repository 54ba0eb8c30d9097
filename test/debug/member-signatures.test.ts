import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchLiveAndReplay } from './session-helpers.js';

/*
 * A member function's name in the breakpoint table, as gdb's demangler writes it: its implicit
 * `this` is no parameter of the mangled name, and a const member ends in ` const`
 * (`V::dot(V const&) const`). Asked of a live session and of its trace's replay.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-member-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = join(dir, 'm.cu');
writeFileSync(
  program,
  `#include <cstdio>
struct V {
    float x;
    __device__ V &add(const V &o) { x += o.x; return *this; }
    __device__ float dot(const V &o) const { return x * o.x; }
};
__global__ void k(float *out)
{
    V a = {1}, b = {2};
    a.add(b);
    out[0] = a.dot(b);
}
int main()
{
    float *out;
    cudaMalloc(&out, 4);
    k<<<1, 1>>>(out);
    cudaDeviceSynchronize();
    return 0;
}
`,
);
const script = join(dir, 'cmds.gdb');
writeFileSync(script, ['break V::add', 'break V::dot', 'info breakpoints', ''].join('\n'));
const trace = join(dir, 'm.trace');

const expected = [
  'Breakpoint 1 at V::add: file m.cu, line 4.',
  'Breakpoint 2 at V::dot: file m.cu, line 5.',
  'Num     Type           Disp Enb What',
  '1       breakpoint     keep y   in V::add(V const&) at m.cu:4',
  '2       breakpoint     keep y   in V::dot(V const&) const at m.cu:5',
  '',
];

describe('member function names', () => {
  it('leave out this and end a const member in const, live and replayed', () => {
    expect(batchLiveAndReplay(program, script, trace, 'm.cu')).toEqual(expected);
  }, 60_000);
});
