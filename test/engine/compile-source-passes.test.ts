import { describe, expect, it } from 'vitest';
import { compileSource } from '../../src/engine/compile-source.js';
import type { IExpr, IFunction, IProgram, IStmt } from '../../src/engine/check/ir.js';

/* nvcc's two passes: device code sees __CUDA_ARCH__ (900), host code does not. */

function compile(src: string): IProgram {
  const r = compileSource('t.cu', { readFile: (p) => (p === 't.cu' ? src : null) });
  if (!r.ok) throw new Error(r.diags.map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`).join('\n'));
  return r.program;
}

/** Every integer constant in a function's body, in order. */
function consts(f: IFunction): number[] {
  const out: number[] = [];
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    const o = x as Record<string, unknown>;
    if (o.k === 'const' && typeof o.value === 'number') out.push(o.value);
    for (const [k, v] of Object.entries(o)) if (k !== 'fn' && k !== 'kernel' && k !== 'v' && k !== 'type') walk(v);
  };
  walk(f.body);
  return out;
}

function calls(f: IFunction): IFunction[] {
  const out: IFunction[] = [];
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    const o = x as Partial<IExpr> & Record<string, unknown>;
    if (o.k === 'call') out.push(o.fn as IFunction);
    for (const [k, v] of Object.entries(o)) if (k !== 'fn' && k !== 'kernel' && k !== 'v' && k !== 'type') walk(v);
  };
  walk(f.body as IStmt);
  return out;
}

const fns = (p: IProgram, name: string): IFunction[] => p.functions.filter((f) => f.name === name);

describe('nvcc host and device passes', () => {
  it('a kernel sees __CUDA_ARCH__ = 900, main does not', () => {
    const p = compile(`
__global__ void k() {
#ifdef __CUDA_ARCH__
  int a = __CUDA_ARCH__;
#else
  int a = 1;
#endif
}
int main() {
#ifdef __CUDA_ARCH__
  int b = 7;
#else
  int b = 8;
#endif
  k<<<1, 1>>>();
  return 0;
}`);
    expect(consts(fns(p, 'k')[0]!)).toContain(900);
    expect(consts(fns(p, 'main')[0]!)).toContain(8);
    expect(consts(fns(p, 'main')[0]!)).not.toContain(7);
  });

  it('programs without __CUDA_ARCH__ keep one IFunction per function', () => {
    const p = compile(`__host__ __device__ int f() { return 3; }\n__global__ void k() { f(); }\nint main() { return f(); }`);
    expect(fns(p, 'f')).toHaveLength(1);
    expect(fns(p, 'f')[0]!.space).toBe('hostDevice');
  });

  it('a __host__ __device__ function with differing bodies becomes two, each side calling its own', () => {
    const p = compile(`
__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 2;
#endif
}
__host__ __device__ int twice() { return 2 * where(); }
__global__ void k() { twice(); }
int main() { return twice(); }`);
    const w = fns(p, 'where');
    expect(w.map((f) => f.space).sort()).toEqual(['device', 'host']);
    const devTwice = fns(p, 'twice').find((f) => f.space === 'device')!;
    const hostTwice = fns(p, 'twice').find((f) => f.space === 'host')!;
    expect(calls(devTwice)[0]!.space).toBe('device');
    expect(calls(hostTwice)[0]!.space).toBe('host');
    expect(consts(calls(devTwice)[0]!)).toContain(1);
    expect(consts(calls(hostTwice)[0]!)).toContain(2);
    expect(calls(fns(p, 'k')[0]!)[0]).toBe(devTwice);
    expect(calls(fns(p, 'main')[0]!)[0]).toBe(hostTwice);
  });

  it('file-scope declarations that only one pass sees still work', () => {
    const p = compile(`
#ifdef __CUDA_ARCH__
__device__ int g = 5;
__device__ int pick() { return g; }
#else
int pick() { return 6; }
#endif
__global__ void k(int *o) { *o = pick(); }
int main() { return pick(); }`);
    expect(fns(p, 'pick').map((f) => f.space).sort()).toEqual(['device', 'host']);
    expect(calls(fns(p, 'k')[0]!)[0]!.space).toBe('device');
    expect(calls(fns(p, 'main')[0]!)[0]!.space).toBe('host');
    expect(p.globals.some((v) => v.name === 'g' && v.storage === 'device')).toBe(true);
  });

  it('host code calling a device-only function still gets the execution-space error', () => {
    const r = compileSource('t.cu', {
      readFile: () => `#ifdef __CUDA_ARCH__\n__device__ int f() { return 1; }\n#endif\n__device__ int f();\nint main() { return f(); }\n`,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diags[0]!.message).toMatch(/calling a __device__ function\("f"\) from a __host__ function\("main"\)/);
  });

  it('a #error in the device pass only is reported', () => {
    const r = compileSource('t.cu', { readFile: () => `#ifdef __CUDA_ARCH__\n#error device only\n#endif\nint main() { return 0; }\n` });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diags[0]!.message).toContain('device only');
  });
});
