import { describe, expect, it } from 'vitest';
import type { FunctionDecl, StructDef, EnumDef, TopDecl, VarDecl } from '../../../src/engine/front/ast.js';
import { parseOk, show, top, typeStr } from './parse-helpers.js';

/** The VarDecls of the first top-level declaration. */
function vars(src: string): readonly VarDecl[] {
  const d = top(src);
  if (d.kind !== 'vars') throw new Error(`not vars: ${d.kind}`);
  return d.decls;
}
const ty = (src: string): string => typeStr((vars(src)[0] as VarDecl).type);
const fn = (src: string): FunctionDecl => {
  const d = parseOk(src).decls.find((x) => x.kind === 'function');
  if (!d || d.kind !== 'function') throw new Error('no function');
  return d;
};

describe('parse: declarators', () => {
  it.each([
    ['int a;', 'int'],
    ['int *a;', 'ptr(int)'],
    ['int **a;', 'ptr(ptr(int))'],
    ['int a[4];', 'arr4(int)'],
    ['int a[2][3];', 'arr2(arr3(int))'],
    ['int *a[4];', 'arr4(ptr(int))'],
    ['int (*a)[4];', 'ptr(arr4(int))'],
    ['int (*fp)(int, float);', 'ptr(fn(int, float) -> int)'],
    ['void (*handlers[4])(int);', 'arr4(ptr(fn(int) -> void))'],
    ['int (*(*f)(int))[3];', 'ptr(fn(int) -> ptr(arr3(int)))'],
    ['const int *p;', 'ptr(const int)'],
    ['int const *p;', 'ptr(const int)'],
    ['int *const p = 0;', 'const ptr(int)'],
    ['const int *const *p;', 'ptr(const ptr(const int))'],
    ['float *__restrict__ p;', 'restrict ptr(float)'],
    ['volatile int v;', 'volatile int'],
    ['unsigned u;', 'unsigned int'],
    ['unsigned int u;', 'unsigned int'],
    ['signed s;', 'int'],
    ['short int s;', 'short'],
    ['unsigned short s;', 'unsigned short'],
    ['long int l;', 'long'],
    ['long l;', 'long'],
    ['unsigned long l;', 'unsigned long'],
    ['long long int l;', 'long long'],
    ['unsigned long long l;', 'unsigned long long'],
    ['long unsigned long l;', 'unsigned long long'],
    ['signed char c;', 'signed char'],
    ['unsigned char c;', 'unsigned char'],
    ['char c;', 'char'],
    ['long double d;', 'long double'],
    ['bool b;', 'bool'],
    ['size_t n;', 'size_t'],
    ['std::size_t n;', 'std::size_t'],
    ['dim3 g;', 'dim3'],
    ['float4 *v;', 'ptr(float4)'],
    ['int extern_arr[];', 'arr(int)'],
  ])('%s', (src, want) => {
    expect(ty(src)).toBe(want);
  });

  it('several declarators share the specifiers', () => {
    const ds = vars('int a = 1, *b, c[4] = {0};');
    expect(ds.map((d) => d.name)).toEqual(['a', 'b', 'c']);
    expect(ds.map((d) => typeStr(d.type))).toEqual(['int', 'ptr(int)', 'arr4(int)']);
    expect(ds[0]).toMatchObject({ initStyle: 'assign', init: { kind: 'int', value: 1n } });
    expect(ds[1]).toMatchObject({ initStyle: 'none', init: null });
    expect(ds[2]).toMatchObject({ initStyle: 'assign', init: { kind: 'initList', items: [{ value: { kind: 'int' } }] } });
  });

  it('VarDecl loc is the name; the vars node loc is the first token', () => {
    const d = top('static int  x;');
    expect(d).toMatchObject({ kind: 'vars', loc: { line: 1, col: 1 }, decls: [{ name: 'x', loc: { line: 1, col: 13 }, specs: { static: true } }] });
  });

  it('references', () => {
    const f = fn('void f(int &r, const float &c, int &&m) {}');
    expect(f.params.map((p) => typeStr(p.type))).toEqual(['ref(int)', 'ref(const float)', 'rref(int)']);
  });

  it('constructor-style and brace initialisation', () => {
    const [g] = vars('dim3 grid(4, 4);');
    expect(g).toMatchObject({ name: 'grid', initStyle: 'paren', parenArgs: [{ kind: 'int' }, { kind: 'int' }], init: { kind: 'construct', braces: false } });
    const [b] = vars('dim3 b{16, 16};');
    expect(b).toMatchObject({ name: 'b', initStyle: 'brace', init: { kind: 'initList' } });
    const [n] = vars('int n(N / 2);');
    expect(n).toMatchObject({ initStyle: 'paren', parenArgs: [{ kind: 'binary', op: '/' }] });
  });

  it('CUDA variable qualifiers', () => {
    expect(vars('__device__ int counter = 0;')[0]?.specs).toEqual({ device: true });
    expect(vars('__constant__ float M[256];')[0]).toMatchObject({ specs: { constant: true }, type: { kind: 'array' } });
    expect(vars('__managed__ int m;')[0]?.specs).toEqual({ managed: true });
    expect(vars('static __device__ __align__(16) float buf[4];')[0]?.specs).toMatchObject({ static: true, device: true, align: [{ kind: 'int', value: 16n }] });
    expect(vars('alignas(16) float buf[4];')[0]?.name).toBe('buf');
  });

  it('alignment requests in every place CUDA code writes them', () => {
    const one = (src: string): string[] | undefined => vars(src)[0]?.specs.align?.map((e) => (e.kind === 'int' ? e.text : e.kind));
    expect(one('alignas(8) int x;')).toEqual(['8']);
    expect(one('alignas(double) char c;')).toEqual(['alignof']);
    expect(one('float s[4] __attribute__((aligned(32)));')).toEqual(['32']);
    expect(one('__shared__ __align__(16) float s[64];')).toEqual(['16']);
    // GCC's bare `aligned` is the target's largest alignment, 16 on x86-64.
    expect(one('int x __attribute__((unused, aligned));')).toEqual(['16']);
    expect(one('[[gnu::aligned(64)]] char line[64];')).toEqual(['64']);
    expect(one('[[nodiscard]] int plain;')).toBeUndefined();
    expect(one('int plain;')).toBeUndefined();
  });
});

