import { describe, expect, it } from 'vitest';
import { preprocess } from '../../../src/engine/front/preprocess.js';
import { parse } from '../../../src/engine/front/parse.js';
import { check, builtinTypeNames, qualifiedOnlyTypeNames } from '../../../src/engine/check/check.js';

/** Every diagnostic of checking `src` (as t.cu, with the user headers in `files`) as "severity line:col: message", or [] when it checks. */
function diags(src: string, files: Readonly<Record<string, string>> = {}): string[] {
  const pp = preprocess(src, 't.cu', { readFile: (f) => files[f] ?? null });
  if (!pp.ok) throw new Error(`pp: ${pp.diags[0]?.message}`);
  const p = parse(pp.value.tokens, 't.cu', { typeNames: builtinTypeNames, qualifiedOnlyTypeNames });
  if (!p.ok) return [`parse ${p.diags[0]?.loc.line}:${p.diags[0]?.loc.col}: ${p.diags[0]?.message}`];
  const r = check({ ...p.value, headers: pp.value.builtinHeaders }, pp.value.includedFiles);
  return r.ok ? [] : r.diags.map((d) => `${d.severity} ${d.loc.line}:${d.loc.col}: ${d.message}`);
}

const head = '#include <cooperative_groups.h>\n#include <cooperative_groups/reduce.h>\nnamespace cg = cooperative_groups;\n';
/** Diagnostics of a kernel body (line 5 of the program). */
const inKernel = (body: string): string[] => diags(`${head}__global__ void k(int *o, float *f)\n{ ${body} }\n`);

describe('cooperative groups: what checks', () => {
  it('accepts the notes\' spellings: namespace alias, using-directive, auto, groups passed by value', () => {
    expect(diags(`${head}using namespace cooperative_groups;
__device__ int reduce_sum(cooperative_groups::thread_group g, int *temp, int val) { temp[g.thread_rank()] = val; g.sync(); return temp[0]; }
__device__ int sum(thread_block block, int *x) { block.sync(); return x[block.thread_rank()]; }
__global__ void k(int *o) {
  auto tb = this_thread_block();
  cg::thread_block b2 = cg::this_thread_block();
  thread_group t = tiled_partition(tb, 16);
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(tb);
  cg::thread_block_tile<4> t4 = tiled_partition<4>(t8);
  thread_group g8 = t8;
  cg::coalesced_group a = cg::coalesced_threads();
  o[0] = reduce_sum(tb, o, 1) + reduce_sum(t, o, 2) + reduce_sum(t8, o, 3) + reduce_sum(a, o, 4) + sum(b2, o) + (int)g8.size();
  o[1] = cg::reduce(t4, 1, cg::plus<int>()) + cg::reduce(a, 2.0f, cg::greater<float>()) + t4.meta_group_rank() + t8.shfl_xor(3, 1);
  dim3 gi = tb.group_index(), ti = tb.thread_index(), gd = tb.group_dim(), dt = tb.dim_threads();
  cg::sync(tb); tb.sync(); t.sync(); a.sync();
}`)).toEqual([]);
  });
});

