import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/* The host C library's string functions, as glibc 2.36 on x86-64 answers them (expected lines printed by gcc). */

describe('string comparison', () => {
  it('answers the difference of the first differing bytes, unsigned, as glibc does', () => {
    const r = runSource('#include <stdio.h>\n#include <string.h>\nint main() {\n  char a[8], b[8], e[8];\n  strcpy(a, "abc"); strcpy(b, "abd"); strcpy(e, "ab\\xe9");\n  printf("%d %d %d %d %d %d %d\\n", strcmp(a, b), strcmp(b, a), strcmp(a, "ab"), strncmp(a, b, 2), strncmp(a, b, 3), strcmp(e, "abc"), strcmp(a, "abc"));\n  return 0;\n}\n');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('-1 1 99 0 -1 134 0\n');
  });
});
