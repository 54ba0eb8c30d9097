import { describe, expect, it } from 'vitest';
import { compileSource } from '../../../src/engine/compile-source.js';
import { runProgram } from '../../../src/engine/runtime/program.js';
import { defaultRunOptions } from '../../../src/engine/api.js';
import type { TimelineOp } from '../../../src/engine/runtime/streams.js';

/*
 * Streams and events as a program observes them: query answers while work is pending,
 * event times from the timing model, the legacy default stream's implicit synchronisation,
 * and the timeline the debugger draws.
 */

function run(body: string, prelude = ''): { stdout: string; ops: TimelineOp[]; status: number } {
  const source = `#include <cstdio>
__global__ void busy(float *out, int iters) {
  float x = threadIdx.x;
  for (int i = 0; i < iters; i++) x = x * 0.999f + 1.0f;
  out[threadIdx.x] = x;
}
__global__ void set(int *p, int v) { *p = v; }
__global__ void get(const int *p, int *q) { *q = *p; }
${prelude}
int main() {
${body}
  return 0;
}
`;
  const compiled = compileSource('t.cu', { readFile: () => source });
  if (!compiled.ok) throw new Error(compiled.diags.map((d) => d.message).join('\n'));
  let stdout = '';
  const ops: TimelineOp[] = [];
  const status = runProgram(compiled.program, {
    argv: ['t'],
    options: defaultRunOptions,
    sink: { stdout: (t) => (stdout += t), stderr: () => undefined },
    report: (d) => {
      throw new Error(d.message);
    },
    timeline: (op) => ops.push(op),
  });
  return { stdout, ops, status };
}

const Q = '#define Q(x) printf("%s\\n", cudaGetErrorName(x))';

describe('stream and event queries', () => {
  it('say NotReady while a long kernel runs and success once the host has waited for it', () => {
    const r = run(
      `  float *a; cudaMalloc(&a, 128);
  cudaStream_t s; cudaStreamCreate(&s);
  cudaEvent_t e, never; cudaEventCreate(&e); cudaEventCreate(&never);
  Q(cudaEventQuery(never));
  busy<<<1, 32, 0, s>>>(a, 1 << 16);
  cudaEventRecord(e, s);
  Q(cudaStreamQuery(s));
  Q(cudaEventQuery(e));
  Q(cudaGetLastError());
  Q(cudaStreamSynchronize(s));
  Q(cudaStreamQuery(s));
  Q(cudaEventQuery(e));`,
      Q,
    );
    expect(r.stdout.split('\n')).toEqual(['cudaSuccess', 'cudaErrorNotReady', 'cudaErrorNotReady', 'cudaSuccess', 'cudaSuccess', 'cudaSuccess', 'cudaSuccess', '']);
  });

  it('lets a polling loop end: host time advances with each runtime call', () => {
    const r = run(
      `  float *a; cudaMalloc(&a, 128);
  cudaStream_t s; cudaStreamCreate(&s);
  busy<<<1, 32, 0, s>>>(a, 1 << 12);
  int polls = 0;
  while (cudaStreamQuery(s) == cudaErrorNotReady) polls++;
  printf("%d\\n", polls > 0);`,
    );
    expect(r.stdout).toBe('1\n');
  });
});

describe('cudaEventElapsedTime', () => {
  it('gives the modelled kernel time between two records, negative when reversed, and refuses events it cannot time', () => {
    const r = run(
      `  float *a; cudaMalloc(&a, 128);
  cudaEvent_t e0, e1, nt; cudaEventCreate(&e0); cudaEventCreate(&e1); cudaEventCreateWithFlags(&nt, cudaEventDisableTiming);
  float ms = 0, back = 0;
  cudaEventRecord(e0);
  busy<<<1, 32>>>(a, 1 << 14);
  cudaEventRecord(e1);
  Q(cudaEventElapsedTime(&ms, e0, e1));
  cudaEventSynchronize(e1);
  Q(cudaEventElapsedTime(&ms, e0, e1));
  Q(cudaEventElapsedTime(&back, e1, e0));
  cudaEventRecord(nt);
  cudaEventSynchronize(nt);
  Q(cudaEventElapsedTime(&back, e0, nt));
  Q(cudaGetLastError());
  printf("%.4f %d\\n", ms, back < 0);`,
      Q,
    );
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 5)).toEqual(['cudaErrorNotReady', 'cudaSuccess', 'cudaSuccess', 'cudaErrorInvalidResourceHandle', 'cudaErrorInvalidResourceHandle']);
    const kernel = r.ops.find((o) => o.kind === 'kernel')!;
    const [rec0, rec1] = r.ops.filter((o) => o.kind === 'event record');
    const [ms, reversed] = lines[5]!.split(' ');
    // The time between the two records' ends (0.5 µs resolution): the kernel's modelled duration and a few µs of launch latency.
    expect(Number(ms)).toBeCloseTo((rec1!.end - rec0!.end) / 1e6, 3);
    expect(Number(ms)).toBeGreaterThan((kernel.end - kernel.start) / 1e6);
    expect(Number(ms) - (kernel.end - kernel.start) / 1e6).toBeLessThan(0.01);
    expect(reversed).toBe('1');
  });
});

