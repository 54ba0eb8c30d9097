import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/* constexpr functions in constant expressions: array sizes, case labels, static_assert, static initializers. */

const fns = '#include <cstdio>\nconstexpr int sq(int x) { return x * x; }\nconstexpr int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\nint notce(int x) { return x; }\n';

describe('constexpr function calls', () => {
  it('fold where C++ needs a constant', () => {
    const r = runSource(`${fns}int g = sq(4) + 1;\nstatic_assert(fact(5) == 120, "fact");\nint main() {\n  int a[sq(3)];\n  const int k = sq(5);\n  int b[k];\n  switch (4) { case sq(2): printf("case\\n"); }\n  printf("%zu %zu %d %d\\n", sizeof(a), sizeof(b), g, fact(6));\n  return 0;\n}\n`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('case\n36 100 17 720\n');
  });

  it('report a failed static_assert, and leave calls of other functions non-constant', () => {
    const first = (body: string): string => {
      const d = runSource(`${fns}int main() {\n  ${body}\n  return 0;\n}\n`).diagnostics[0]!;
      return `${d.loc.line}:${d.loc.col}: ${d.message}`;
    };
    expect(first('static_assert(sq(2) == 5, "two squared");')).toBe('6:3: static assertion failed: two squared');
    expect(first('int b[notce(2)];')).toBe('6:9: variable-length arrays are not supported by Warpscope');
  });
});
