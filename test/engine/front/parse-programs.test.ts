import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { FunctionDecl, Stmt } from '../../../src/engine/front/ast.js';
import { lex } from '../../../src/engine/front/lex.js';
import { parse } from '../../../src/engine/front/parse.js';
import { parseOk, TYPE_NAMES } from './parse-helpers.js';

/*
 * Whole programs in the style of the lecture notes (/work/shared/seeds), with the
 * preprocessor's work done by hand (macros expanded, #include dropped).
 */

const TILED_MATMUL = `
__global__ void MatrixMulKernel(float* Md, float* Nd, float* Pd, int Width)
{
  __shared__ float Mds[16][16];
  __shared__ float Nds[16][16];
  int bx = blockIdx.x; int by = blockIdx.y;
  int tx = threadIdx.x; int ty = threadIdx.y;
  int Row = by * 16 + ty;
  int Col = bx * 16 + tx;
  float Pvalue = 0;
  for (int m = 0; m < Width/16; ++m) {
    Mds[ty][tx] = Md[Row*Width + (m*16 + tx)];
    Nds[ty][tx] = Nd[(m*16 + ty)*Width + Col];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      Pvalue += Mds[ty][k] * Nds[k][tx];
    __syncthreads();
  }
  Pd[Row*Width+Col] = Pvalue;
}

typedef struct {
  int width;
  int height;
  int stride;
  float* elements;
} Matrix;

__device__ float GetElement(const Matrix A, int row, int col) {
  return A.elements[row * A.stride + col];
}

__device__ Matrix GetSubMatrix(Matrix A, int row, int col) {
  Matrix Asub;
  Asub.width = 16; Asub.height = 16; Asub.stride = A.stride;
  Asub.elements = &A.elements[A.stride * 16 * row + 16 * col];
  return Asub;
}

int main(void) {
  int Width = 64;
  size_t size = Width * Width * sizeof(float);
  float *Md, *Nd, *Pd;
  float *M = (float*)malloc(size);
  cudaMalloc((void**)&Md, size);
  cudaMemcpy(Md, M, size, cudaMemcpyHostToDevice);
  dim3 dimBlock(16, 16);
  dim3 dimGrid(Width / 16, Width / 16);
  MatrixMulKernel<<<dimGrid, dimBlock>>>(Md, Nd, Pd, Width);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) { printf("error: %s\\n", cudaGetErrorString(err)); return 1; }
  cudaFree(Md); free(M);
  return 0;
}
`;

const AVG_FILTER = `
__global__ void kernel_avg_filter(float* x, int arrLen) {
    const int tid = blockDim.x * blockIdx.x + threadIdx.x;
    const int local_tid = threadIdx.x;
    float temp;
    int i;
    __shared__ float xsm[(16/2) + 2*4];
    if (tid >= 4 && tid < (arrLen - 4)) {
        xsm[local_tid] = x[tid];
    }
    __syncthreads();
    for (i = 0; i < 4; i++) {
        if (local_tid > 0 && local_tid < (16/2) + 2*4 - 1)
            temp = (xsm[local_tid - 1] + xsm[local_tid] + xsm[local_tid + 1]) / 3;
        __syncthreads();
        xsm[local_tid] = temp;
        __syncthreads();
    }
}
int main() {
    float h_x[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    float *d_x;
    cudaMalloc(&d_x, 16 * sizeof(float));
    kernel_avg_filter<<<2, (16/2) + 2*4>>>(d_x, 16);
    cudaDeviceSynchronize();
    for (int i = 0; i < 16; i++) printf("%.2f ", h_x[i]);
    printf("\\n");
}
`;

