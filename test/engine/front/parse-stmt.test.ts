import { describe, expect, it } from 'vitest';
import type { Stmt } from '../../../src/engine/front/ast.js';
import { parseErr, show, stmts, typeStr } from './parse-helpers.js';

const one = (src: string): Stmt => stmts(src)[0] as Stmt;
const kinds = (src: string): string[] => stmts(src).map((s) => (s.kind === 'unsupported' ? `?${s.what}` : s.kind));

describe('parse: statements', () => {
  it('declaration statements with several declarators', () => {
    const s = one('int a = 1, *b, c[4] = {0};');
    expect(s).toMatchObject({ kind: 'decl', loc: { line: 2, col: 1 } });
    if (s.kind !== 'decl') return;
    expect(s.decls.map((d) => `${d.name}:${typeStr(d.type)}`)).toEqual(['a:int', 'b:ptr(int)', 'c:arr4(int)']);
  });
  it('dim3 grid(4, 4) is a variable with paren init (most vexing parse resolved to a variable)', () => {
    expect(one('dim3 grid(4, 4);')).toMatchObject({ kind: 'decl', decls: [{ name: 'grid', initStyle: 'paren', parenArgs: [{}, {}] }] });
    expect(one('dim3 block(N / 16, (N + 15) / 16);')).toMatchObject({ kind: 'decl', decls: [{ initStyle: 'paren' }] });
    expect(one('dim3 b{16, 16};')).toMatchObject({ kind: 'decl', decls: [{ initStyle: 'brace' }] });
    expect(one('float x(a);')).toMatchObject({ kind: 'decl', decls: [{ initStyle: 'paren', parenArgs: [{ kind: 'ident', name: 'a' }] }] });
  });
  it('T x() declares a function (local prototype)', () => {
    expect(one('int g();')).toMatchObject({ kind: 'localDecl', decl: { kind: 'function', name: 'g', body: null } });
  });
  it('`a * b;` and `a & b;` with a name that is not a type are expressions (a may be a variable)', () => {
    expect(one('a * b;')).toMatchObject({ kind: 'expr', expr: { kind: 'binary', op: '*' } });
    expect(one('a & b;')).toMatchObject({ kind: 'expr', expr: { kind: 'binary', op: '&' } });
    expect(one('Foo *p = 0;')).toMatchObject({ kind: 'expr', expr: { kind: 'assign' } });
    expect(one('dim3 *p = 0;')).toMatchObject({ kind: 'decl' });
  });
  it('expression statements vs functional casts', () => {
    expect(one('a[i] = b[i] + c[i];')).toMatchObject({ kind: 'expr', loc: { line: 2, col: 1 }, expr: { kind: 'assign' } });
    expect(one('__syncthreads();')).toMatchObject({ kind: 'expr', expr: { kind: 'call', callee: { name: '__syncthreads' } } });
    // [stmt.ambig]: a statement that can be a declaration is one, so `float(x);` declares x.
    expect(one('float(x);')).toMatchObject({ kind: 'decl', decls: [{ name: 'x' }] });
    expect(one('float(x) + 1;')).toMatchObject({ kind: 'expr', expr: { kind: 'binary', left: { kind: 'construct' } } });
    expect(one('f(x);')).toMatchObject({ kind: 'expr', expr: { kind: 'call' } });
    expect(one('dim3 (g) = 4;')).toMatchObject({ kind: 'decl', decls: [{ name: 'g', initStyle: 'assign' }] });
    expect(one('i++;')).toMatchObject({ kind: 'expr', expr: { kind: 'unary', op: 'post++' } });
  });
  it('extern __shared__ arrays and __shared__ 2D tiles', () => {
    expect(one('extern __shared__ float s[];')).toMatchObject({ kind: 'decl', decls: [{ name: 's', specs: { extern: true, shared: true }, type: { kind: 'array', size: null } }] });
    const t = one('__shared__ float tile[TILE][TILE + 1];');
    if (t.kind !== 'decl') throw new Error();
    expect(typeStr(t.decls[0]!.type)).toBe('arr(TILE)(arr(TILE + 1)(float))'.replace('arr(TILE)', 'arrTILE').replace('arr(TILE + 1)', 'arr(TILE + 1)'));
  });
  it('if / else, nested blocks with endLoc', () => {
    const s = one('if (i < n) { a[i] = 0; } else if (i == n) b = 1; else {\n}');
    expect(s).toMatchObject({ kind: 'if', cond: { kind: 'binary', op: '<' }, then: { kind: 'block' }, else: { kind: 'if', else: { kind: 'block', endLoc: { line: 3, col: 1 } } } });
  });
  it('for loops: decl init with several declarators, expr init, empty parts', () => {
    const f = one('for (int i = 0, j = 1; i < n; i++, j += 2) sum += i * j;');
    expect(f).toMatchObject({ kind: 'for', init: { kind: 'decl', decls: [{ name: 'i' }, { name: 'j' }] }, cond: { op: '<' }, step: { kind: 'binary', op: ',' }, body: { kind: 'expr' } });
    expect(one('for (i = 0; i < n; ++i) {}')).toMatchObject({ kind: 'for', init: { kind: 'expr', loc: { col: 6 } } });
    expect(one('for (;;) break;')).toMatchObject({ kind: 'for', init: null, cond: null, step: null, body: { kind: 'break' } });
    expect(one('for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {}')).toMatchObject({ kind: 'for', step: { kind: 'assign', op: '>>=' } });
  });
  it('while, do-while, continue, return', () => {
    expect(one('while (x > 0) x--;')).toMatchObject({ kind: 'while', body: { kind: 'expr' } });
    expect(one('do { x++; } while (x < 10);')).toMatchObject({ kind: 'do', body: { kind: 'block' }, cond: { op: '<' } });
    expect(kinds('while (1) { continue; }\nreturn;')).toEqual(['while', 'return']);
    expect(one('return a + b;')).toMatchObject({ kind: 'return', value: { kind: 'binary' } });
  });
  it('switch with case/default labels as separate statements', () => {
    const s = one('switch (op) { case 0: x = 1; break; case A + 1: case 2: { y(); } default: z(); }');
    expect(s.kind).toBe('switch');
    if (s.kind !== 'switch' || s.body.kind !== 'block') throw new Error();
    expect(s.body.body.map((b) => b.kind)).toEqual(['case', 'expr', 'break', 'case', 'case', 'block', 'default', 'expr']);
    expect(s.body.body[3]).toMatchObject({ value: { kind: 'binary', op: '+' } });
  });
  it('empty statements and nested blocks', () => {
    expect(kinds(';;{ { } }')).toEqual(['empty', 'empty', 'block']);
  });
  it('local struct, typedef, using and enum are localDecl', () => {
    expect(kinds('struct P { int x; }; typedef float real; real r; using I = int; I i; enum { K = 2 };')).toEqual(['localDecl', 'localDecl', 'decl', 'localDecl', 'decl', 'localDecl']);
    expect(kinds('struct Q { int a; } q = {1};')).toEqual(['localDecl', 'decl']);
  });
  it('auto, const auto, decltype, references in bodies', () => {
    expect(one('auto tb = cg::this_thread_block();')).toMatchObject({ kind: 'decl', decls: [{ type: { kind: 'auto' } }] });
    expect(one('const auto n = 4;')).toMatchObject({ kind: 'decl', decls: [{ type: { kind: 'auto', isConst: true } }] });
    expect(one('decltype(x) y = x;')).toMatchObject({ kind: 'decl', decls: [{ type: { kind: 'decltype' } }] });
    expect(one('int &r = a[0];')).toMatchObject({ kind: 'decl', decls: [{ type: { kind: 'reference' } }] });
  });
  it('pointer-to-function local declarations with a named type', () => {
    expect(one('void (*cb)(int) = f;')).toMatchObject({ kind: 'decl', decls: [{ name: 'cb', type: { kind: 'pointer', to: { kind: 'function' } } }] });
    expect(one('int(x);')).toMatchObject({ kind: 'decl', decls: [{ name: 'x' }] });
    expect(one('size_t (*fp)(int) = 0;')).toMatchObject({ kind: 'decl', decls: [{ name: 'fp', type: { kind: 'pointer', to: { kind: 'function' } } }] });
  });
  it('goto, labels, try, throw, asm, lambdas are unsupported nodes', () => {
    expect(kinds('goto done;\ndone: x = 1;\ntry { f(); } catch (...) { }\nthrow 3;\nasm volatile("bar.sync 0;");\nauto l = [](int a) { return a; };'))
      .toEqual(["?goto statement 'goto done'", "?label 'done' (a goto target)", 'expr', '?exception handling', '?exception handling', '?inline assembly', 'decl']);
    const l = stmts('auto l = [=](int a) mutable { return a; };')[0];
    expect(l).toMatchObject({ decls: [{ init: { kind: 'unsupported', what: 'lambda expression', loc: { line: 2, col: 10 } } }] });
  });
  it('range-based for loops: one declarator, the range, the body', () => {
    expect(one('for (const auto &v : vec) { use(v); }')).toMatchObject({ kind: 'rangeFor', decl: { name: 'v', type: { kind: 'reference', to: { kind: 'auto' } }, init: null }, range: { kind: 'ident', name: 'vec' }, body: { kind: 'block' } });
    expect(one('for (int x : a ? b : c) s += x;')).toMatchObject({ kind: 'rangeFor', decl: { name: 'x' }, range: { kind: 'cond' }, body: { kind: 'expr' } });
  });
  it('kernel launches as statements', () => {
    const s = one('matmul<<<grid, block>>>(d_a, d_b, d_c, N);');
    expect(s).toMatchObject({ kind: 'expr', expr: { kind: 'launch', callee: { kind: 'ident', name: 'matmul' }, config: [{}, {}], args: [{}, {}, {}, {}] } });
    expect(show((one('reduce<256><<<n / 256, 256, 256 * sizeof(float)>>>(in, out);') as Stmt & { kind: 'expr' }).expr)).toBe('reduce<256><<<(n / 256), 256, (256 * sizeof(float))>>>(in, out)');
  });
  it('casts of cudaMalloc arguments', () => {
    expect(one('cudaMalloc((void **)&d_a, n * sizeof(float));')).toMatchObject({ kind: 'expr', expr: { kind: 'call', args: [{ kind: 'cast', style: 'c' }, { kind: 'binary' }] } });
    expect(one('cudaError_t err = cudaGetLastError();')).toMatchObject({ kind: 'decl' });
    expect(one('if (err != cudaSuccess) { fprintf(stderr, "%s\\n", cudaGetErrorString(err)); exit(1); }')).toMatchObject({ kind: 'if' });
  });
});

