import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deviceMath } from '../../../src/engine/lib/cudamath.js';

// Golden tables: inputs and results printed as hex bits by an H100 (nvcc 13.0 -O3 -arch=sm_90
// -fmad=false), one file per function: "in1 [in2 [in3]] result" per line; 8 hex digits for float
// functions, 16 for double ones. 'fdiv' and 'ddiv' are the / operator.
const dir = new URL('./gpu-math/', import.meta.url);
const dv = new DataView(new ArrayBuffer(8));
function val(hex: string): number {
  if (hex.length === 8) {
    dv.setUint32(0, parseInt(hex, 16));
    return dv.getFloat32(0);
  }
  dv.setBigUint64(0, BigInt('0x' + hex));
  return dv.getFloat64(0);
}
/** Ordered integer of a float/double so that ulp distance is a difference. */
function ord(x: number, wide: boolean): bigint {
  let b: bigint;
  if (wide) {
    dv.setFloat64(0, x);
    b = dv.getBigUint64(0);
    return b >> 63n ? -(b & 0x7fffffffffffffffn) : b;
  }
  dv.setFloat32(0, x);
  b = BigInt(dv.getUint32(0));
  return b >> 31n ? -(b & 0x7fffffffn) : b;
}

// Accepted gap per function; absent = bit exact. A result passes if it is within `ulp` ulps, or
// within abs + rel * |expected| + absPerArg * |x|. Inputs with |x| > maxArg are not compared (the approximation
// model does not cover them). NaN must always match NaN. See EXACTNESS in cudamath.ts.
interface Tol {
  ulp: number;
  rel?: number;
  abs?: number;
  maxArg?: number;
  absPerArg?: number;
}
const tolerance: Record<string, Tol> = {
  // MUFU-based libdevice float functions: computed in double, rounded once
  rsqrtf: { ulp: 1 }, cbrtf: { ulp: 1 }, expf: { ulp: 1 }, exp2f: { ulp: 2 }, exp10f: { ulp: 1 },
  expm1f: { ulp: 1 }, tanf: { ulp: 1 }, asinf: { ulp: 2 }, acosf: { ulp: 2 },
  atanf: { ulp: 1 }, sinhf: { ulp: 2 }, coshf: { ulp: 2 }, tanhf: { ulp: 2 },
  // double functions: fdlibm (JS Math) vs CUDA, both within 1 ulp of the true value
  rsqrt: { ulp: 1 },
  // hardware approximation intrinsics (ex2/lg2/sin/cos/rcp.approx)
  __expf: { ulp: 2 },
  __fdividef: { ulp: 2 },
  __logf: { ulp: 2, abs: 2 ** -20, rel: 2 ** -20 },
  __powf: { ulp: 2, rel: 2e-5 },
  __sinf: { ulp: 2, abs: 2 ** -19, absPerArg: 2 ** -20, maxArg: 100 },
  __cosf: { ulp: 2, abs: 2 ** -19, absPerArg: 2 ** -20, maxArg: 100 },
};

const files = readdirSync(dir).filter((n) => n.endsWith('.txt'));
describe('deviceMath against H100 golden tables', () => {
  for (const file of files) {
    const name = file.slice(0, -4);
    const fn = name === 'ddiv' ? (x: number, y: number) => x / y : deviceMath[name];
    it(name, () => {
      expect(fn, `missing ${name}`).toBeTypeOf('function');
      let worst = 0n;
      let mismatches = 0;
      let example = '';
      const lines = readFileSync(new URL(file, dir), 'utf8').trim().split('\n');
      for (const line of lines) {
        const hex = line.split(' ');
        const wide = hex[0].length === 16;
        const args = hex.slice(0, -1).map(val);
        const want = val(hex[hex.length - 1]);
        const got = fn(...args);
        if (Number.isNaN(want) && Number.isNaN(got)) continue;
        const tol = tolerance[name];
        if (tol?.maxArg !== undefined && !(Math.abs(args[0]) <= tol.maxArg)) continue;
        const d = Number.isNaN(want) || Number.isNaN(got) ? 1n << 40n : ord(got, wide) - ord(want, wide);
        const ad = d < 0n ? -d : d;
        const near = tol !== undefined && Number.isFinite(want) && Math.abs(got - want) <= (tol.abs ?? 0) + (tol.rel ?? 0) * Math.abs(want) + (tol.absPerArg ?? 0) * Math.abs(args[0]);
        if (ad !== 0n && !near) {
          mismatches++;
          if (ad > worst) {
            worst = ad;
            example = `${line} -> got ${got}`;
          }
        }
      }
      if (process.env.MATH_REPORT) console.log(`REPORT ${name} mismatches=${mismatches}/${lines.length} maxulp=${worst} ${example}`);
      if (worst > 0n) expect(Number(worst), example).toBeLessThanOrEqual(tolerance[name]?.ulp ?? 0);
    });
  }
});
