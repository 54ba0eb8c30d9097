import { describe, expect, it } from 'vitest';
import { trafficSnapshot, type TrafficTotals } from '../../../src/engine/exec/index.js';
import { SITE_GENERIC, SITE_GLOBAL, TrafficSites, deviceTraffic } from '../../../src/engine/exec/transactions.js';
import { GLOBAL_BASE, SHARED_BASE } from '../../../src/engine/memory/layout.js';
import { runSource } from './run-source.js';

/* Transactions counted per warp-level memory instruction: global sectors, shared wavefronts, local sectors. */

/** The traffic of one run of `kernel` (a __global__ function k(float *a, float *o)) launched as <<<1, block>>>. */
function traffic(kernel: string, block: string): TrafficTotals {
  const before = trafficSnapshot();
  const r = runSource(`${kernel}
int main() {
  float *a, *o;
  cudaMalloc(&a, 1 << 20);
  cudaMalloc(&o, 1 << 20);
  k<<<1, ${block}>>>(a, o);
  printf("%d\\n", (int)cudaDeviceSynchronize());
  return 0;
}`);
  expect(r.stdout).toBe('0\n');
  const after = trafficSnapshot();
  const d = { ...after };
  for (const key of Object.keys(d) as (keyof TrafficTotals)[]) d[key] = after[key] - before[key];
  return d;
}

describe('global sectors', () => {
  it('counts 4 sectors for a coalesced float load of 32 lanes and 32 for a stride-32 one', () => {
    const t = traffic('__global__ void k(float *a, float *o) { o[threadIdx.x] = a[threadIdx.x]; }', '32');
    expect([t.globalLoads, t.globalLoadSectors, t.globalStores, t.globalStoreSectors]).toEqual([1, 4, 1, 4]);
    const s = traffic('__global__ void k(float *a, float *o) { o[threadIdx.x] = a[threadIdx.x * 32]; }', '32');
    expect([s.globalLoads, s.globalLoadSectors]).toEqual([1, 32]);
  });

  it('counts a broadcast as one sector, doubles as 8, and only the lanes that execute', () => {
    expect(traffic('__global__ void k(float *a, float *o) { o[threadIdx.x] = a[5]; }', '32').globalLoadSectors).toBe(1);
    expect(traffic('__global__ void k(float *a, float *o) { ((double *)o)[threadIdx.x] = 1.0; }', '32').globalStoreSectors).toBe(8);
    // Lanes 0-7 take the branch: one instruction of one sector; the ?: arm reads for lanes 8-15 only.
    const t = traffic('__global__ void k(float *a, float *o) { if (threadIdx.x < 8) o[threadIdx.x] = 1; float v = threadIdx.x >= 8 && threadIdx.x < 16 ? a[threadIdx.x * 8] : 0; o[64 + threadIdx.x] = v; }', '32');
    expect([t.globalStores, t.globalStoreSectors - 4, t.globalLoads, t.globalLoadSectors]).toEqual([2, 1, 1, 8]);
  });

  it('counts each warp and each loop iteration as its own instruction', () => {
    const t = traffic('__global__ void k(float *a, float *o) { for (int j = 0; j < 4; j++) o[threadIdx.x * 64 + j] = a[j * 64 + threadIdx.x]; }', '64');
    expect([t.globalLoads, t.globalLoadSectors]).toEqual([8, 32]);
    // Each store instruction: 32 lanes 256 bytes apart, one sector each.
    expect([t.globalStores, t.globalStoreSectors]).toEqual([8, 256]);
  });
});

describe('shared wavefronts', () => {
  const transpose = (rows: number, cols: number, n: number): TrafficTotals =>
    traffic(`__global__ void k(float *a, float *o) {
  __shared__ float tile[${rows}][${cols}];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  o[threadIdx.y * ${n} + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}`, `dim3(${n}, ${n})`);

  it('counts the bank conflicts of a column read of float[16][16] by a 16x16 block, and what padding leaves', () => {
    // A warp is two rows of 16 threads: reading tile[tx][ty], the 16 tx of one ty fall in two banks (row stride 16 words): 8-way.
    const t = transpose(16, 16, 16);
    expect([t.sharedStores, t.sharedStoreWavefronts, t.sharedLoads, t.sharedLoadWavefronts]).toEqual([8, 8, 8, 64]);
    // Rows of 17 words spread one ty over 16 banks; the second ty's lane 15 wraps onto the first's bank: 2-way.
    expect(transpose(16, 17, 16).sharedLoadWavefronts).toBe(16);
  });

  it('counts a 32-way conflict for float[32][32] by a 32x32 block, and none with a padded row', () => {
    expect(transpose(32, 32, 32).sharedLoadWavefronts).toBe(32 * 32);
    expect(transpose(32, 33, 32).sharedLoadWavefronts).toBe(32);
  });
});

describe('sampling', () => {
  /** Runs lane loop 0 `runs` times as generated code does; run r's lanes access base + r * stride + 4 * lane. */
  function drive(tx: TrafficSites, runs: number, stride: number): void {
    for (let r = 0; r < runs; r++) {
      if (--tx.countdown[0]! !== 0) continue;
      tx.sample(0);
      for (let l = 0; l < 32; l++) tx.addr[l] = GLOBAL_BASE + r * stride + 4 * l;
      tx.flush(0, -1);
    }
  }

  it('scales the recorded executions of a loop to all of them when a launch settles', () => {
    const tx = new TrafficSites([{ space: SITE_GLOBAL, bytes: 4, store: false, loc: 0, atomic: false }], [[0]], 4);
    const before = trafficSnapshot();
    drive(tx, 10, 128);
    tx.settle();
    expect(deviceTraffic.globalLoads - before.globalLoads).toBe(10);
    expect(deviceTraffic.globalLoadSectors - before.globalLoadSectors).toBe(40);
    // Settling starts afresh: the next launch's first execution is recorded again.
    expect(tx.countdown[0]).toBe(1);
  });

  it('estimates from the samples when executions differ', () => {
    const tx = new TrafficSites([{ space: SITE_GLOBAL, bytes: 4, store: true, loc: 0, atomic: false }], [[0]], 2);
    const before = trafficSnapshot();
    // Runs 0, 2 and 4 are recorded, 0, 8 and 16 bytes past a sector boundary: 4, 5 and 5 sectors, scaled by 6 / 3.
    drive(tx, 6, 4);
    tx.settle();
    expect(deviceTraffic.globalStores - before.globalStores).toBe(6);
    expect(deviceTraffic.globalStoreSectors - before.globalStoreSectors).toBe(28);
  });

  it('counts a generic access by the space of each lane\'s address', () => {
    const tx = new TrafficSites([{ space: SITE_GENERIC, bytes: 4, store: false, loc: 0, atomic: false }], [[0]], 1);
    const before = trafficSnapshot();
    for (let l = 0; l < 32; l++) tx.addr[l] = l < 16 ? GLOBAL_BASE + 4 * l : SHARED_BASE + 128 * l;
    tx.sample(0);
    tx.flush(0, -1);
    tx.settle();
    expect(deviceTraffic.globalLoadSectors - before.globalLoadSectors).toBe(2);
    expect([deviceTraffic.sharedLoads - before.sharedLoads, deviceTraffic.sharedLoadWavefronts - before.sharedLoadWavefronts]).toEqual([1, 16]);
  });
});
