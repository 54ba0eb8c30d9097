import { describe, expect, it } from 'vitest';
import { compileSource } from '../../../src/engine/compile-source.js';
import { runProgram } from '../../../src/engine/runtime/program.js';
import { defaultRunOptions } from '../../../src/engine/api.js';
import type { ExecutionListener } from '../../../src/engine/runtime/listener.js';
import type { WarpMaskEvent } from '../../../src/engine/compile/warp-diag.js';
import { runSource } from './run-source.js';

/** A program running `body` in a kernel of `threads` threads that writes out[0..threads) and prints it. */
function kernelProgram(body: string, threads = 32, prelude = ''): string {
  return `#include <cstdio>
${prelude}
__global__ void k(int *out) {
  int lane = threadIdx.x % 32;
${body}
}
int main() {
  int *d, h[${threads}];
  cudaMalloc(&d, sizeof(h));
  cudaMemset(d, 0, sizeof(h));
  k<<<1, ${threads}>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  for (int i = 0; i < ${threads}; i++) printf("%d ", h[i]);
  printf("\\n");
  return 0;
}
`;
}

const warnings = (r: ReturnType<typeof runSource>): string[] =>
  r.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`);

describe('masks naming lanes that are not active', () => {
  it('warns once per call site for a ballot whose mask names lanes on another path, and the result is unchanged', () => {
    const r = runSource(kernelProgram('  for (int i = 0; i < 3; i++)\n    if (lane < 16) out[lane] = __ballot_sync(0xffffffff, 1);'));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('65535 '.repeat(16) + '0 '.repeat(16) + '\n');
    expect(warnings(r)).toEqual([
      '6:32: __ballot_sync mask 0xffffffff names lanes 16-31, which are not active here (block (0,0,0), warp 0: lanes 16-31 are on another path); their ballot bits are 0',
    ]);
    expect(r.stderr).toContain('prog.cu:6:32: warning: __ballot_sync mask 0xffffffff names lanes 16-31');
  });

  it('says which lanes of a shuffle read inactive lanes and got 0', () => {
    const r = runSource(kernelProgram('  int v = lane + 100;\n  if (lane < 16) out[lane] = __shfl_sync(0xffffffff, v, lane + 4);'));
    expect(r.stdout).toBe('104 105 106 107 108 109 110 111 112 113 114 115 0 0 0 0 ' + '0 '.repeat(16) + '\n');
    expect(warnings(r)).toEqual([
      '6:30: __shfl_sync mask 0xffffffff names lanes 16-31, which are not active here (block (0,0,0), warp 0: lanes 16-31 are on another path); lanes 12-15 read inactive lanes 16-19 and get 0',
    ]);
  });

  it('warns about a shuffle reading an inactive lane outside a mask that names only active lanes', () => {
    const r = runSource(kernelProgram('  int v = lane + 100;\n  if (lane < 16) out[lane] = __shfl_sync(0x0000ffff, v, 20);'));
    expect(r.stdout).toBe('0 '.repeat(32) + '\n');
    expect(warnings(r)).toEqual(['6:30: __shfl_sync in block (0,0,0), warp 0: lanes 0-15 read inactive lane 20 and get 0']);
  });

  it('names lanes past the end of the block and lanes that returned', () => {
    const partial = runSource(kernelProgram('  out[lane] = __reduce_add_sync(0xffffffff, 1);', 16));
    expect(partial.stdout).toBe('16 '.repeat(16) + '\n');
    expect(warnings(partial)).toEqual([
      '5:15: __reduce_add_sync mask 0xffffffff names lanes 16-31, which are not active here (block (0,0,0), warp 0: the block has no thread in lanes 16-31); they are left out',
    ]);
    const exited = runSource(kernelProgram('  if (lane == 31) return;\n  out[lane] = __all_sync(0xffffffff, 1);'));
    expect(exited.stdout).toBe('1 '.repeat(31) + '0 \n');
    expect(warnings(exited)).toEqual([
      '6:15: __all_sync mask 0xffffffff names lane 31, which is not active here (block (0,0,0), warp 0: lane 31 returned); they are left out',
    ]);
  });

  it('stays quiet when the mask names exactly the active lanes', () => {
    const r = runSource(kernelProgram('  if (lane < 16) out[lane] = __shfl_down_sync(__activemask(), lane, 1, 16) + __ballot_sync(0xffff, 1);\n  out[lane] += __any_sync(0xffffffff, lane == 3);'));
    expect(warnings(r)).toEqual([]);
    expect(r.stdout.split(' ').slice(0, 3)).toEqual(['65537', '65538', '65539']);
  });

  it('reports every occurrence to the listener, with the warp and lanes', () => {
    const compiled = compileSource('m.cu', { readFile: () => kernelProgram('  for (int i = 0; i < 3; i++)\n    if (lane < 8) out[lane] = __shfl_xor_sync(0xffffffff, lane, 8);', 64) });
    if (!compiled.ok) throw new Error(compiled.diags.map((d) => d.message).join('\n'));
    const events: WarpMaskEvent[] = [];
    const reported: string[] = [];
    const listener: ExecutionListener = { statement: () => false, access: () => undefined, apiCall: () => undefined, launch: () => undefined, warpMask: (e) => events.push(e) };
    let stdout = '';
    const status = runProgram(compiled.program, { argv: ['m'], options: defaultRunOptions, sink: { stdout: (t) => (stdout += t), stderr: () => undefined }, report: (d) => reported.push(d.message), listener });
    expect(status).toBe(0);
    expect(stdout.startsWith('0 0 0 0 0 0 0 0 0 ')).toBe(true);
    expect(events.length).toBe(6); // 3 iterations x 2 warps
    expect(events.map((e) => e.warp)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(events[0]).toMatchObject({ primitive: '__shfl_xor_sync', mask: 0xffffffff, active: 0xff, inactiveNamed: 0xffffff00, readersOfInactive: 0xff, sources: 0xff00, loc: { line: 6, col: 31 } });
    expect(reported).toHaveLength(1);
  });
});

describe('warp primitive overloads and results', () => {
  it('shuffles every integer and floating type CUDA overloads, taking the lane, delta and xor mask modulo 32', () => {
    const r = runSource(`#include <cstdio>
