import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * An array whose size is known only at run time. nvcc rejects it in device code with EDG's
 * error and a note naming the variable; in host code gcc accepts it as a GNU extension, which
 * Warpscope does not run, so it says so.
 */

describe('arrays sized at run time', () => {
  it("get nvcc's error and note in device code", () => {
    const r = runSource(`__global__ void k(int *out, int n) {
  int a[n];
  a[0] = 1;
  out[0] = a[0];
}
int main() { return 0; }
`);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toBe(
      'prog.cu:2:9: error: expression must have a constant value\n  int a[n];\n        ^\n' +
        'prog.cu:2:9: note: the value of parameter "n" (declared at line 1) cannot be used as a constant\n  int a[n];\n        ^\n1 error generated.\n',
    );
  });

  it('name the culprit variable inside a larger size expression', () => {
    const r = runSource(`__device__ int f(int m) {\n  int t = m;\n  float b[2 * t];\n  return 0;\n}\nint main() { return 0; }\n`);
    const d = r.diagnostics.map((x) => `${x.severity} ${x.loc.line}:${x.loc.col} ${x.message}`);
    expect(d).toEqual(['error 3:13 expression must have a constant value', 'note 3:15 the value of variable "t" (declared at line 2) cannot be used as a constant']);
  });

  it('are named as unsupported in host code, which gcc accepts', () => {
    const r = runSource(`int main() {\n  int n = 4;\n  int a[n];\n  return 0;\n}\n`);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toBe('prog.cu:3:9: error: variable-length arrays are not supported by Warpscope\n  int a[n];\n        ^\n1 error generated.\n');
  });
});