const TEMPLATE_REDUCTION = `
template <unsigned int blockSize>
__device__ void warpReduce(volatile int *sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}
template <unsigned int blockSize>
__global__ void reduce6(int *g_idata, int *g_odata, unsigned int n) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x*(blockSize*2) + tid;
  unsigned int gridSize = blockSize*2*gridDim.x;
  sdata[tid] = 0;
  while (i < n) { sdata[tid] += g_idata[i] + g_idata[i+blockSize]; i += gridSize; }
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
template <typename T>
__global__ void reduce_shared(T *out, const T *in, int size) {
  extern __shared__ float s_data[];
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  s_data[threadIdx.x] = (idx < size) ? in[idx] : 0.f;
  __syncthreads();
  for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s_data[threadIdx.x] += s_data[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s_data[0];
}
int main() {
  int n_thr = 256, n_bl = 4, size = 1024;
  float *d_out;
  int *d_i, *d_o;
  switch (n_thr) {
    case 512: reduce6<512><<<n_bl, n_thr, n_thr * sizeof(int)>>>(d_i, d_o, size); break;
    case 256: reduce6<256><<<n_bl, n_thr, n_thr * sizeof(int)>>>(d_i, d_o, size); break;
    default: break;
  }
  reduce_shared<float><<<n_bl, n_thr, n_thr*sizeof(float), 0>>>(d_out, d_out, size);
  reduce_shared<<<1, n_bl, n_bl*sizeof(float)>>>(d_out, d_out, n_bl);
  return 0;
}
`;

const COOPERATIVE_GROUPS = `
namespace cg = cooperative_groups;
using namespace cooperative_groups;

__device__ int reduce_sum(thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i) val += temp[lane + i];
    g.sync();
  }
  return val;
}

__device__ int thread_sum(int *input, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += blockDim.x * gridDim.x) {
    int4 in = ((int4*)input)[i];
    sum += in.x + in.y + in.z + in.w;
  }
  return sum;
}

template <int tile_sz>
__device__ int reduce_sum_tile_shfl(cg::thread_block_tile<tile_sz> g, int val) {
  for (int i = g.size() / 2; i > 0; i /= 2) val += g.shfl_down(val, i);
  return val;
}

__global__ void sum_kernel_block(int *sum, int *input, int n) {
  int my_sum = thread_sum(input, n);
  extern __shared__ int temp[];
  auto g = this_thread_block();
  int block_sum = reduce_sum(g, temp, my_sum);
  if (g.thread_rank() == 0) atomicAdd(sum, block_sum);
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int tile_sum = reduce_sum_tile_shfl<32>(tile32, my_sum);
  thread_group tile4 = tiled_partition(block, 4);
  if (tile4.thread_rank() == 0) atomicAdd(sum, tile_sum);
  unsigned mask = __ballot_sync(0xffffffff, threadIdx.x < 16);
  int v = __shfl_down_sync(0xffffffffu, my_sum, 16);
  if (this_thread_block().thread_rank() == 0) { atomicAdd(&sum[0], v + (int)mask); }
}
`;

const fnNamed = (src: string, name: string): FunctionDecl => {
  const d = parseOk(src).decls.find((x): x is FunctionDecl => x.kind === 'function' && x.name === name);
  if (!d) throw new Error(`no function ${name}`);
  return d;
};

describe('parse: lecture-style programs', () => {
  it('tiled matrix multiply with a typedef struct and host code', () => {
    const u = parseOk(TILED_MATMUL);
    expect(u.decls.map((d) => d.kind)).toEqual(['function', 'typedef', 'function', 'function', 'function']);
    const main = fnNamed(TILED_MATMUL, 'main');
    const launch = main.body!.body.find((s): s is Stmt & { kind: 'expr' } => s.kind === 'expr' && s.expr.kind === 'launch');
    expect(launch?.expr).toMatchObject({ kind: 'launch', callee: { name: 'MatrixMulKernel' }, config: [{ name: 'dimGrid' }, { name: 'dimBlock' }] });
  });
  it('averaging filter with shared memory and barriers', () => {
    const k = fnNamed(AVG_FILTER, 'kernel_avg_filter');
    expect(k.specs.global).toBe(true);
    expect(k.body!.body.map((x) => x.kind)).toEqual(['decl', 'decl', 'decl', 'decl', 'decl', 'if', 'expr', 'for']);
  });
  it('templated reductions and launches with explicit template arguments', () => {
    const u = parseOk(TEMPLATE_REDUCTION);
    expect(u.decls.map((d) => (d.kind === 'function' ? d.name : d.kind))).toEqual(['warpReduce', 'reduce6', 'reduce_shared', 'main']);
    const r6 = fnNamed(TEMPLATE_REDUCTION, 'reduce6');
    expect(r6.template).toMatchObject([{ kind: 'value', name: 'blockSize', type: { name: 'unsigned int' } }]);
    const main = fnNamed(TEMPLATE_REDUCTION, 'main');
    const sw = main.body!.body.find((s) => s.kind === 'switch');
    if (sw?.kind !== 'switch' || sw.body.kind !== 'block') throw new Error('no switch');
    expect(sw.body.body.map((x) => x.kind)).toEqual(['case', 'expr', 'break', 'case', 'expr', 'break', 'default', 'break']);
    expect(sw.body.body[1]).toMatchObject({ expr: { kind: 'launch', callee: { name: 'reduce6', templateArgs: [{ kind: 'expr', expr: { value: 512n } }] } } });
  });
  it('cooperative groups: aliases, using namespace, tiles, templates over tile size', () => {
    const u = parseOk(COOPERATIVE_GROUPS);
    expect(u.decls.map((d) => d.kind)).toEqual(['namespaceAlias', 'usingNamespace', 'function', 'function', 'function', 'function']);
    const t = fnNamed(COOPERATIVE_GROUPS, 'reduce_sum_tile_shfl');
    expect(t.params[0]).toMatchObject({ type: { kind: 'named', name: 'cg::thread_block_tile', templateArgs: [{ kind: 'expr', expr: { kind: 'ident', name: 'tile_sz' } }] } });
  });
});