describe('the legacy default stream', () => {
  it('waits for blocking streams but not for non-blocking ones', () => {
    const r = run(`  int *flag, *seen, h; float *sink;
  cudaMalloc(&flag, 4); cudaMalloc(&seen, 4); cudaMalloc(&sink, 128);
  cudaStream_t b, nb; cudaStreamCreate(&b); cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking);
  cudaMemset(flag, 0, 4);
  set<<<1, 1, 0, b>>>(flag, 1);
  get<<<1, 1>>>(flag, seen);
  cudaMemcpy(&h, seen, 4, cudaMemcpyDeviceToHost);
  printf("blocking %d\\n", h);
  cudaMemset(flag, 0, 4);
  set<<<1, 1, 0, nb>>>(flag, 1);
  get<<<1, 1>>>(flag, seen);
  cudaMemcpy(&h, seen, 4, cudaMemcpyDeviceToHost);
  printf("non-blocking %d\\n", h);
  cudaDeviceSynchronize();`);
    expect(r.stdout).toBe('blocking 1\nnon-blocking 0\n');
    const kernels = r.ops.filter((o) => o.kind === 'kernel');
    const [setB, getB, setNb, getNb] = [kernels.find((k) => k.name === 'set' && k.stream === 1)!, kernels.filter((k) => k.name === 'get')[0]!, kernels.find((k) => k.name === 'set' && k.stream === 2)!, kernels.filter((k) => k.name === 'get')[1]!];
    expect(getB.dependencies).toContain(setB.id);
    expect(getB.start).toBeGreaterThanOrEqual(setB.end);
    expect(getNb.dependencies).not.toContain(setNb.id);
  });
});

describe('the timeline', () => {
  it('reports every operation with its stream, kind, times and what it waited for', () => {
    const r = run(`  float *d, *h; cudaMalloc(&d, 1 << 20); cudaMallocHost(&h, 1 << 20);
  float p[256];
  cudaStream_t s1, s2; cudaStreamCreate(&s1); cudaStreamCreate(&s2);
  cudaEvent_t e; cudaEventCreate(&e);
  cudaMemcpyAsync(d, h, 1 << 20, cudaMemcpyHostToDevice, s1);
  cudaMemcpyAsync(d, h, 1 << 20, cudaMemcpyHostToDevice, s2);
  cudaMemcpyAsync(d, p, sizeof(p), cudaMemcpyHostToDevice, s2);
  cudaEventRecord(e, s1);
  cudaStreamWaitEvent(s2, e, 0);
  cudaMemsetAsync(d, 0, 4096, s2);
  cudaDeviceSynchronize();`);
    const [c1, c2, c3, rec, wait, fill] = r.ops.sort((a, b) => a.id - b.id);
    expect([c1, c2, c3, rec, wait, fill].map((o) => `${o!.stream} ${o!.kind}`)).toEqual(['1 memcpy', '2 memcpy', '2 memcpy', '1 event record', '2 wait', '2 memset']);
    expect(c1).toMatchObject({ direction: 'HtoD', bytes: 1 << 20, pinned: true });
    expect(c3).toMatchObject({ direction: 'HtoD', pinned: false });
    // One copy engine per direction: the second stream's copy starts when the first one ends.
    expect(c2!.start).toBe(c1!.end);
    // Pinned memory moves at PCIe Gen5 speed: 1 MiB in about 20 µs.
    expect(c1!.end - c1!.start).toBeGreaterThan(15_000);
    expect(c1!.end - c1!.start).toBeLessThan(25_000);
    expect(wait!.dependencies).toContain(rec!.id);
    expect(fill!.dependencies).toEqual([wait!.id]);
    expect(fill!.start).toBeGreaterThanOrEqual(c1!.end);
  });
});

describe('host functions and async copies', () => {
  it('runs callbacks in stream order and stages pageable sources when the call returns', () => {
    const r = run(
      `  int *d; cudaMalloc(&d, 4);
  cudaStream_t s; cudaStreamCreate(&s);
  int src = 7, dst = 0;
  set<<<1, 1, 0, s>>>(d, 5);
  cudaLaunchHostFunc(s, note, (void *)"after set");
  cudaMemcpyAsync(d, &src, 4, cudaMemcpyHostToDevice, s);
  src = 9;
  cudaMemcpyAsync(&dst, d, 4, cudaMemcpyDeviceToHost, s);
  printf("dst %d\\n", dst);
  cudaStreamSynchronize(s);`,
      'void CUDART_CB note(void *text) { printf("callback %s\\n", (const char *)text); }',
    );
    expect(r.stdout).toBe('callback after set\ndst 7\n');
    expect(r.ops.map((o) => o.kind)).toEqual(['kernel', 'host func', 'memcpy', 'memcpy']);
  });
});