describe('parse: functions', () => {
  it('kernel definition with specifiers and params', () => {
    const f = fn('__global__ void add(const float *__restrict__ a, float *b, int n) { }');
    expect(f).toMatchObject({ name: 'add', specs: { global: true }, ret: { kind: 'builtin', name: 'void' }, variadic: false, template: null, loc: { line: 1, col: 17 } });
    expect(f.params.map((p) => p.name)).toEqual(['a', 'b', 'n']);
    expect(typeStr(f.params[0]!.type)).toBe('restrict ptr(const float)');
    expect(f.body).toMatchObject({ kind: 'block', loc: { line: 1, col: 67 }, endLoc: { line: 1, col: 69 } });
  });
  it('__launch_bounds__, inline variants, __host__ __device__', () => {
    expect(fn('__global__ void __launch_bounds__(256, 2) k() {}')).toMatchObject({ name: 'k', specs: { global: true } });
    expect(fn('__global__ __launch_bounds__(128) void k() {}').name).toBe('k');
    expect(fn('__host__ __device__ __forceinline__ float sq(float x) { return x * x; }').specs).toEqual({ host: true, device: true, inline: true });
    expect(fn('__device__ __noinline__ int g();').specs).toEqual({ device: true, inline: true });
    expect(fn('static inline int h(void) { return 0; }')).toMatchObject({ params: [], specs: { static: true, inline: true } });
  });
  it('prototypes, unnamed params, variadic, defaults', () => {
    const f = fn('int printf(const char *fmt, ...);');
    expect(f).toMatchObject({ body: null, variadic: true, params: [{ name: 'fmt' }] });
    const g = fn('void g(int, float*, int a[], int m[][4], int x = 5);');
    expect(g.params.map((p) => p.name)).toEqual([null, null, 'a', 'm', 'x']);
    expect(g.params.map((p) => typeStr(p.type))).toEqual(['int', 'ptr(float)', 'arr(int)', 'arr(arr4(int))', 'int']);
    expect(g.params[4]?.defaultValue).toMatchObject({ kind: 'int', value: 5n });
    const h = fn('void h(void (*cb)(int), float (*rows)[4]);');
    expect(h.params.map((p) => typeStr(p.type))).toEqual(['ptr(fn(int) -> void)', 'ptr(arr4(float))']);
  });
  it('functions returning pointers and trailing return types', () => {
    expect(typeStr(fn('float *row(float *m, int i) { return m + i; }').ret)).toBe('ptr(float)');
    expect(typeStr(fn('auto f(int x) -> float { return x; }').ret)).toBe('float');
  });
  it('extern "C" blocks and single declarations', () => {
    const u = parseOk('extern "C" { __global__ void k(); int x; }\nextern "C" void g(void);');
    expect(u.decls.map((d) => d.kind)).toEqual(['function', 'vars', 'function']);
    expect(u.decls[0]).toMatchObject({ name: 'k', externC: true });
    expect(u.decls[2]).toMatchObject({ name: 'g', externC: true });
  });
  it('main with argc/argv', () => {
    const f = fn('int main(int argc, char **argv) { return 0; }');
    expect(f.params.map((p) => typeStr(p.type))).toEqual(['int', 'ptr(ptr(char))']);
  });
});