/** Fenced code blocks of the lecture notes, with `#define NAME value` applied and directives dropped. */
function seedBlocks(): { id: string; src: string }[] {
  const dir = '/work/shared/seeds/';
  if (!existsSync(dir)) return [];
  const out: { id: string; src: string }[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.txt')).sort()) {
    const blocks = [...readFileSync(dir + f, 'utf8').matchAll(/```[a-z+]*\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    blocks.forEach((b, i) => {
      const defines: [string, string][] = [];
      let src = b
        .split('\n')
        .map((l) => {
          const m = /^\s*#define\s+(\w+)\s+(.*)$/.exec(l);
          if (m) defines.push([m[1] as string, m[2] as string]);
          return l.trim().startsWith('#') ? '' : l;
        })
        .join('\n');
      for (const [k, v] of defines) src = src.replace(new RegExp(`\\b${k}\\b`, 'g'), v);
      out.push({ id: `${f.slice(0, 3)}#${i}`, src });
    });
  }
  return out;
}

describe.skipIf(!existsSync('/work/shared/seeds/'))('parse: lecture note code blocks', () => {
  it('every block either parses or fails with a diagnostic (never throws), and the complete programs parse', () => {
    const parsed: string[] = [];
    for (const { id, src } of seedBlocks()) {
      // Blocks are whole files or bare statement fragments: try both readings.
      for (const [suffix, text] of [['', src], ['/body', `void fragment() {\n${src}\n}`]] as const) {
        const toks = lex(text, 'seed.cu');
        if (!toks.ok) continue;
        const r = parse(toks.value, 'seed.cu', { typeNames: TYPE_NAMES });
        if (r.ok) parsed.push(id + suffix);
        else expect(r.diags[0]?.severity).toBe('error');
        if (process.env.SHOW_SEEDS) console.log(id + suffix, r.ok ? 'ok' : `${r.diags[0]?.loc.line}:${r.diags[0]?.loc.col} ${r.diags[0]?.message}`);
      }
    }
    // Complete, well-formed programs in the notes (others are fragments, numbered listings or deliberately broken).
    for (const id of ['000#20', '000#24', '000#25', '001#5', '002#4', '002#6', '002#7', '003#0', '003#5', '003#6', '004#3',
      '002#3/body', '002#11/body', '002#12/body', '003#24/body', '004#15/body', '004#16/body']) {
      expect(parsed).toContain(id);
    }
  });
  it('the broken listings fail where nvcc would: missing semicolons and a typo', () => {
    const byId = new Map(seedBlocks().map((b) => [b.id, b.src]));
    const err = (id: string): string => {
      const toks = lex(byId.get(id) ?? '', 'seed.cu');
      if (!toks.ok) return 'lex';
      const r = parse(toks.value, 'seed.cu', { typeNames: TYPE_NAMES });
      return r.ok ? 'ok' : `${r.diags[0]?.loc.line}:${r.diags[0]?.loc.col}: ${r.diags[0]?.message}`;
    };
    expect(err('000#23')).toBe("4:50: expected ';' at end of declaration");
    expect(err('002#17')).toBe("1:69: unknown type name 'intWidth'");
  });
});
