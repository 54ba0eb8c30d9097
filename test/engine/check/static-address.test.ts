import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * Addresses in static initialisers, as students write tables of names for printing: the checker
 * records a relocation and the program fills it in once every static is placed (the H100's run of
 * conformance rules/name_tables prints the same tables from host, __constant__ and __device__ memory).
 */

describe('addresses in static initialisers', () => {
  it('fills tables of string literals, struct fields and element addresses on host and device', () => {
    const r = runSource(`#include <cstdio>
struct Op { const char *name; int code; };
const char *names[] = {"add", "sub"};
Op ops[] = {{"mul", 1}, {"div", 2}};
const char *tail = "hello" + 1;
int data[4] = {1, 2, 3, 4};
int *third = &data[2];
__constant__ const char *cnames[] = {"min", "max"};
__device__ const char *dnames[2] = {"and", "or"};
__global__ void k() { printf("%s %s %s %s\\n", cnames[0], cnames[1], dnames[0], dnames[1]); }
int main() {
  static const char *kinds[] = {"a", "b"};
  const char *local[] = {"x", "y"};
  for (int i = 0; i < 2; i++) printf("%s %s=%d %s %s\\n", names[i], ops[i].name, ops[i].code, kinds[i], local[i]);
  printf("%s %d\\n", tail, *third);
  k<<<1, 1>>>();
  cudaDeviceSynchronize();
  return 0;
}
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('add mul=1 a x\nsub div=2 b y\nello 3\nmin max and or\n');
    expect(r.status).toBe(0);
  });

  it('initialises a local static from the address of a local the first time it is reached, as C++ does', () => {
    const r = runSource(`#include <cstdio>
int main() {
  int x = 1;
  static int *p = &x;
  printf("%d\\n", *p);
  return 0;
}
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('1\n');
    expect(r.status).toBe(0);
  });
});