describe('parse: structs, unions, enums, typedefs', () => {
  it('named struct definition stands alone and its name becomes a type', () => {
    const u = parseOk('struct Point { float x, y; int id : 4; };\nPoint p;\nstruct Point q;');
    const d = u.decls[0] as TopDecl & { kind: 'tagDef' };
    expect(d.kind).toBe('tagDef');
    expect(d.isEnum).toBe(false);
    const def = d.def as StructDef;
    expect(def.fields.map((f) => f.name)).toEqual(['x', 'y', 'id']);
    expect(def.fields[2]?.bitWidth).toMatchObject({ kind: 'int', value: 4n });
    expect(u.decls[1]).toMatchObject({ kind: 'vars', decls: [{ type: { kind: 'named', name: 'Point' } }] });
    expect(u.decls[2]).toMatchObject({ kind: 'vars', decls: [{ type: { kind: 'tagged', tag: 'struct', name: 'Point' } }] });
  });
  it('struct definition with declarators: tagDef then vars by tag', () => {
    const u = parseOk('struct P { int a; } p1, *p2;');
    expect(u.decls.map((d) => d.kind)).toEqual(['tagDef', 'vars']);
    const v = u.decls[1] as TopDecl & { kind: 'vars' };
    expect(v.decls[0]?.type).toEqual({ kind: 'tagged', tag: 'struct', name: 'P', loc: { file: 't.cu', line: 1, col: 1 } });
    expect(typeStr(v.decls[1]!.type)).toBe('ptr(struct P)');
  });
  it('typedef struct {..} Name; keeps the anonymous definition inline', () => {
    const u = parseOk('typedef struct { int width; int height; float *elements; } Matrix;\nMatrix m;');
    expect(u.decls[0]).toMatchObject({ kind: 'typedef', name: 'Matrix', type: { kind: 'tagged', name: null, def: { fields: [{ name: 'width' }, { name: 'height' }, { name: 'elements' }] } } });
    expect(u.decls[1]).toMatchObject({ kind: 'vars', decls: [{ type: { kind: 'named', name: 'Matrix' } }] });
  });
  it('typedef struct Node {..} Node; and self reference', () => {
    const u = parseOk('typedef struct Node { int v; struct Node *next; Node *prev; } Node;');
    expect(u.decls.map((d) => d.kind)).toEqual(['tagDef', 'typedef']);
    expect(u.decls[1]).toMatchObject({ name: 'Node', type: { kind: 'tagged', name: 'Node' } });
  });
  it('plain typedefs add scoped type names', () => {
    const u = parseOk('typedef unsigned int uint; typedef float (*Fn)(float);\nuint x; Fn f;\nvoid g() { typedef int T; T a; }\nint T;');
    expect(u.decls[0]).toMatchObject({ kind: 'typedef', name: 'uint', type: { kind: 'builtin', name: 'unsigned int' } });
    expect(typeStr((u.decls[1] as TopDecl & { kind: 'typedef' }).type)).toBe('ptr(fn(float) -> float)');
    expect(u.decls[2]).toMatchObject({ kind: 'vars', decls: [{ name: 'x', type: { name: 'uint' } }] });
    // T went out of scope with the function body, so `int T;` declares a variable named T.
    expect(u.decls[5]).toMatchObject({ kind: 'vars', decls: [{ name: 'T' }] });
  });
  it('unions and nested struct fields', () => {
    const u = parseOk('union U { int i; float f; };\nstruct O { struct I { int a; } in; int arr[3][2]; };');
    expect(u.decls[0]).toMatchObject({ kind: 'tagDef', def: { tag: 'union', name: 'U' } });
    const o = (u.decls[1] as TopDecl & { kind: 'tagDef' }).def as StructDef;
    expect(o.fields[0]).toMatchObject({ name: 'in', type: { kind: 'tagged', name: 'I', def: { fields: [{ name: 'a' }] } } });
    expect(typeStr(o.fields[1]!.type)).toBe('arr3(arr2(int))');
  });
  it('enums with values, anonymous enums, enum class', () => {
    const u = parseOk('enum Color { RED, GREEN = 5, BLUE, };\nenum { N = 16 };\nenum class Mode : int { A, B };\nColor c = RED;');
    const e = (u.decls[0] as TopDecl & { kind: 'tagDef' }).def as EnumDef;
    expect(u.decls[0]).toMatchObject({ isEnum: true });
    expect(e.items.map((i) => [i.name, i.value ? show(i.value) : null])).toEqual([['RED', null], ['GREEN', '5'], ['BLUE', null]]);
    expect(u.decls[1]).toMatchObject({ kind: 'tagDef', def: { name: null, items: [{ name: 'N' }] } });
    expect(u.decls[2]).toMatchObject({ kind: 'tagDef', def: { name: 'Mode' } });
    expect(u.decls[3]).toMatchObject({ kind: 'vars', decls: [{ type: { kind: 'named', name: 'Color' } }] });
  });
  it('member functions and constructors are parsed; default initialisers are recorded as unsupported members', () => {
    const u = parseOk('struct S {\n  int x;\n  S(int v) : x(v) {}\n  __device__ int get() const { return x; }\n  int y = 3;\npublic:\n  float z;\n};');
    const def = (u.decls[0] as TopDecl & { kind: 'tagDef' }).def as StructDef;
    expect(def.fields.map((f) => f.name)).toEqual(['x', 'z']);
    expect(def.methods?.map((m) => [m.fn.name, m.role, m.isConst, m.inits.map((i) => i.name), m.fn.params.length])).toEqual([['S', 'ctor', false, ['x'], 1], ['get', 'method', true, [], 0]]);
    expect(def.unsupportedMembers.map((m) => [m.what, m.loc.line])).toEqual([['default member initializers', 5]]);
  });
  it('__align__ on a struct is dropped', () => {
    expect(top('struct __align__(16) V { float a, b, c, d; };')).toMatchObject({ kind: 'tagDef', def: { name: 'V' } });
  });
});

