import { describe, expect, it } from 'vitest';
import { preprocess } from '../../../src/engine/front/preprocess.js';
import { parse } from '../../../src/engine/front/parse.js';
import { check, builtinTypeNames } from '../../../src/engine/check/check.js';

/** Every diagnostic of checking `src` (as t.cu) as "severity line:col: message", or [] when it checks. */
function diags(src: string): string[] {
  const pp = preprocess(src, 't.cu', { readFile: () => null });
  if (!pp.ok) throw new Error(`pp: ${pp.diags[0]?.message}`);
  const p = parse(pp.value.tokens, 't.cu', { typeNames: builtinTypeNames });
  if (!p.ok) throw new Error(`parse: ${p.diags[0]?.loc.line}:${p.diags[0]?.loc.col}: ${p.diags[0]?.message}`);
  const r = check(p.value, pp.value.includedFiles);
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

  it('names what Warpscope does not simulate instead of miscomputing it', () => {
    expect(inKernel('cg::grid_group g = cg::this_grid(); g.sync();')[0]).toBe(
      "error 5:3: 'cooperative_groups::grid_group' (grid-wide groups need a cooperative launch, which Warpscope does not simulate) is not supported by Warpscope",
    );
    expect(inKernel('auto g = cg::this_grid();')[0]).toMatch(/^error 5:12: 'cooperative_groups::this_grid' .* is not supported by Warpscope$/);
    expect(inKernel('auto t = cg::tiled_partition(cg::this_thread_block(), 6);')[0]).toMatch(/^error 5:57: tiled_partition\(parent, 6\) .* is not supported by Warpscope$/);
    expect(inKernel('auto t = cg::tiled_partition<64>(cg::this_thread_block());')[0]).toMatch(/thread_block_tile<64> .* is not supported by Warpscope$/);
  });
});
