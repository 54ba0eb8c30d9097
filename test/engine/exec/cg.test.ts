import { describe, expect, it } from 'vitest';
import { execute } from '../../../src/engine/execute.js';
import { defaultRunOptions, type EngineEvent } from '../../../src/engine/api.js';

/** Runs `source` as prog.cu: what a user sees (stdout, stderr with rendered diagnostics) and the exit status. */
function run(source: string): { stdout: string; stderr: string; status: number } {
  const events: EngineEvent[] = [];
  const status = execute({ kind: 'run', file: 'prog.cu', argv: ['prog'], options: defaultRunOptions }, { readFile: (p) => (p === 'prog.cu' ? source : null) }, (e) => events.push(e));
  const text = (k: 'stdout' | 'stderr'): string => events.map((e) => (e.kind === k ? e.text : e.kind === 'diagnostic' && k === 'stderr' ? e.rendered + '\n' : '')).join('');
  return { stdout: text('stdout'), stderr: text('stderr'), status };
}

/** A program whose kernel `k(int *o)` runs `body` on `threads` threads of one block and prints o[0..n) afterwards. */
function program(body: string, threads: number, n = threads, prelude = ''): string {
  return `#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
${prelude}
__global__ void k(int *o) {
${body}
}
int main() {
  int *d, h[${n}];
  cudaMalloc(&d, sizeof(h));
  cudaMemset(d, 0, sizeof(h));
  k<<<1, ${threads}>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  for (int i = 0; i < ${n}; i++) printf("%d ", h[i]);
  printf("%s\\n", cudaGetErrorName(e));
  return 0;
}
`;
}

const row = (f: (i: number) => number, n: number): string => Array.from({ length: n }, (_, i) => `${f(i)} `).join('');

