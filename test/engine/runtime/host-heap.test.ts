import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * free(), realloc() and delete of pointers malloc/new did not return, or returned and took back:
 * the process dies as glibc 2.36 on x86-64 kills it (SIGABRT, 134, with glibc's words; SIGSEGV,
 * 139, where glibc's read of the block header faults, as measured on the H100 host for CUDA
 * allocations), with one diagnostic at the call and the stdout buffer lost, never silently.
 */

const prog = (body: string): string => `#include <cstdio>\n#include <cstdlib>\nint g[4];\nint main() {\n  printf("before\\n");\n  ${body}\n  printf("after\\n");\n  return 0;\n}\n`;

function crash(body: string): { status: number; message: string; line: number; stdout: string } {
  const r = runSource(prog(body));
  expect(r.diagnostics).toHaveLength(1);
  return { status: r.status, message: r.diagnostics[0]!.message, line: r.diagnostics[0]!.loc.line, stdout: r.stdout };
}

describe('free() of what malloc did not return', () => {
  it('aborts with "free(): invalid pointer" for stack arrays, globals and pointers into a block', () => {
    const stack = crash('int a[4];\n  free(a);');
    expect(stack).toMatchObject({ status: 134, line: 7, stdout: '' });
    expect(stack.message).toMatch(/^free\(\): invalid pointer \(glibc aborts: free\(\) was passed 0x7ffd[0-9a-f]+, not a pointer malloc returned\)$/);
    expect(crash('free(g);').message).toMatch(/^free\(\): invalid pointer/);
    expect(crash('int *p = (int *)malloc(16);\n  free(p + 1);').message).toMatch(/^free\(\): invalid pointer \(glibc aborts: free\(\) was passed 0x[0-9a-f]+, 4 bytes into a block malloc returned\)$/);
  });

  it('tells a double free by the block size, as glibc\'s tcache, bins and mmap do', () => {
    const small = crash('int *p = (int *)malloc(16);\n  free(p);\n  free(p);');
    expect(small).toMatchObject({ status: 134, line: 8 });
    expect(small.message).toMatch(/^free\(\): double free detected in tcache 2 /);
    expect(crash('char *p = (char *)malloc(2000);\n  free(p);\n  free(p);').message).toMatch(/^double free or corruption \(!prev\) /);
    expect(crash('char *p = (char *)malloc(200000);\n  free(p);\n  free(p);')).toMatchObject({ status: 139, message: expect.stringMatching(/^segmentation fault: free\(\) was passed 0x[0-9a-f]+, a block of more than 128 KiB that was already freed/) });
  });

  it('segfaults on CUDA allocations, as on the H100 host', () => {
    expect(crash('int *d;\n  cudaMalloc(&d, 16);\n  free(d);')).toMatchObject({ status: 139, message: expect.stringMatching(/device memory from cudaMalloc \(free it with cudaFree\)$/) });
    expect(crash('int *h;\n  cudaMallocHost(&h, 16);\n  free(h);').message).toMatch(/pinned memory from cudaMallocHost \(free it with cudaFreeHost\)$/);
    expect(crash('int *m;\n  cudaMallocManaged(&m, 16);\n  free(m);').message).toMatch(/managed memory from cudaMallocManaged/);
  });

  it('accepts free(NULL), a block freed and handed out again, and realloc keeping the old contents', () => {
    const r = runSource(prog('free(NULL);\n  int *p = (int *)malloc(16);\n  free(p);\n  p = (int *)malloc(16);\n  p[3] = 7;\n  p = (int *)realloc(p, 4096);\n  printf("%d\\n", p[3]);\n  free(p);'));
    expect(r.diagnostics).toEqual([]);
    expect(r).toMatchObject({ status: 0, stdout: 'before\n7\nafter\n' });
  });

  it('checks realloc() as glibc does', () => {
    expect(crash('int a[4];\n  realloc(a, 64);').message).toMatch(/^realloc\(\): invalid pointer /);
    expect(crash('int *p = (int *)malloc(16);\n  free(p);\n  p = (int *)realloc(p, 64);').message).toMatch(/^free\(\): double free detected in tcache 2 \(glibc aborts: realloc\(\) of/);
  });
});

describe('new and delete in host code', () => {
  it('allocate from the heap and give back to it', () => {
    const r = runSource(prog('int *a = new int[3];\n  a[2] = 5;\n  int *b = new int(4);\n  printf("%d %d\\n", a[2], *b);\n  delete[] a;\n  delete b;'));
    expect(r.diagnostics).toEqual([]);
    expect(r).toMatchObject({ status: 0, stdout: 'before\n5 4\nafter\n' });
  });

  it('abort on a double delete, and terminate on an allocation that cannot be had', () => {
    expect(crash('int *a = new int[3];\n  delete[] a;\n  delete[] a;').message).toMatch(/^free\(\): double free detected in tcache 2 \(glibc aborts: delete\[\] of/);
    expect(crash('long n = -1;\n  int *z = new int[n];')).toMatchObject({ status: 134, line: 7, message: "terminate called after throwing an instance of 'std::bad_array_new_length' (new asked for -1 elements of 4 bytes; nothing catches it, so the program aborts)" });
    expect(crash('char *z = new char[1L << 50];').message).toMatch(/^terminate called after throwing an instance of 'std::bad_alloc'/);
  });
});
