import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/* Function declarations and definitions: what one declaration gives the others, as C++ merges them. */

describe('default arguments across declarations', () => {
  it('a prototype\'s defaults serve calls of the function its definition defines, and declarations add defaults', () => {
    const r = runSource('#include <cstdio>\nint f(int x = 1);\nint g(int a, int b = 2);\nint g(int a = 1, int b);\nint main() { printf("%d %d %d\\n", f(), g(), g(5)); return 0; }\nint f(int x) { return x * 3; }\nint g(int a, int b) { return a * 10 + b; }\n');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('3 12 52\n');
  });

  it('refuses a default given twice, at the second, as C++ does', () => {
    const r = runSource('int g(int x = 1);\nint g(int x = 1) { return x; }\nint main() { return g(); }\n');
    expect(r.diagnostics.map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`)).toEqual(['2:15: redefinition of default argument']);
  });
});
