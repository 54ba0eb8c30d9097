import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * Namespace-scope variables declared more than once: C++ allows any number of declarations
 * (`extern int x;`) and one definition, all of one type. A second definition and a declaration
 * of another type get nvcc's (EDG's) errors at the later name.
 */

describe('a variable declared, then defined', () => {
  it('is one variable: host, __device__ and const globals take the definition', () => {
    const r = runSource(`#include <cstdio>
extern int x;
extern __device__ int d;
extern const float k;
extern int arr[];
int peek() { return x; }
__global__ void kern(int *out) { out[0] = d + 1; }
int x = 5;
__device__ int d = 41;
const float k = 2;
int arr[3] = {7, 8, 9};
extern int x;
int main() {
  int *o;
  cudaMalloc(&o, sizeof(int));
  kern<<<1, 1>>>(o);
  int h = 0;
  cudaMemcpy(&h, o, sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d %d %d %.1f %d %zu\\n", x, peek(), h, k, arr[2], sizeof(arr));
  return 0;
}
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('5 5 42 2.0 9 12\n');
    expect(r.status).toBe(0);
  });

  it('rejects a second definition with nvcc\'s error', () => {
    for (const first of ['int x = 1;', 'int x;', 'extern int x = 1;']) {
      const r = runSource(`${first}\nint x = 2;\nint main() { return x; }\n`);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toBe('prog.cu:2:5: error: variable "x" has already been defined\nint x = 2;\n    ^\n1 error generated.\n');
    }
  });

  it('rejects a declaration of another type, naming the first', () => {
    const cases: [string, string][] = [
      ['extern int x;\nfloat x;', 'prog.cu:2:7: error: declaration is incompatible with "int x" (declared at line 1)\nfloat x;\n      ^\n1 error generated.\n'],
      ['extern const float k;\nfloat k = 2;', 'prog.cu:2:7: error: declaration is incompatible with "const float k" (declared at line 1)\nfloat k = 2;\n      ^\n1 error generated.\n'],
      ['int a[2];\nextern int a[3];', 'prog.cu:2:12: error: declaration is incompatible with "int a[2]" (declared at line 1)\nextern int a[3];\n           ^\n1 error generated.\n'],
      ['extern int *p;\nint p;', 'prog.cu:2:5: error: declaration is incompatible with "int *p" (declared at line 1)\nint p;\n    ^\n1 error generated.\n'],
    ];
    for (const [decls, stderr] of cases) {
      const r = runSource(`${decls}\nint main() { return 0; }\n`);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toBe(stderr);
    }
  });

  it('used but never defined, stops the build as the link does instead of running with a zero', () => {
    const r = runSource(`#include <cstdio>
extern int x;
extern __device__ int d;
extern __shared__ float dyn[];
__global__ void kern(int *out) { dyn[0] = 1; out[0] = d; }
int main() {
  printf("start\\n");
  x = 3;
  return x;
}
`);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("prog.cu:5:55: error: undefined reference to 'd' (the variable is declared extern but never defined)");
    expect(r.status).not.toBe(0);
  });

  it('declared and never used, builds as the link does not need it', () => {
    const r = runSource(`#include <cstdio>
extern int unused;
int main() { printf("ok\\n"); return 0; }
`);
    expect(r.stdout).toBe('ok\n');
    expect(r.status).toBe(0);
  });
});
