import { describe, expect, it } from 'vitest';
import { unsupportedDeviceLength } from '../../../src/engine/check/device-printf.js';
import { runSource } from '../exec/run-source.js';

/*
 * The H100's device printf takes the h, l and ll length modifiers only: after an hh, z, j, t or L
 * conversion it prints wrong values (probed on the H100: "%hhd %d %d %d" printed the 4th value as
 * the format's first bytes, "%zu" alone printed itself). Warpscope warns where that happens.
 */

describe('device printf length modifiers', () => {
  it('finds the first modifier the device printf does not take', () => {
    expect(unsupportedDeviceLength('%d %hd %ld %lld %llu %5.2f %-+08x %%zu')).toBeNull();
    expect(unsupportedDeviceLength('a %hhd b')).toBe('hh');
    expect(unsupportedDeviceLength('%d %zu %hhd')).toBe('z');
    expect(unsupportedDeviceLength('%*.*jd')).toBe('j');
    expect(unsupportedDeviceLength('%10td')).toBe('t');
    expect(unsupportedDeviceLength('%Lf')).toBe('L');
  });

  it('warns at the format of a device printf, not of a host one, and still runs', () => {
    const r = runSource(`#include <stdio.h>
__global__ void k(size_t n) { printf("n=%zu\\n", n); printf("%d\\n", 1); }
int main() { printf("host %zu\\n", (size_t)3); k<<<1, 1>>>(5); cudaDeviceSynchronize(); return 0; }`);
    expect(r.diagnostics.map((d) => `${d.severity} ${d.loc.line}:${d.loc.col} ${d.message}`)).toEqual([
      "warning 2:38 CUDA's device printf does not support the 'z' length modifier; on a GPU this conversion or later ones print wrong values",
    ]);
    expect(r.stdout).toBe('host 3\nn=5\n1\n');
    expect(r.status).toBe(0);
  });
});