describe('parse: namespaces, using, static_assert', () => {
  it('namespace alias makes cg:: names types', () => {
    const u = parseOk('namespace cg = cooperative_groups;\n__global__ void k() { cg::thread_block b = cg::this_thread_block(); cooperative_groups::grid_group g = cg::this_grid(); }');
    expect(u.decls[0]).toEqual({ kind: 'namespaceAlias', name: 'cg', target: 'cooperative_groups', loc: { file: 't.cu', line: 1, col: 1 } });
    const body = (u.decls[1] as FunctionDecl).body!.body;
    expect(body[0]).toMatchObject({ kind: 'decl', decls: [{ name: 'b', type: { kind: 'named', name: 'cg::thread_block' }, init: { kind: 'call' } }] });
    expect(body[1]).toMatchObject({ kind: 'decl', decls: [{ name: 'g', type: { kind: 'named', name: 'cooperative_groups::grid_group' } }] });
  });
  it('an alias of a different name resolves too', () => {
    const u = parseOk('namespace coop = cooperative_groups;\n__device__ void f(coop::thread_block b);');
    expect((u.decls[1] as FunctionDecl).params[0]).toMatchObject({ type: { kind: 'named', name: 'coop::thread_block' } });
  });
  it('using namespace brings known type names in unqualified', () => {
    const u = parseOk('using namespace cooperative_groups;\n__device__ void f(thread_block b, thread_block_tile<32> t);');
    expect(u.decls[0]).toMatchObject({ kind: 'usingNamespace', name: 'cooperative_groups' });
    const f = u.decls[1] as FunctionDecl;
    expect(f.params[1]).toMatchObject({ type: { kind: 'named', name: 'thread_block_tile', templateArgs: [{ kind: 'expr', expr: { kind: 'int', value: 32n } }] } });
  });
  it('namespaces, using aliases and declarations', () => {
    const u = parseOk('namespace util { typedef float real; __device__ real twice(real x) { return 2 * x; } }\nusing R = util::real;\nusing std::min;\nnamespace { int hidden; }\nR r;');
    expect(u.decls[0]).toMatchObject({ kind: 'namespace', name: 'util', decls: [{ kind: 'typedef' }, { kind: 'function', name: 'twice' }] });
    expect(u.decls[1]).toMatchObject({ kind: 'usingAlias', name: 'R', type: { kind: 'named', name: 'util::real' } });
    expect(u.decls[2]).toMatchObject({ kind: 'usingDecl', name: 'std::min' });
    expect(u.decls[3]).toMatchObject({ kind: 'namespace', name: null });
    expect(u.decls[4]).toMatchObject({ kind: 'vars', decls: [{ type: { name: 'R' } }] });
  });
  it('static_assert', () => {
    expect(top('static_assert(sizeof(int) == 4, "int" " is 4");')).toMatchObject({ kind: 'staticAssert', cond: { kind: 'binary', op: '==' }, message: 'int is 4' });
    expect(top('static_assert(N > 0);')).toMatchObject({ kind: 'staticAssert', message: null });
  });
});