__global__ void k(long long *ll, unsigned long long *ull, long *l, double *d, float *f, int *i) {
  int t = threadIdx.x;
  ll[t] = __shfl_up_sync(0xffffffff, (long long)t << 40, 2);
  ull[t] = __shfl_xor_sync(0xffffffff, (unsigned long long)t << 33, 1);
  l[t] = __shfl_sync(0xffffffff, (long)-t, 0);
  d[t] = __shfl_down_sync(0xffffffff, t + 0.5, 33);
  f[t] = __shfl_sync(0xffffffff, t * 0.25f, 37);
  i[t] = __shfl_down_sync(0xffffffff, t, 40);
}
int main() {
  long long *ll; unsigned long long *ull; long *l; double *d; float *f; int *i;
  cudaMalloc(&ll, 256); cudaMalloc(&ull, 256); cudaMalloc(&l, 256); cudaMalloc(&d, 256); cudaMalloc(&f, 128); cudaMalloc(&i, 128);
  k<<<1, 32>>>(ll, ull, l, d, f, i);
  long long hll[32]; unsigned long long hull[32]; long hl[32]; double hd[32]; float hf[32]; int hi[32];
  cudaMemcpy(hll, ll, 256, cudaMemcpyDeviceToHost); cudaMemcpy(hull, ull, 256, cudaMemcpyDeviceToHost); cudaMemcpy(hl, l, 256, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, d, 256, cudaMemcpyDeviceToHost); cudaMemcpy(hf, f, 128, cudaMemcpyDeviceToHost); cudaMemcpy(hi, i, 128, cudaMemcpyDeviceToHost);
  printf("%lld %lld %lld %llu %llu %ld %ld %g %g %g %g %d %d\\n", hll[0], hll[1], hll[5], hull[0], hull[3], hl[0], hl[9], hd[0], hd[31], hf[0], hf[9], hi[0], hi[30]);
  return 0;
}
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`0 ${2 ** 40} ${3 * 2 ** 40} ${2 ** 33} ${2 * 2 ** 33} 0 0 1.5 31.5 1.25 1.25 8 30\n`);
  });

  it('matches values bit for bit and reduces over the lanes each mask names', () => {
    const r = runSource(kernelProgram(`  int pred = -1;
  unsigned all = __match_all_sync(0xffffffff, lane / 16, &pred);
  unsigned any = __match_any_sync(0xffffffff, lane < 4 ? -0.0f : 0.0f);
  unsigned half = __match_all_sync(0x0000ffff, 7.5, &pred) ;
  int lo = __reduce_min_sync(0xffffffff, 5 - lane);
  unsigned hi = __reduce_max_sync(0xffff0000, (unsigned)lane);
  out[lane] = lane < 16 ? (all == 0) + 10 * (any == (lane < 4 ? 0xfu : 0xfffffff0u)) + 100 * (half == 0xffff) + 1000 * pred + 10000 * (lo == -26)
                        : hi;`));
    expect(warnings(r)).toEqual([]);
    expect(r.stdout).toBe('11111 '.repeat(16) + '31 '.repeat(16) + '\n');
  });

  it('warns that __all/__any/__ballot are deprecated, then rejects each call as ptxas does for sm_90', () => {
    const r = runSource(kernelProgram('  if (lane < 8) out[lane] = __all(lane < 40) + 10 * __any(lane == 3) + 100 * __ballot(lane & 1);'));
    expect(warnings(r)).toEqual([
      "5:29: '__all' is deprecated: not valid on compute_70 and above; use __all_sync",
      "5:53: '__any' is deprecated: not valid on compute_70 and above; use __any_sync",
      "5:78: '__ballot' is deprecated: not valid on compute_70 and above; use __ballot_sync",
    ]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`)).toEqual([
      "5:29: '__all' cannot be built for sm_90: ptxas rejects 'vote' without '.sync' on sm_70 and higher",
      "5:53: '__any' cannot be built for sm_90: ptxas rejects 'vote' without '.sync' on sm_70 and higher",
      "5:78: '__ballot' cannot be built for sm_90: ptxas rejects 'vote' without '.sync' on sm_70 and higher",
    ]);
  });

  it('rejects the removed __shfl family as undeclared, with a note naming the _sync replacement', () => {
    const r = runSource(kernelProgram('  out[lane] = __shfl_down(lane, 1);'));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.diagnostics.map((d) => `${d.severity} ${d.loc.line}:${d.loc.col}: ${d.message}`)).toEqual([
      "error 5:15: use of undeclared identifier '__shfl_down'",
      "note 5:15: '__shfl_down' was removed for compute_70 and above; use __shfl_down_sync(mask, var, delta), whose mask names the lanes taking part",
    ]);
  });
});

describe('the order warps run in', () => {
  it('serves atomics in lane order, warp 0 first, and prints device printf highest warp first', () => {
    const r = runSource(`#include <cstdio>
__global__ void k(int *c, int *o) {
  int t = threadIdx.x;
  o[blockIdx.x * 80 + t] = atomicAdd(c, 1);
  if (t % 32 == 0) printf("warp %d\\n", t / 32);
}
int main() {
  int *c, *o, h[160];
  cudaMalloc(&c, 4); cudaMalloc(&o, sizeof(h)); cudaMemset(c, 0, 4);
  k<<<2, 80>>>(c, o);
  cudaMemcpy(h, o, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%d %d %d %d %d %d\\n", h[0], h[31], h[32], h[79], h[80], h[159]);
  return 0;
}
`);
    expect(r.stdout).toBe('warp 2\nwarp 1\nwarp 0\nwarp 2\nwarp 1\nwarp 0\n0 31 32 79 80 159\n');
  });
});
