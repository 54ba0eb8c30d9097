import { describe, expect, it } from 'vitest';
import { checkOk, fn, lastExpr, typeOfExpr, tn } from './helpers.js';
import { floatLiteral } from '../../../src/engine/check/check-conv.js';

describe('expression types', () => {
  it.each([
    ['', "'a' + 1u", 'unsigned int'],
    ['', '1 << 31', 'int'],
    ['int n', 'sizeof(int) * n', 'unsigned long'],
    ['unsigned int u, long l', 'u + l', 'long'],
    ['unsigned long u, long long l', 'u + l', 'unsigned long long'],
    ['char c', 'c + c', 'int'],
    ['short s, float f', '(s * f)', 'float'], // parenthesised: the parser reads a statement `s * f;` as a declaration
    ['float f', 'f + 1.0', 'double'],
    ['int *p, int i', 'p + i', 'int *'],
    ['int *p, int *q', 'p - q', 'long'],
    ['int a, int b', 'a < b', 'bool'],
    ['', '4294967295', 'long'],
    ['', '0xffffffff', 'unsigned int'],
    ['', '0x7fffffff', 'int'],
    ['', '10ul', 'unsigned long'],
    ['', '1.0f', 'float'],
    ['float a[4]', 'a', 'float *'],
    ['int c, float a, double b', 'c ? a : b', 'double'],
    ['', 'sizeof(double)', 'size_t'],
    ['const char *s', 's[0]', 'char'],
    ['', '"hi"', 'const char *'],
    ['int x', '-x', 'int'],
    ['unsigned char x', '~x', 'int'],
    ['float x', 'sqrt(x)', 'float'],
    ['int x', 'sqrt(x)', 'double'],
    ['int a, unsigned b', 'min(a, b)', 'unsigned int'],
    ['float a, int b', 'max(a, b)', 'float'],
  ])('(%s) %s : %s', (decls, e, t) => {
    expect(typeOfExpr(decls, e)).toBe(t);
  });

  it('blockDim.x * blockIdx.x is unsigned int', () => {
    const p = checkOk('__device__ void f() { blockDim.x * blockIdx.x; }');
    expect(tn(lastExpr(fn(p, 'f')).type)).toBe('unsigned int');
  });

  it('compound assignment on char computes in int', () => {
    const p = checkOk('void f() { char c = 1; c += 1; }');
    const e = lastExpr(fn(p, 'f'));
    expect(e.k === 'assign' && e.op === '+' && tn(e.opType!)).toBe('int');
    expect(tn(e.type)).toBe('char');
  });

  it('pointer arithmetic scales by the element size', () => {
    const p = checkOk('void f(double *p, int i) { p + i; }');
    const e = lastExpr(fn(p, 'f'));
    expect(e.k === 'ptrAdd' && e.scale).toBe(8);
  });

  it('threadIdx.x is a builtin node', () => {
    const p = checkOk('__global__ void k(int *a) { a[threadIdx.x] = 1; }');
    const e = lastExpr(fn(p, 'k'));
    expect(e.k === 'assign' && e.target.k === 'mem' && e.target.addr.k === 'ptrAdd' && e.target.addr.index.k).toBe('builtin');
  });

  it('float literals round directly from the decimal text', () => {
    expect(floatLiteral('0.1f')).toBe(Math.fround(0.1));
    // 1 + 2^-24 + 2^-60: the double rounds to the float midpoint 1 + 2^-24; the exact value is above it, so the float is 1 + 2^-23.
    // Exact midpoints as the H100 goldens show nvcc resolving them (rules/literals).
    expect(floatLiteral('1.00000005960464477539062500f')).toBe(1);
    expect(floatLiteral('1.00000017881393432617187500f')).toBe(1 + 2 ** -22);
    expect(floatLiteral('16777217.0f')).toBe(16777218);
    expect(floatLiteral('33554434.0f')).toBe(33554436);
    expect(floatLiteral('0x1.000001p0f')).toBe(1);
    expect(floatLiteral('7.0064923216240862e-46f')).toBe(2 ** -149);
    expect(floatLiteral('3.4028235e38f')).toBe(3.4028234663852886e38);
    // This decimal is just above the midpoint, but its nearest double IS the midpoint: fround(Number(text)) would give 1.
    expect(floatLiteral('1.0000000596046448f')).toBe(1 + 2 ** -23);
    expect(floatLiteral('1.0000000596046447f')).toBe(1);
  });

  it('dim3 temporaries default missing components to 1', () => {
    const p = checkOk('int main() { dim3 g(4); return g.y; }');
    const m = fn(p, 'main');
    const s = m.body!.body[1]!;
    expect(s.k).toBe('expr');
    if (s.k === 'expr' && s.e.k === 'copy' && s.e.src.k === 'structTemp') {
      const init = s.e.src.init[0]!;
      expect(init.k === 'init' && init.stores.map((x) => (x.value.k === 'const' ? x.value.value : x.value.k))).toEqual(['convert', 1, 1]);
    } else throw new Error('expected a copy from a structTemp');
  });

  it('templates instantiate per argument list', () => {
    const p = checkOk(`
template <int N> __global__ void reduce(float *a) { __shared__ float s[N]; s[threadIdx.x] = a[threadIdx.x]; }
template <typename T> __device__ T mymax(T a, T b) { return a > b ? a : b; }
__global__ void k(float *a, int *b) { a[0] = mymax(a[0], a[1]); b[0] = mymax<int>(b[0], 2); }
int main() { float *d; reduce<256><<<1, 256>>>(d); reduce<128><<<1, 128>>>(d); k<<<1, 1>>>(d, 0); }`);
    expect(p.functions.map((f) => f.name).sort()).toEqual(['k', 'main', 'mymax<float>', 'mymax<int>', 'reduce<128>', 'reduce<256>'].sort());
    expect(p.globals.filter((g) => g.name === 's').map((g) => g.type.kind === 'array' && g.type.length)).toEqual([256, 128]);
  });

  it('references lower to pointers', () => {
    const p = checkOk('void inc(int &x) { x++; } int main() { int a = 1; int &r = a; r = 2; inc(a); return a; }');
    const inc = fn(p, 'inc');
    expect(tn(inc.params[0]!.type)).toBe('int *');
    const e = lastExpr(inc);
    expect(e.k === 'incdec' && e.target.k).toBe('mem');
  });

  it('static initializers become bytes', () => {
    const p = checkOk('__constant__ int c[3] = {1, 2, 3}; __device__ float f = 1.5f; struct P { char a; int b; }; P g = {1, 2};');
    expect(Array.from(p.globals.find((g) => g.name === 'c')!.init!)).toEqual([1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
    expect(Array.from(p.globals.find((g) => g.name === 'g')!.init!)).toEqual([1, 0, 0, 0, 2, 0, 0, 0]);
  });

  it('enums are integer constants', () => {
    const p = checkOk('enum Color { RED, GREEN = 5, BLUE }; int a[BLUE]; int main() { return sizeof(a); }');
    const e = lastExpr(fn(p, 'main'));
    expect(e.k === 'convert' && e.arg.k === 'const' && e.arg.value).toBe(24n);
  });

  it('assert carries the expression text', () => {
    const p = checkOk('#include <assert.h>\n__global__ void k(int *a, int n) { assert(a[0] < n && n != 0); }');
    const e = lastExpr(fn(p, 'k'));
    expect(e.k === 'intrinsic' && e.name).toBe('assert');
    const lit = p.globals.find((g) => g.storage === 'literal' && new TextDecoder().decode(g.init!).startsWith('a[0]'));
    expect(new TextDecoder().decode(lit!.init!)).toBe('a[0] < n && n != 0\0');
  });

  it('builtin keys distinguish overloads', () => {
    const keys = (src: string): string[] => {
      const p = checkOk(src);
      const out: string[] = [];
      const walk = (x: unknown): void => {
        if (x && typeof x === 'object') {
          const o = x as Record<string, unknown>;
          if (o.k === 'intrinsic') out.push(String(o.name));
          for (const v of Object.values(o)) if (v && typeof v === 'object' && !(v instanceof Uint8Array) && v !== o.fn && v !== o.kernel) walk(v);
        }
      };
      walk(fn(p, 'k').body);
      return out;
    };
    expect(keys('__global__ void k(int *a, float *f, unsigned long long *u) { atomicAdd(a, 1); atomicAdd(f, 1); atomicAdd(u, 1); }')).toEqual(['atomicAdd:i32', 'atomicAdd:f32', 'atomicAdd:u64']);
    expect(keys('__global__ void k(float x, double d) { float y = __shfl_down_sync(0xffffffff, x, 1); d = __shfl_down_sync(0xffffffff, d, 1, 16); sqrtf(x); sqrt(x); sqrt(d); }')).toEqual(['__shfl_down_sync:f32', '__shfl_down_sync:f64', 'sqrtf', 'sqrtf', 'sqrt']);
  });

  it('picks the long or the long long overload of a warp primitive by how the argument is spelled', () => {
    const p = checkOk('__global__ void k(long long a, long b, unsigned long long c, int64_t d, int *pr) { __shfl_up_sync(0xffffffff, a, 2); __shfl_sync(0xffffffff, b, 0); __match_any_sync(0xffffffff, c); __match_all_sync(0xffffffff, d, pr); __shfl_xor_sync(0xffffffff, (long long)a << 40, 1); }');
    const calls = fn(p, 'k').body!.body.map((s) => (s.k === 'expr' && s.e.k === 'intrinsic' ? `${s.e.name} ${tn(s.e.type)}` : ''));
    expect(calls).toEqual(['__shfl_up_sync:i64 long long', '__shfl_sync:i64 long', '__match_any_sync:u64 unsigned int', '__match_all_sync:i64 unsigned int', '__shfl_xor_sync:i64 long long']);
  });
});