describe('parse: templates', () => {
  it('function templates: type and value parameters become usable', () => {
    const f = fn('template <typename T, int N>\n__global__ void k(T *a) { __shared__ T s[N]; T v = a[0]; }');
    expect(f.template).toMatchObject([{ kind: 'type', name: 'T' }, { kind: 'value', name: 'N', type: { kind: 'builtin', name: 'int' } }]);
    expect(typeStr(f.params[0]!.type)).toBe('ptr(T)');
    expect(f.body!.body[0]).toMatchObject({ kind: 'decl', decls: [{ name: 's', specs: { shared: true }, type: { kind: 'array', of: { kind: 'named', name: 'T' } } }] });
  });
  it('template <unsigned int blockSize> and class T with defaults', () => {
    const f = fn('template <unsigned int blockSize = 256, class T = float>\n__device__ void r(volatile T *s, unsigned tid) { if (blockSize >= 64) s[tid] += s[tid + 32]; }');
    expect(f.template).toMatchObject([
      { kind: 'value', name: 'blockSize', type: { name: 'unsigned int' }, defaultArg: { kind: 'expr' } },
      { kind: 'type', name: 'T', defaultArg: { kind: 'type', type: { name: 'float' } } },
    ]);
  });
  it('template parameters do not leak out of the template', () => {
    const u = parseOk('template <typename T> T sq(T x) { return x * x; }\nint main() { int T = 3; return sq<int>(T) + sq(2); }');
    expect(u.decls[1]).toMatchObject({ kind: 'function', name: 'main' });
  });
  it('a known function template parses `f<...>` with any arguments', () => {
    const u = parseOk('template <bool B> __device__ int pick(int a) { return B ? a : 0; }\n__global__ void k(int *o, int n) { o[0] = pick<(3 > 2)>(n) + pick<true && false>(n); }');
    expect(u.decls.length).toBe(2);
  });
  it('class templates, specialisations and instantiations are unsupported top-level nodes', () => {
    const u = parseOk('template <typename T> struct Box { T v; T get() { return v; } };\nBox<int> b;\ntemplate <> __global__ void k<float>(float *p) {}\ntemplate void f<int>(int);');
    expect(u.decls.map((d) => d.kind === 'unsupported' ? d.what : d.kind)).toEqual(['class template', 'vars', 'template specialization', 'explicit template instantiation']);
    expect(u.decls[1]).toMatchObject({ decls: [{ type: { kind: 'named', name: 'Box', templateArgs: [{ kind: 'type' }] } }] });
  });
  it('cg::thread_block_tile<32> declarations and tiled_partition<32>(block)', () => {
    const u = parseOk('namespace cg = cooperative_groups;\n__global__ void k() {\n  cg::thread_block block = cg::this_thread_block();\n  cg::thread_block_tile<32> t = cg::tiled_partition<32>(block);\n  auto t2 = cg::tiled_partition(block, 16);\n}');
    const body = (u.decls[1] as FunctionDecl).body!.body;
    expect(body[1]).toMatchObject({
      kind: 'decl',
      decls: [{ name: 't', type: { kind: 'named', name: 'cg::thread_block_tile', templateArgs: [{ kind: 'expr' }] }, init: { kind: 'call', callee: { kind: 'ident', name: 'cg::tiled_partition', templateArgs: [{ kind: 'expr', expr: { value: 32n } }] } } }],
    });
    expect(body[2]).toMatchObject({ kind: 'decl', decls: [{ name: 't2', type: { kind: 'auto' } }] });
  });
});

describe('parse: unsupported top-level constructs', () => {
  it('operators are functions; out-of-line members are unsupported', () => {
    const u = parseOk('__device__ float2 operator+(float2 a, float2 b) { return a; }\nstruct S { int f(); };\nint S::f() { return 1; }\nint after;');
    expect(u.decls.map((d) => (d.kind === 'unsupported' ? d.what : d.kind))).toEqual(['function', 'tagDef', 'defining member functions outside their class', 'vars']);
    expect(u.decls[0]?.loc).toMatchObject({ line: 1, col: 19 });
  });
});
