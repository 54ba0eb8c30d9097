import { describe, expect, it } from 'vitest';
import { collect } from './helpers.js';
import { runSource } from '../../engine/exec/run-source.js';

/* The stats collector's own semantics: per-line attribution, atomics, switch divergence, and that counting changes nothing a program sees. */

const prog = `#include <stdio.h>
__global__ void k(float *a, int *n) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t * 2 % 64] = a[t];
  atomicAdd(n, 1);
  switch (t % 3) { case 0: a[t] = 1; break; case 1: a[t] = 2; break; default: break; }
  __syncthreads();
  a[t] = s[t];
}
int main() {
  float *a; int *n; cudaEvent_t e0, e1; float ms;
  cudaMalloc(&a, 256); cudaMalloc(&n, 4);
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  cudaEventRecord(e0); k<<<1, 64>>>(a, n); cudaEventRecord(e1); cudaEventSynchronize(e1);
  cudaEventElapsedTime(&ms, e0, e1);
  printf("%.4f\\n", ms);
  return 0;
}
`;

describe('the stats collector', () => {
  const run = collect('prog.cu', prog);
  const launch = run.launches[0]!;
  const line = (n: number): Record<string, number> => launch.lines.find((l) => l.line === n)!.metrics;

  it('attributes counts to the source line of each access, leaving atomics out of loads and stores', () => {
    expect(run.launches).toHaveLength(1);
    // s[t * 2 % 64]: lanes t and t + 16 share a bank with different words: 2 wavefronts, 1 conflict per warp.
    expect([line(5)['smsp__inst_executed_op_shared_st.sum'], line(5)['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum'], line(5)['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum']]).toEqual([2, 4, 2]);
    expect([line(5)['l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'], line(5)['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum']]).toEqual([2, 8]);
    expect(line(6)['l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'] + line(6)['l1tex__t_requests_pipe_lsu_mem_global_op_st.sum']).toBe(0);
    expect(line(6)['smsp__thread_inst_executed.sum']).toBe(64);
  });

  it('counts a switch whose lanes take three ways as two divergent targets per warp', () => {
    expect(line(7)['smsp__sass_branch_targets_threads_divergent.sum']).toBe(4);
  });

  it('sums the lines into the launch and leaves the modelled times and output of a plain run alone', () => {
    const sum = launch.lines.reduce((n, l) => n + l.metrics['smsp__thread_inst_executed.sum'], 0);
    expect(launch.metrics['smsp__thread_inst_executed.sum']).toBe(sum);
    expect(run.stdout).toBe(runSource(prog).stdout);
  });
});
