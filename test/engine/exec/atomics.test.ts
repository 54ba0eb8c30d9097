import { describe, expect, it } from 'vitest';
import { runSource } from './run-source.js';

/*
 * Every atomic CUDA defines for sm_90's integer and floating types, on global memory and on
 * shared memory (through the same generic pointers), as a user sees the results: final values
 * printed by the host, and the old values the lanes got back (lane order, warp 0 first).
 */

/** The program: 64 threads (two warps) run every atomic on `Slots`, in global memory or in shared memory copied out by thread 0. */
function program(shared: boolean): string {
  return `#include <cstdio>
struct Slots { int i[8]; unsigned u[12]; unsigned long long ull[6]; long long ll[2]; float f[2]; double d[1]; unsigned incs[64]; };

__device__ void ops(Slots *s) {
  int t = threadIdx.x;
  atomicAdd(&s->i[0], t);
  atomicAdd(&s->u[0], 2u);
  atomicAdd(&s->ull[0], 1ull << 40);
  atomicAdd(&s->f[0], 0.5f);
  atomicAdd(&s->d[0], 0.25);
  atomicSub(&s->i[1], t);
  atomicSub(&s->u[1], 1u);
  atomicExch(&s->i[2], t);
  atomicExch(&s->u[2], 1000u + t);
  atomicExch(&s->ull[1], 5000000000ull + t);
  atomicExch(&s->f[1], t * 1.5f);
  atomicMin(&s->i[3], t - 20);
  atomicMax(&s->i[4], t - 20);
  atomicMin(&s->u[3], (unsigned)t + 5);
  atomicMax(&s->u[4], (unsigned)t);
  atomicMin(&s->ll[0], (long long)t - 100);
  atomicMax(&s->ll[1], -(long long)t);
  atomicMin(&s->ull[2], 7000000000ull - t);
  atomicMax(&s->ull[3], (unsigned long long)t << 33);
  s->incs[t] = atomicInc(&s->u[5], 9);
  atomicDec(&s->u[6], 9);
  atomicCAS(&s->i[5], t, t + 1);
  atomicCAS(&s->u[7], 0u, 77u + t);
  atomicCAS(&s->ull[4], 1ull << 50, (1ull << 50) + t + 1);
  atomicAnd(&s->i[6], ~(1 << (t % 32)));
  atomicAnd(&s->u[8], ~(1u << (t % 31)));
  atomicAnd(&s->ull[5], ~(1ull << t));
  atomicOr(&s->u[9], 1u << (t % 16));
  atomicOr(&s->i[7], t << 8);
  atomicXor(&s->u[10], (unsigned)t * 3u);
  atomicXor(&s->u[11], 1u << (t % 5));
}

__device__ void init(Slots *s) {
  memset(s, 0, sizeof(Slots));
  s->i[1] = 100; s->u[1] = 10; s->i[3] = 0; s->i[4] = 0; s->u[3] = 1000; s->ll[0] = 0; s->ll[1] = -5; s->ull[2] = 8000000000ull;
  s->ull[4] = 1ull << 50; s->i[6] = -1; s->u[8] = 0xffffffffu; s->ull[5] = ~0ull;
}

__global__ void viaGlobal(Slots *g) {
  if (threadIdx.x == 0) init(g);
  __syncthreads();
  ops(g);
}

__global__ void viaShared(Slots *g) {
  __shared__ Slots s;
  if (threadIdx.x == 0) init(&s);
  __syncthreads();
  ops(&s);
  __syncthreads();
  if (threadIdx.x == 0) *g = s;
}

int main() {
  Slots *d, h;
  cudaMalloc(&d, sizeof(Slots));
  ${shared ? 'viaShared' : 'viaGlobal'}<<<1, 64>>>(d);
  cudaMemcpy(&h, d, sizeof(Slots), cudaMemcpyDeviceToHost);
  printf("add %d %u %llu %g %g\\n", h.i[0], h.u[0], h.ull[0], h.f[0], h.d[0]);
  printf("sub %d %u\\n", h.i[1], h.u[1]);
  printf("exch %d %u %llu %g\\n", h.i[2], h.u[2], h.ull[1], h.f[1]);
  printf("min/max %d %d %u %u %lld %lld %llu %llu\\n", h.i[3], h.i[4], h.u[3], h.u[4], h.ll[0], h.ll[1], h.ull[2], h.ull[3]);
  printf("inc/dec %u %u\\n", h.u[5], h.u[6]);
  printf("inc olds");
  for (int t = 0; t < 12; t++) printf(" %u", h.incs[t]);
  printf("\\ncas %d %u %llu\\n", h.i[5], h.u[7], h.ull[4]);
  printf("and/or/xor %d %x %llx %x %x %x %x\\n", h.i[6], h.u[8], h.ull[5], h.u[9], h.i[7], h.u[10], h.u[11]);
  return 0;
}
`;
}

