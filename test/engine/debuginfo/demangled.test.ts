import { describe, expect, it } from 'vitest';
import { compileSource } from '../../../src/engine/compile-source.js';
import { demangledParam } from '../../../src/engine/debuginfo/demangled.js';

/*
 * Kernel parameters spelled as a demangled symbol spells them, as compute-sanitizer names device
 * frames (`k(const int *, int *, int)` in test/sanitizer/oob_global.memcheck.txt): the const of
 * what a pointer points at survives the checker, a parameter's own const does not, typedefs resolve.
 */

/** The demangled parameter list of each function of `source`, by name. */
function params(source: string): Record<string, string> {
  const r = compileSource('p.cu', { readFile: (p) => (p === 'p.cu' ? source : null) });
  if (!r.ok) throw new Error(r.diags.map((d) => d.message).join('\n'));
  return Object.fromEntries(r.program.functions.map((f) => [f.name, f.params.map(demangledParam).join(', ')]));
}

describe('demangled parameter types', () => {
  it('keep the const of what a pointer points at, with compute-sanitizer spacing', () => {
    const p = params('__global__ void k(const int *in, int *out, int n) {}\n__global__ void s(const float *a, float *b, int n) {}\nint main() { return 0; }\n');
    expect(p.k).toBe('const int *, int *, int');
    expect(p.s).toBe('const float *, float *, int');
  });

  it("drop a parameter's own const, resolve typedefs and spell references and pointers to pointers", () => {
    const p = params('#include <stdint.h>\n__device__ void d(float &r, const int &c) {}\n__global__ void k(const int n, int *const q, size_t len, uint64_t u, int64_t s, uint32_t w, int **pp, const char *const *names, float4 *v) {}\nint main() { return 0; }\n');
    expect(p.k).toBe('int, int *, unsigned long, unsigned long, long, unsigned int, int **, const char *const *, float4 *');
    expect(p.d).toBe('float &, const int &');
  });
});
