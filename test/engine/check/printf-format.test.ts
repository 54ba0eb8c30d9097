import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * clang's -Wformat for printf on host and device. nvcc 13 warns (#181-D) at the same arguments of
 * the device calls below; gcc warns at the host ones.
 */

const warnings = (src: string): string[] => runSource(src).diagnostics.map((d) => `${d.loc.line}:${d.loc.col} ${d.message}`);

describe('printf format checks', () => {
  it('warns where an argument does not fit its conversion, in device and host code', () => {
    expect(
      warnings(`#include <cstdio>
__global__ void k() {
  printf("%d %f\\n", 1.5f, 3);
  printf("%ld %lld %s %p\\n", 5, -1, 5, 12);
  printf("%d %u %x %c %ld %lu %f %s %p\\n", 'a', -2, 3u, 65, 5L, sizeof(int), 1.0f, "s", (void *)0);
}
int main() {
  printf("%d\\n", 2.0);
  printf("%x %d\\n", 1.0, 5000000000LL);
  k<<<1, 1>>>(); cudaDeviceSynchronize();
  return 0;
}
`),
    ).toEqual([
      "3:21 format specifies type 'int' but the argument has type 'float'",
      "3:27 format specifies type 'double' but the argument has type 'int'",
      "4:30 format specifies type 'long' but the argument has type 'int'",
      "4:33 format specifies type 'long long' but the argument has type 'int'",
      "4:37 format specifies type 'char *' but the argument has type 'int'",
      "4:40 format specifies type 'void *' but the argument has type 'int'",
      "8:18 format specifies type 'int' but the argument has type 'double'",
      "9:21 format specifies type 'unsigned int' but the argument has type 'double'",
      "9:26 format specifies type 'int' but the argument has type 'long long'",
    ]);
  });

  it('warns of missing and unused arguments', () => {
    expect(warnings('#include <cstdio>\nint main() {\n  printf("%d %d\\n", 1);\n  printf("%d\\n", 1, 2);\n  return 0;\n}\n')).toEqual([
      "3:10 more '%' conversions than data arguments",
      '4:21 data argument not used by format string',
    ]);
  });
});