/** What the program prints: computed here the way a user would reason about it (64 threads, one after another in thread order). */
function expected(): string {
  let xor3 = 0;
  let xor5 = 0;
  for (let t = 0; t < 64; t++) {
    xor3 ^= t * 3;
    xor5 ^= 1 << (t % 5);
  }
  let orShift = 0;
  for (let t = 0; t < 64; t++) orShift |= t << 8;
  // atomicAnd with ~(1 << t % 31) over t < 64 clears bits 0..30 and keeps bit 31.
  const incs = Array.from({ length: 12 }, (_, t) => t % 10);
  return [
    `add 2016 128 ${64n << 40n} 32 16`,
    `sub -1916 ${(10 - 64 + 2 ** 32) >>> 0}`,
    `exch 63 1063 5000000063 94.5`,
    `min/max -20 43 5 63 -100 0 6999999937 ${63n << 33n}`,
    // atomicInc(9) from 0 counts 1..9, 0, ... : 64 % 10; atomicDec(9) from 0 wraps to 9 then counts down: (0 - 64) mod 10.
    `inc/dec 4 6`,
    `inc olds ${incs.join(' ')}`,
    // CAS: thread t finds t (each earlier thread added one), so all succeed; only thread 0 finds u[7] == 0 and ull[4] == 2^50.
    `cas 64 77 ${(1n << 50n) + 1n}`,
    `and/or/xor 0 80000000 0 ffff ${orShift.toString(16)} ${(xor3 >>> 0).toString(16)} ${xor5.toString(16)}`,
    '',
  ].join('\n');
}

describe('atomics', () => {
  for (const shared of [false, true]) {
    it(`gives every atomic's result on ${shared ? 'shared' : 'global'} memory`, () => {
      const r = runSource(program(shared));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(expected());
    });
  }

  it('returns old values in lane order, warp 0 first, for adds, exchanges and increments', () => {
    const r = runSource(`#include <cstdio>
__global__ void k(int *c, int *o) {
  int t = threadIdx.x;
  o[t] = atomicAdd(&c[0], t);
  o[64 + t] = atomicExch(&c[1], t);
  if (t % 2) o[128 + t] = atomicInc((unsigned *)&c[2], 3);
}
int main() {
  int *c, *o, h[192];
  cudaMalloc(&c, 12); cudaMalloc(&o, sizeof(h));
  cudaMemset(c, 0, 12); cudaMemset(o, 0xff, sizeof(h));
  k<<<1, 64>>>(c, o);
  cudaMemcpy(h, o, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%d %d %d %d | %d %d %d | %d %d %d %d %d\\n", h[0], h[1], h[2], h[33], h[64], h[65], h[96], h[128], h[129], h[131], h[133], h[163]);
  return 0;
}
`);
    // Sums of 0..t-1; exchanges hand each thread its predecessor's value; odd threads count 0,1,2,3,0,...
    expect(r.stdout).toBe(`0 0 1 ${(32 * 33) / 2} | 0 0 31 | -1 0 1 2 1\n`);
  });
});
