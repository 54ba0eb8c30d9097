import { describe, expect, it } from 'vitest';
import { deviceReads, devicePrintfArgs } from '../../../src/engine/runtime/device-printf-args.js';
import { intType, doubleType, longType } from '../../../src/engine/check/types.js';
import { runSource } from '../exec/run-source.js';

/*
 * Device printf arguments go through a byte buffer: packed by their promoted types, read by the
 * format's conversions. The expected lines are an H100's (CUDA 13.0; conformance rules/printf_mismatch).
 */

describe('device printf buffer', () => {
  it('lists what each conversion reads, and gives up on modifiers the device does not take', () => {
    expect(deviceReads('%d %ld %f %s %p %c %*d %%')).toEqual(['int4', 'int8', 'double', 'string', 'pointer', 'int4', 'int4', 'int4']);
    expect(deviceReads('%hhd')).toBeNull();
    expect(deviceReads('%zu')).toBeNull();
  });

  it('reinterprets packed bytes: halves of a double, an int pair as a long', () => {
    const none = (): string | null => null;
    expect(devicePrintfArgs('%d %d', [2, 7], [doubleType, intType], none)).toEqual([{ kind: 'int', value: 0n }, { kind: 'int', value: 1073741824n }]);
    expect(devicePrintfArgs('%ld %d', [5, 6, 7], [intType, intType, intType], none)).toEqual([{ kind: 'int', value: 25769803781n }, { kind: 'int', value: 7n }]);
    expect(devicePrintfArgs('%d', [5000000000n], [longType], none)).toEqual([{ kind: 'int', value: 705032704n }]);
  });

  it('prints what the H100 printed for mismatched arguments', () => {
    const r = runSource(`#include <cstdio>
__global__ void k() {
  printf("a %d\\n", 1.5f);
  printf("c %d %d\\n", 2.0, 7);
  printf("e %ld %d\\n", 5, 6, 7);
  printf("g %d %d\\n", 5000000000LL, 9);
  printf("j %x %x\\n", 1.0, 3);
  printf("m %d %f %d\\n", 1, 2, 3.0, 4);
  printf("o %f\\n", 0, 1072693248);
  printf("p %d %s\\n", 1.0, "hi");
  printf("q %e %d\\n", 1, 2, 3);
}
int main() { k<<<1, 1>>>(); cudaDeviceSynchronize(); return 0; }
`);
    expect(r.stdout).toBe('a 0\nc 0 1073741824\ne 25769803781 7\ng 705032704 1\nj 0 3ff00000\nm 1 3.000000 4\no 1.000000\np 0 hi\nq 4.243992e-314 3\n');
    expect(r.status).toBe(0);
  });

  it('faults where %s reads an integer as an address, as the H100 does (an illegal memory access)', () => {
    const r = runSource(`#include <cstdio>
__global__ void k() { printf("%s\\n", 5); }
int main() { k<<<1, 1>>>(); printf("sync: %s\\n", cudaGetErrorString(cudaDeviceSynchronize())); return 0; }
`);
    expect(r.stdout).toBe('sync: an illegal memory access was encountered\n');
  });
});