describe('parse: errors', () => {
  it.each([
    ['void f() {\n  x = 1\n  y = 2;\n}', "2:8: expected ';' after expression"],
    ['void f() {\n  int a = 1\n}', "2:12: expected ';' at end of declaration"],
    ['void f() {\n  return 1\n}', "2:11: expected ';' after return statement"],
    ['void f() {\n  x = ;\n}', '2:7: expected expression'],
    ['void f() {\n  f(a, b;\n}', "2:9: expected ')'"],
    ['void f() {\n  if (a { }\n}', "2:9: expected ')'"],
    ['void f() {\n  foo bar;\n}', "2:3: unknown type name 'foo'"],
    ['void f() {\n  a * b + c;\n  int 1;\n}', '3:7: expected unqualified-id'],
    ['void g(Foo x);', "1:8: unknown type name 'Foo'"],
    ['Foo x;', "1:1: unknown type name 'Foo'"],
    ['main() { }', '1:1: C++ requires a type specifier for all declarations'],
    ['void f() {\n  std::vector<int> v;\n}', "2:3: no template named 'vector' in namespace 'std'"],
    ['void f() {\n  a[1 = 2;\n}', "2:10: expected ']'"],
    ['void f() {\n  int x;', "2:9: expected '}'"],
    ['int x', "1:6: expected ';' after top level declarator"],
    ['struct S { int a; }\nint main() { return 0; }', "1:20: expected ';' after struct"],
    ['struct S { int a; }\n__global__ void k() {}', "1:20: expected ';' after struct"],
    ['class C { int a; }\nstruct D { int b; };', "1:19: expected ';' after class"],
    ['enum E { A, B }\nint x;', "1:16: expected ';' after enum"],
    ['void f() {\n  struct P { int a; }\n  int x;\n}', "2:22: expected ';' after struct"],
    ['struct S { int a; }', "1:20: expected ';' after struct"],
    ['void f() {\n  if x) {}\n}', "2:6: expected '(' after 'if'"],
    ['void f() {\n  do x++; (x);\n}', "2:11: expected 'while' in do/while loop"],
    ['void f() {\n  k<<<1>>>(x);\n}', '2:4: too few execution configuration arguments to kernel function call'],
    ['void f() {\n  k<<<1, 2, 3, 4, 5>>>(x);\n}', '2:4: too many execution configuration arguments to kernel function call'],
    ['int int x;', "1:5: cannot combine with previous 'int' declaration specifier"],
    ['void f() {\n  c ? a b;\n}', "2:9: expected ':'"],
    ['void f() {\n  switch (x) { case 1 x; }\n}', "2:23: expected ':' after 'case'"],
    ['int 5;', '1:5: expected unqualified-id'],
    ['void f() {\n  s->1;\n}', '2:6: expected unqualified-id'],
    ['void f() {\n  break\n}', "2:8: expected ';' after break statement"],
    // A statement that starts with '[' (an array name deleted) is a lambda's captures with no body, not a lambda
    // reaching to the next '{' of the file.
    ['void f() {\n  [i] = 3;\n  x = 2;\n}\nint main() { return 0; }', '2:7: expected body of lambda expression'],
    ['void f() {\n  [i](int a) + 1;\n}\nint main() { return 0; }', '2:17: expected body of lambda expression'],
  ])('%s', (src, want) => {
    expect(parseErr(src)).toBe(want);
  });
});
