import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deviceMath } from '../../../src/engine/lib/cudamath.js';

// Binary golden tables from the H100 (nvcc 13.0 -O3 -arch=sm_90 -fmad=false), 1024 cases each,
// stored as four little-endian arrays: arg1[1024] arg2[1024] arg3[1024] result[1024]; .f32 files
// hold floats, .f64 doubles. Inputs: half raw bit patterns, half log-uniform over wide exponent
// ranges (subnormals to huge). The same generator's 65536-case tables were also checked once.
const dir = new URL('./gpu-math-wide/', import.meta.url);
const ARITY: Record<string, number> = { hypotf: 2, atan2f: 2, powf: 2, pow: 2, fmaf: 3, fma: 3 };
// Functions whose libdevice code calls the MUFU rcp/rsqrt approximation: rare 1-2 ulp gaps.
const ULP: Record<string, number> = { tanf: 1, atanf: 1, asinf: 2, acosf: 2, powf: 1 };

describe('deviceMath on wide-range H100 tables', () => {
  for (const file of readdirSync(dir)) {
    const wide = file.endsWith('.f64');
    const name = file.slice(0, -4);
    it(name, () => {
      const raw = readFileSync(new URL(file, dir));
      const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
      const size = wide ? 8 : 4;
      const n = raw.byteLength / size / 4;
      const read = (k: number): number => (wide ? view.getFloat64(k * 8, true) : view.getFloat32(k * 4, true));
      const ord = (v: number): bigint => {
        const dv = new DataView(new ArrayBuffer(8));
        if (wide) dv.setFloat64(0, v);
        else dv.setFloat32(0, v);
        const b = wide ? dv.getBigUint64(0) : BigInt(dv.getUint32(0));
        const top = wide ? 1n << 63n : 1n << 31n;
        return b >= top ? -(b - top) : b;
      };
      let worst = 0n;
      for (let i = 0; i < n; i++) {
        const args = [read(i), read(n + i), read(2 * n + i)].slice(0, ARITY[name] ?? 1);
        const want = read(3 * n + i);
        const got = deviceMath[name](...args);
        if (Number.isNaN(got) || Number.isNaN(want)) {
          expect(Number.isNaN(got), `${name}(${args.join(', ')})`).toBe(Number.isNaN(want));
          continue;
        }
        const d = ord(got) - ord(want);
        const ad = d < 0n ? -d : d;
        if (ad > worst) worst = ad;
        if (ad > BigInt(ULP[name] ?? 0)) expect(got, `${name}(${args.join(', ')})`).toBe(want);
      }
      expect(Number(worst)).toBeLessThanOrEqual(ULP[name] ?? 0);
    });
  }
});
