import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileSource } from '../../src/engine/compile-source.js';
import { formatDiagnostic } from '../../src/engine/front/diag.js';

/*
 * Bad programs (test/engine/front/bad/) must stop with one clang-style error at the
 * right place: `file:LINE:COL: error: message`, the source line, and a caret under COL.
 */

const dir = 'test/engine/front/bad';

const EXPECTED: Record<string, string> = {
  'assign_const.cu': "3:5: cannot assign to variable 'limit' with const-qualified type 'const int'",
  'bad_directive.cu': '1:2: unterminated conditional directive',
  'class_methods.cu': '3:5: virtual functions are not supported by Warpscope',
  'device_from_host.cu': '3:13: calling a __device__ function("square") from a __host__ function("main") is not allowed',
  'expr_not_decl.cu': "4:5: use of undeclared identifier 'Foo'",
  'goto.cu': "4:16: goto statement 'goto done' is not supported by Warpscope",
  'kernel_not_void.cu': '1:12: a __global__ function must have a void return type',
  'kernel_unconfigured.cu': '3:5: a __global__ function call must be configured',
  'lambda.cu': '3:16: lambda expression is not supported by Warpscope',
  'missing_include.cu': '1:10: the library header <vector> is not supported by Warpscope',
  'syntax_missing_semi.cu': "3:14: expected ';' at end of declaration",
  'syntax_unbalanced.cu': "2:18: expected ')'",
  'type_error.cu': "4:15: invalid operands to binary expression ('Point' and 'int')",
  'undeclared_name.cu': "3:24: use of undeclared identifier 'factor'",
  'unknown_type.cu': "2:5: unknown type name 'Matrix'",
  'wrong_arg_count.cu': '3:12: too few arguments to function call, expected 3, have 2',
};

const host = { readFile: (p: string): string | null => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return null;
  }
} };

describe('diagnostics of bad programs', () => {
  it('every program in bad/ has an expected message', () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.cu')).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, want] of Object.entries(EXPECTED)) {
    it(name, () => {
      const file = join(dir, name);
      const r = compileSource(file, host);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const d = r.diags.find((x) => x.severity === 'error')!;
      expect(`${d.loc.line}:${d.loc.col}: ${d.message}`).toBe(want);
      expect(d.loc.file).toBe(file);
      // The printed form: header, the source line, and a caret under the column.
      const [head, src, caret] = formatDiagnostic(d, r.sources).split('\n');
      expect(head).toBe(`${file}:${d.loc.line}:${d.loc.col}: error: ${d.message}`);
      expect(src).toBe(readFileSync(file, 'utf8').split('\n')[d.loc.line - 1]);
      expect(caret).toBe(' '.repeat(d.loc.col - 1) + '^');
    });
  }
});

describe('a byte order mark', () => {
  const BOM = '\uFEFF';
  const files = (main: string, header: string): { readFile(p: string): string | null } => ({ readFile: (p) => (p === 'bom.cu' ? main : p === 'bom.h' ? header : null) });

  it('is no part of the program, in the file or a header it includes (nvcc skips it)', () => {
    const r = compileSource('bom.cu', files(`${BOM}#include "bom.h"\r\nint main() { return twice(2); }\r\n`, `${BOM}int twice(int x) { return 2 * x; }\n`));
    expect(r.ok).toBe(true);
  });

  it('leaves the columns of line 1 as an editor shows them, and the printed line without it', () => {
    const r = compileSource('bom.cu', files(`${BOM}int main() { return x; }\n`, ''));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diags[0]).toMatchObject({ message: "use of undeclared identifier 'x'", loc: { line: 1, col: 21 } });
    expect(formatDiagnostic(r.diags[0]!, r.sources)).toBe("bom.cu:1:21: error: use of undeclared identifier 'x'\nint main() { return x; }\n                    ^");
  });
});

describe("nvcc's link step", () => {
  const one = (src: string): { readFile(p: string): string | null } => ({ readFile: (p) => (p === 'prog.cu' ? src : null) });
  const firstError = (src: string): string => {
    const r = compileSource('prog.cu', one(src));
    if (r.ok) return 'ok';
    const d = r.diags.find((x) => x.severity === 'error')!;
    return `${d.loc.line}:${d.loc.col}: ${d.message}`;
  };

  it('refuses a kernel launched but never defined, at the launch (not at the synchronising call where it would run)', () => {
    expect(firstError('__global__ void k(int *p);\nint main() {\n  cudaStream_t s;\n  cudaStreamCreate(&s);\n  k<<<1, 1, 0, s>>>(0);\n  cudaStreamSynchronize(s);\n  return 0;\n}\n'))
      .toBe("5:3: undefined reference to 'k' (the function is declared but never defined)");
  });

  it('refuses device and host functions called but never defined, at the first call', () => {
    expect(firstError('__device__ int f(int);\n__global__ void k(int *p) { *p = f(1) + f(2); }\nint main() { return 0; }\n')).toBe("2:34: undefined reference to 'f' (the function is declared but never defined)");
    expect(firstError('int g();\nint main() {\n  int a = 1;\n  return a + g();\n}\n')).toBe("4:14: undefined reference to 'g' (the function is declared but never defined)");
  });

  it('accepts prototypes defined later, and prototypes nothing calls', () => {
    expect(firstError('int g();\nint unused(int);\nint main() { return g(); }\nint g() { return 0; }\n')).toBe('ok');
  });
});

describe("ptxas's static shared memory limit", () => {
  const compile = (src: string): string => {
    const r = compileSource('prog.cu', { readFile: (p) => (p === 'prog.cu' ? src : null) });
    if (r.ok) return 'ok';
    const d = r.diags.find((x) => x.severity === 'error')!;
    return `${d.loc.line}:${d.loc.col}: ${d.message}`;
  };
  const main = 'int main() { return 0; }\n';

  it('refuses a kernel whose __shared__ arrays, its own and its device functions\', pass 48 KiB (the program never builds)', () => {
    expect(compile(`__global__ void k(float *o) { __shared__ float t[256][256]; t[0][threadIdx.x] = 1; o[0] = t[0][0]; }\n${main}`))
      .toBe("1:17: kernel 'k' uses too much shared data (0x40000 bytes, 0xc000 max)");
    expect(compile(`__device__ float h(int i) { __shared__ float e[4096]; e[i] = i; return e[i]; }\n__global__ void k(float *o) {\n  __shared__ float t[128][65];\n  o[0] = t[0][0] + h(1);\n}\n${main}`))
      .toBe("2:17: kernel 'k' uses too much shared data (0xc200 bytes, 0xc000 max)");
  });

  it('accepts 48 KiB exactly, and dynamic shared memory of any size (the launch checks it)', () => {
    expect(compile(`__global__ void k(float *o) { __shared__ float t[12288]; t[threadIdx.x] = 1; o[0] = t[0]; }\n${main}`)).toBe('ok');
    expect(compile(`__global__ void k(float *o) { extern __shared__ float t[]; t[threadIdx.x] = 1; o[0] = t[0]; }\n${main}`)).toBe('ok');
  });
});
