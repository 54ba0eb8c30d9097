import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchLiveAndReplay } from './session-helpers.js';

/*
 * A struct's member functions as gdb shows them: ptype lists them after the fields (a
 * constructor without a return type, an empty list as (void), a const member's trailing const),
 * and a method's name works as a function's does in whatis and print, `this` first among its
 * parameters. Asked of a live session and of its trace's replay.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-struct-methods-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = join(dir, 'vec.cu');
writeFileSync(
  program,
  `#include <cstdio>
struct Vec3 {
    float x, y, z;
    __device__ Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
    __device__ float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
    __device__ Vec3 &operator+=(const Vec3 &o) { x += o.x; y += o.y; z += o.z; return *this; }
};
__global__ void k(float *out)
{
    Vec3 v(1, 2, 3);
    v += Vec3(1, 1, 1);
    out[threadIdx.x] = v.dot(v);
}
int main()
{
    float *out;
    cudaMalloc(&out, 16);
    k<<<1, 1>>>(out);
    cudaDeviceSynchronize();
    return 0;
}
`,
);

const ptype = ['type = struct Vec3 {', '    float x;', '    float y;', '    float z;', '    Vec3(float, float, float);', '    float dot(const Vec3 &) const;', '    Vec3 & operator+=(const Vec3 &);', '}'];

describe('member functions', () => {
  it('are listed by ptype after the fields, and their names are typed and printed as gdb does', () => {
    const script = join(dir, 'cmds.gdb');
    writeFileSync(script, ['ptype Vec3', 'whatis Vec3::operator+=', 'whatis Vec3::operator +=', 'whatis Vec3::dot', 'print Vec3::dot', 'print &Vec3::operator+=', 'break 11', 'run', 'ptype v', ''].join('\n'));
    const out = batchLiveAndReplay(program, script, join(dir, 'vec.trace'), 'vec.cu');
    expect(out.slice(0, 13)).toEqual([
      ...ptype,
      'type = Vec3 &(Vec3 * const, const Vec3 &)',
      'type = Vec3 &(Vec3 * const, const Vec3 &)',
      'type = float (const Vec3 * const, const Vec3 &)',
      '$1 = {float (const Vec3 * const, const Vec3 &)} 0x7fffd7000200 <Vec3::dot(Vec3 const&) const>',
      '$2 = (Vec3 &(Vec3::*)(Vec3 * const, const Vec3 &)) 0x7fffd7000300 <Vec3::operator+=(Vec3 const&)>',
    ]);
    // At a stop in the kernel, ptype of a variable lists them too (after cuda-gdb's space of the variable).
    expect(out.join('\n')).toContain(['11\t    v += Vec3(1, 1, 1);', 'type = @local struct Vec3 {', ...ptype.slice(1)].join('\n'));
  });
});