describe('cooperative groups at run time', () => {
  it('tiles of a block whose size is not a multiple of the tile: the dynamic partition cuts the last tile, the static one does not', () => {
    const r = run(program('  auto tb = cg::this_thread_block(); int t = tb.thread_rank();\n  cg::thread_group g = cg::tiled_partition(tb, 8);\n  cg::thread_block_tile<8> s = cg::tiled_partition<8>(tb);\n  o[t] = g.thread_rank() + 10 * (int)g.size() + 1000 * s.size() + 100000 * s.meta_group_size();', 20));
    expect(r.stdout).toBe(row((i) => (i % 8) + 10 * (i < 16 ? 8 : 4) + 8000 + 300000, 20) + 'cudaSuccess\n');
  });

  it('a thread_group handle passed to a __device__ function synchronises a block or a tile (the notes\' reduce_sum)', () => {
    const prelude = `__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) { temp[lane] = val; g.sync(); if (lane < i) val += temp[lane + i]; g.sync(); }
  return val;
}`;
    const body = `  __shared__ int temp[64];
  cg::thread_block tb = cg::this_thread_block();
  int t = tb.thread_rank();
  int all = reduce_sum(tb, temp, t);
  tb.sync();
  int part = reduce_sum(cg::tiled_partition(tb, 16), temp + t / 16 * 16, 1);
  o[t] = all * 100 + part;`;
    const r = run(program(body, 64, 64, prelude));
    // Rank 0 of each group holds the total: the block's 0 + ... + 63, each 16-thread tile's 16.
    const o = r.stdout.split(' ').map(Number);
    expect([Math.floor(o[0]! / 100), o[0]! % 100, o[16]! % 100, o[48]! % 100]).toEqual([2016, 16, 16, 16]);
    expect(r.stdout.endsWith('cudaSuccess\n')).toBe(true);
  });

  it('coalesced groups rank the active lanes in lane order; shfl takes a rank, shfl_up/down stop at the ends', () => {
    const body = `  int t = threadIdx.x;
  if (t % 3 == 0) {
    cg::coalesced_group a = cg::coalesced_threads();
    o[t] = a.thread_rank() + 100 * a.size() + 10000 * a.shfl(t, 2) + 1000000 * a.shfl_down(t, 1);
    o[t + 1] = a.shfl_up(t, 2) + 1000 * a.ballot(t > 10) + 100000 * a.any(t == 9) + 1000000 * a.all(t < 100);
  }`;
    const r = run(program(body, 16, 17));
    // Members are lanes 0,3,6,9,12,15 (ranks 0..5): rank 2 is lane 6; past either end a thread gets its own value.
    const lanes = [0, 3, 6, 9, 12, 15];
    const want = new Array<number>(17).fill(0);
    lanes.forEach((l, k) => {
      want[l] = k + 600 + 60000 + 1000000 * (lanes[k + 1] ?? l);
      want[l + 1] = (lanes[k - 2] ?? l) + 1000 * 0b110000 + 100000 + 1000000;
    });
    expect(r.stdout).toBe(want.map((v) => `${v} `).join('') + 'cudaSuccess\n');
  });

  it('tile collectives: shuffles have the tile as their width, ballot and match_any number the tile\'s threads', () => {
    const body = `  int t = threadIdx.x;
  cg::thread_block_tile<4> q = cg::tiled_partition<4>(cg::this_thread_block());
  o[t] = q.shfl(t, 1) + 100 * q.shfl_xor(t, 3) + 10000 * q.ballot(t % 2 == 1) + 1000000 * q.match_any(t / 2);`;
    const r = run(program(body, 8));
    expect(r.stdout).toBe(row((i) => (i & ~3) + 1 + 100 * (i ^ 3) + 10000 * 0b1010 + 1000000 * (i % 4 < 2 ? 3 : 12), 8) + 'cudaSuccess\n');
  });

  it('cg::reduce combines floats in CUDA\'s order: a tile swaps halves (shfl_xor 4, 2, 1), a 3-member coalesced group scans', () => {
    // 2^24 + 1 + 1 + ... rounds differently depending on the order of the additions.
    const body = `  int t = threadIdx.x;
  float v = t == 0 ? 16777216.0f : 1.0f;
  cg::thread_block_tile<8> q = cg::tiled_partition<8>(cg::this_thread_block());
  float s = cg::reduce(q, v, cg::plus<float>());
  float c = 0.0f;
  if (t < 3) c = cg::reduce(cg::coalesced_threads(), v, cg::plus<float>());
  o[t] = (int)(s - 16777216.0f) * 100 + (int)(c - 16777216.0f);`;
    // Tile: ((v0+v4)+(v2+v6)) + ((v1+v5)+(v3+v7)): 2^24+1 rounds to 2^24 (ties to even), then 2^24 + 2 + 4 = 2^24+6.
    // Coalesced group of 3 (Hillis-Steele scan to the last rank): step 1 gives [2^24, 1 + 2^24 -> 2^24, 1 + 1 = 2], step 2 gives 2 + 2^24.
    const r = run(program(body, 8));
    expect(r.stdout).toBe(row((i) => 600 + (i < 3 ? 2 : -16777216), 8) + 'cudaSuccess\n');
  });

  it('block.sync() reached by part of a warp completes when the rest exit (barrier.sync, not __syncthreads\' aligned form), as on the H100', () => {
    const prelude = `__device__ int sum(cg::thread_block block, int *x) { block.sync(); return x[47] + 1; }
__device__ int sum2(cg::thread_group g, int *x) { g.sync(); return x[47] + 2; }`;
    const r = run(program('  if (threadIdx.x < blockDim.x / 2) o[threadIdx.x] = sum(cg::this_thread_block(), o) + sum2(cg::this_thread_block(), o);', 48, 48, prelude));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(row((i) => (i < 24 ? 3 : 0), 48) + 'cudaSuccess\n');
    // __syncthreads() in the same place is still the reported deadlock.
    const s = run(program('  if (threadIdx.x < blockDim.x / 2) __syncthreads();', 48));
    expect(s.status).toBe(124);
    expect(s.stderr).toContain("error: deadlock in kernel 'k': threads (0..23,0,0) of block (0,0,0) wait at line 7;");
  });
  it('tile match_any/match_all give tile-relative masks (bit k = the tile\'s rank k) and match_all sets pred through its reference, as on the H100', () => {
    const body = `  int t = threadIdx.x;
  cg::thread_block_tile<16> q = cg::tiled_partition<16>(cg::this_thread_block());
  int pred = 7, pred2 = 7;
  unsigned same = q.match_all(t / 16, pred), mixed = q.match_all(t % 2, pred2);
  o[t] = q.match_any(t % 5);
  o[64 + t] = same + 100000 * pred;
  o[128 + t] = mixed + 10 * pred2;`;
    const r = run(program(body, 64, 192));
    // In each 16-thread tile the values t % 5 repeat every 5 ranks: ranks k, k+5, k+10, k+15.
    const anyMask = (i: number): number => { let m = 0; for (let k = 0; k < 16; k++) if ((i & ~15) + k < 64 && ((i & ~15) + k) % 5 === i % 5) m |= 1 << k; return m; };
    expect(r.stdout).toBe(row(anyMask, 64) + row(() => 0xffff + 100000, 64) + row(() => 0, 64) + 'cudaSuccess\n');
  });

  it('a coalesced group\'s match_all numbers its members; a value that differs clears pred and the mask', () => {
    const body = `  int t = threadIdx.x;
  if (t % 2 == 0) {
    cg::coalesced_group a = cg::coalesced_threads();
    int p = -1;
    o[t] = a.match_all(t < 100 ? 5 : t, p) + 100000 * p;
    int p2 = -1;
    o[t + 1] = a.match_all(t, p2) + 10 * p2;
  }`;
    const r = run(program(body, 32));
    expect(r.stdout).toBe(row((i) => (i % 2 === 0 ? 0xffff + 100000 : 0), 32) + 'cudaSuccess\n');
  });

  it('tiled_partition of a coalesced group into tiles of at least its size returns the group itself, meta rank and size included', () => {
    // The even lanes of each warp (16 members) in quarters of 4; re-partitioning a quarter by 8 keeps it whole.
    const body = `  int t = threadIdx.x;
  if (t % 2 == 0) {
    cg::coalesced_group even = cg::coalesced_threads();
    cg::coalesced_group q = cg::tiled_partition(even, 4);
    cg::coalesced_group w = cg::tiled_partition(q, 8);
    o[t] = w.meta_group_rank() + 10 * w.meta_group_size() + 100 * w.size() + 1000 * w.thread_rank() + 10000 * q.meta_group_rank();
  }`;
    const r = run(program(body, 64));
    expect(r.stdout).toBe(row((i) => (i % 2 ? 0 : ((i % 32) >> 3) * 10001 + 40 + 400 + 1000 * (((i % 32) >> 1) & 3)), 64) + 'cudaSuccess\n');
  });

  it('functor objects: declared variables (qualified, or unqualified under a using-directive) and passed to __device__ functions', () => {
    const prelude = `using namespace cooperative_groups;
__device__ int tileSum(thread_block_tile<8> t, int v, plus<int> op) { return reduce(t, v, op); }`;
    const body = `  cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
  cg::plus<int> op;
  cooperative_groups::greater<float> g;
  less<int> lo;
  int plus = 2, less = 3;
  o[threadIdx.x] = tileSum(t, threadIdx.x, op) + plus * less + (int)reduce(t, (float)threadIdx.x, g) * 1000 + reduce(t, (int)threadIdx.x, lo) * 100000;`;
    const r = run(program(body, 16, 16, prelude));
    // Tile 0 holds 0..7 (sum 28, max 7, min 0), tile 1 holds 8..15 (sum 92, max 15, min 8).
    expect(r.stdout).toBe(row((i) => (i < 8 ? 28 + 6 + 7000 : 92 + 6 + 15000 + 800000), 16) + 'cudaSuccess\n');
  });
});