describe('cooperative groups: names nvcc rejects', () => {
  it('reports every name the lecture notes guessed, at nvcc\'s lines, with a note saying what to write', () => {
    const src = `${head}using namespace cooperative_groups;
__global__ void k(int *out)
{
    auto tb = this_thread_block();
    tb.sync();
    cooperative_groups::synchronize(tb);
    this_thread_block().synchronize();
    cooperative_groups::synchronize(this_thread_block());
    thread_group g = cooperative_groups::partition(tb, 16);
    out[tb.thread_rank()] = g.thread_rank();
}
`;
    expect(diags(src)).toEqual([
      "error 9:25: no member named 'synchronize' in namespace 'cooperative_groups'",
      "note 9:25: cooperative groups synchronise with 'cooperative_groups::sync(g)' or 'g.sync()'",
      "error 10:25: no member named 'synchronize' in 'cooperative_groups::thread_block'",
      "note 10:25: did you mean 'sync'? (or 'cooperative_groups::sync(g)')",
      "error 11:25: no member named 'synchronize' in namespace 'cooperative_groups'",
      "note 11:25: cooperative groups synchronise with 'cooperative_groups::sync(g)' or 'g.sync()'",
      "error 12:42: no member named 'partition' in namespace 'cooperative_groups'",
      "note 12:42: did you mean 'tiled_partition'? ('cooperative_groups::tiled_partition(parent, n)' or 'tiled_partition<n>(parent)')",
    ]);
  });

  it('rejects members a group kind does not have, and member functions named without a call', () => {
    expect(inKernel('auto tb = cg::this_thread_block(); o[0] = tb.shfl(1, 0);')).toEqual(["error 5:48: no member named 'shfl' in 'cooperative_groups::thread_block'"]);
    expect(inKernel('auto tb = cg::this_thread_block(); o[0] = tb.size;')).toEqual(['error 5:48: reference to non-static member function must be called']);
    expect(inKernel('cg::thread_group g = cg::this_thread_block(); o[0] = g.meta_group_rank();')).toEqual([
      "error 5:58: no member named 'meta_group_rank' in 'cooperative_groups::thread_group'",
    ]);
  });

  it('keeps cooperative groups in device code', () => {
    expect(diags(`${head}int main() { cg::thread_block b = cg::this_thread_block(); return 0; }`)).toEqual([
      'error 4:35: calling a __device__ function("this_thread_block") from a __host__ function("main") is not allowed',
    ]);
  });

  it('applies the headers\' static assertions', () => {
    expect(inKernel('cg::thread_block_tile<3> *t;')).toEqual(['error 5:25: static assertion failed: Size must be one of 1/2/4/8/16/32']);
    expect(inKernel('auto t = cg::tiled_partition<8>(cg::this_thread_block()); auto u = cg::tiled_partition<8>(t);')).toEqual([
      'error 5:70: static assertion failed: Tile size bigger or equal to the parent group size',
    ]);
    expect(inKernel('o[0] = cg::reduce(cg::this_thread_block(), 1, cg::plus<int>());')).toEqual(['error 5:10: static assertion failed: This group does not exclusively represent a tile']);
    expect(inKernel('auto t = cg::tiled_partition<8>(cg::this_thread_block()); o[0] = cg::reduce(t, 1u, cg::plus<int>());')).toEqual([
      'error 5:68: static assertion failed: Operator and argument types differ',
    ]);
    expect(inKernel('auto t = cg::tiled_partition<8>(cg::this_thread_block()); f[0] = cg::reduce(t, 1.0f, cg::bit_or<float>());')).toEqual([
      "error 5:68: invalid operands to binary expression ('float' and 'float')",
    ]);
  });

  it('reports a group declared without a value, as nvcc does (no group type has an accessible default constructor)', () => {
    const note = 'note 5:{c}: a group is made by this_thread_block(), tiled_partition(...), coalesced_threads() or this_thread()';
    expect(inKernel('cg::thread_block tb; o[0] = tb.size();')).toEqual(["error 5:20: calling a private constructor of class 'cooperative_groups::thread_block'", note.replace('{c}', '20')]);
    expect(inKernel('cg::thread_group g;')).toEqual(["error 5:20: no matching constructor for initialization of 'cooperative_groups::thread_group'", note.replace('{c}', '20')]);
    expect(inKernel('cg::coalesced_group a{};')[0]).toBe("error 5:23: no matching constructor for initialization of 'cooperative_groups::coalesced_group'");
    expect(inKernel('cg::thread_block_tile<4> ts[2];')[0]).toBe("error 5:28: no matching constructor for initialization of 'cooperative_groups::thread_block_tile<4>'");
    expect(inKernel('o[0] = cg::thread_block().size();')[0]).toBe("error 5:10: calling a private constructor of class 'cooperative_groups::thread_block'");
    expect(inKernel('cg::plus<int> op; cg::thread_block b = cg::this_thread_block(); cg::thread_group g = b;')).toEqual([]);
  });

  it('declares cg::reduce and the functors only where <cooperative_groups/reduce.h> was included, directly or through a header', () => {
    const prog = (inc: string): string => `#include <cooperative_groups.h>
${inc}
namespace cg = cooperative_groups;
__global__ void k(int *o) {
  auto t = cg::tiled_partition<32>(cg::this_thread_block());
  o[0] = cg::reduce(t, 1, cg::plus<int>());
  cg::less<int> lo;
  using namespace cooperative_groups;
  o[1] = reduce(t, 2, greater<int>());
}
`;
    const note = (n: string): string => `include <cooperative_groups/reduce.h>, which declares 'cooperative_groups::${n}'`;
    expect(diags(prog(''))).toEqual([
      "error 6:14: no member named 'reduce' in namespace 'cooperative_groups'", `note 6:14: ${note('reduce')}`,
      "error 6:31: no member named 'plus' in namespace 'cooperative_groups'", `note 6:31: ${note('plus')}`,
      "error 7:7: no member named 'less' in namespace 'cooperative_groups'", `note 7:7: ${note('less')}`,
      "error 9:10: no member named 'reduce' in namespace 'cooperative_groups'", `note 9:10: ${note('reduce')}`,
      "error 9:23: no member named 'greater' in namespace 'cooperative_groups'", `note 9:23: ${note('greater')}`,
    ]);
    expect(diags(prog('#include <cooperative_groups/reduce.h>'))).toEqual([]);
    expect(diags(prog('#include "mine.h"'), { 'mine.h': '#pragma once\n#include <cooperative_groups/reduce.h>\n' })).toEqual([]);
  });

  it('reports every rejected line of one program, going on after each error (cg/rejected.cu)', () => {
    const src = `#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
    cg::thread_block tb;
    cg::thread_block_tile<3> t3 = cg::tiled_partition<3>(cg::this_thread_block());
    out[threadIdx.x] = cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), 1, cg::plus<int>());
    out[0] += tb.size() + t3.size();
}
`;
    const lines = diags(src).filter((d) => d.startsWith('error')).map((d) => Number(/ (\d+):/.exec(d)![1]));
    expect([...new Set(lines)]).toEqual([5, 6, 7]);
  });

  it('match_all takes its predicate by int reference', () => {
    const tile = 'auto t = cg::tiled_partition<8>(cg::this_thread_block()); ';
    expect(inKernel(`${tile}int p; unsigned m = t.match_all(1.5f, p);`)).toEqual([]);
    expect(inKernel(`${tile}unsigned p; t.match_all(1, p);`)).toEqual(["error 5:88: non-const lvalue reference to type 'int' cannot bind to a value of unrelated type 'unsigned int'"]);
    expect(inKernel(`${tile}t.match_all(1, 0);`)).toEqual(["error 5:76: non-const lvalue reference to type 'int' cannot bind to a temporary of type 'int'"]);
    expect(inKernel(`${tile}int p; t.match_all(1);`)[0]).toBe('error 5:68: too few arguments to function call, expected 2, have 1');
  });

  it('keeps less/greater/plus ordinary identifiers under a using-directive, and reads a functor type there only where it declares', () => {
    expect(diags(`${head}using namespace cooperative_groups;
struct P { int less, plus; };
__device__ int pick(int less, int greater) { return (less < greater) ? less : greater; }
__global__ void k(int *o, P *p) {
  int plus = 1, greater = 2;
  bool lt = (plus < greater), gt = plus > greater;
  o[0] = p->less + p->plus + pick(plus, greater) + lt + gt;
}
__global__ void k2(int *o) {
  plus<int> op;
  o[1] = reduce(tiled_partition<4>(this_thread_block()), 1, op);
}`)).toEqual([]);
    expect(diags(`${head}using namespace cooperative_groups;\nplus<int> globalOp;\n`)).toEqual([
      "parse 5:1: 'plus<...>' named through a using-directive outside a local variable declaration (write 'cooperative_groups::plus<...>') is not supported by Warpscope",
    ]);
  });

  it('names what Warpscope does not simulate instead of miscomputing it', () => {
    expect(inKernel('cg::grid_group g = cg::this_grid(); g.sync();')[0]).toBe(
      "error 5:3: 'cooperative_groups::grid_group' (grid-wide groups need a cooperative launch, which Warpscope does not simulate) is not supported by Warpscope",
    );
    expect(inKernel('auto g = cg::this_grid();')[0]).toMatch(/^error 5:12: 'cooperative_groups::this_grid' .* is not supported by Warpscope$/);
    expect(inKernel('auto t = cg::tiled_partition(cg::this_thread_block(), 6);')[0]).toMatch(/^error 5:57: tiled_partition\(parent, 6\) .* is not supported by Warpscope$/);
    expect(inKernel('auto t = cg::tiled_partition<64>(cg::this_thread_block());')[0]).toMatch(/thread_block_tile<64> .* is not supported by Warpscope$/);
  });
});
