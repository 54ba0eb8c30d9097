import { describe, expect, it } from 'vitest';
import type { Expr } from '../../../src/engine/front/ast.js';
import { expr, parseErr, show, typeStr } from './parse-helpers.js';

const s = (src: string): string => show(expr(src));

describe('parse: precedence and associativity', () => {
  it.each([
    ['a + b * c', '(a + (b * c))'],
    ['a * b + c', '((a * b) + c)'],
    ['a - b - c', '((a - b) - c)'],
    ['a / b % c', '((a / b) % c)'],
    ['a << 1 + b', '(a << (1 + b))'],
    ['a >> 2', '(a >> 2)'],
    ['x = a < b == c > d', '(x = ((a < b) == (c > d)))'],
    ['a <= b != c >= d', '((a <= b) != (c >= d))'],
    ['a & b ^ c | d', '(((a & b) ^ c) | d)'],
    ['a | b && c || d', '(((a | b) && c) || d)'],
    ['a || b && c', '(a || (b && c))'],
    ['a == b & c', '((a == b) & c)'],
    ['a = b = c', '(a = (b = c))'],
    ['a += b -= c', '(a += (b -= c))'],
    ['a <<= 2', '(a <<= 2)'],
    ['a >>= 2', '(a >>= 2)'],
    ['a ? b : c ? d : e', '(a ? b : (c ? d : e))'],
    ['a ? b , c : d', '(a ? (b , c) : d)'],
    ['x = a ? b : c', '(x = (a ? b : c))'],
    ['a ? b : c = d', '(a ? b : (c = d))'],
    ['a, b = c', '(a , (b = c))'],
    ['-a * b', '((-a) * b)'],
    ['!a && ~b', '((!a) && (~b))'],
    ['*p++', '(*(p++))'],
    ['++*p', '(++(*p))'],
    ['&a[i]', '(&a[i])'],
    ['-x++', '(-(x++))'],
    ['a-- - --b', '((a--) - (--b))'],
    ['p->q.r[1]', 'p->q.r[1]'],
    ['f(a, b)(c)', 'f(a, b)(c)'],
    ['a >> b >> c', '((a >> b) >> c)'],
    ['1 + 2 * 3 - 4 / 2 % 3 << 1 & 7 | 8 ^ 9', '((((((1 + (2 * 3)) - ((4 / 2) % 3)) << 1) & 7) | (8 ^ 9)))'.slice(1, -1)],
  ])('%s', (src, want) => {
    expect(s(src)).toBe(want);
  });

  it('binary and assignment nodes carry the operator location', () => {
    const e = expr('a  +  b');
    expect(e.kind).toBe('binary');
    expect(e.loc).toMatchObject({ line: 2, col: 4 });
    const a = expr('x = 1');
    expect(a.loc).toMatchObject({ line: 2, col: 3 });
    const c = expr('  x ? 1 : 2');
    expect(c.loc).toMatchObject({ line: 2, col: 3 });
    const m = expr('threadIdx.x');
    expect(m).toMatchObject({ kind: 'member', name: 'x', arrow: false, loc: { line: 2, col: 1 } });
  });
});

describe('parse: literals', () => {
  it('integers with radix and suffix', () => {
    expect(expr('0x1Fu')).toMatchObject({ kind: 'int', value: 31n, radix: 16, suffix: 'u' });
    expect(expr('017')).toMatchObject({ kind: 'int', value: 15n, radix: 8, suffix: '' });
    expect(expr('0')).toMatchObject({ kind: 'int', value: 0n, radix: 10 });
    expect(expr('0b101')).toMatchObject({ kind: 'int', value: 5n, radix: 2 });
    expect(expr('10ULL')).toMatchObject({ kind: 'int', value: 10n, suffix: 'ull' });
    expect(expr('10lu')).toMatchObject({ kind: 'int', suffix: 'ul' });
    expect(expr('10LL')).toMatchObject({ kind: 'int', suffix: 'll' });
    expect(expr('0xffffffff')).toMatchObject({ kind: 'int', value: 0xffffffffn });
  });
  it('floats', () => {
    expect(expr('1.5f')).toMatchObject({ kind: 'float', value: 1.5, isFloat: true, text: '1.5f' });
    expect(expr('.5')).toMatchObject({ kind: 'float', value: 0.5, isFloat: false });
    expect(expr('1e-3')).toMatchObject({ kind: 'float', value: 1e-3 });
    expect(expr('2.f')).toMatchObject({ kind: 'float', value: 2, isFloat: true });
    expect(expr('0x1.8p3')).toMatchObject({ kind: 'float', value: 12 });
  });
  it('chars and escapes', () => {
    expect(expr("'a'")).toMatchObject({ kind: 'char', value: 97 });
    expect(expr("'\\n'")).toMatchObject({ kind: 'char', value: 10 });
    expect(expr("'\\0'")).toMatchObject({ kind: 'char', value: 0 });
    expect(expr("'\\x41'")).toMatchObject({ kind: 'char', value: 65 });
    expect(expr("'\\''")).toMatchObject({ kind: 'char', value: 39 });
  });
  it('strings: escapes decoded, adjacent merged, UTF-8 bytes', () => {
    expect(expr('"a\\tb\\n"')).toMatchObject({ kind: 'string', value: 'a\tb\n' });
    expect(expr('"ab" "cd"\n "e"')).toMatchObject({ kind: 'string', value: 'abcde', loc: { line: 2, col: 1 } });
    expect(expr('"\\101\\x42\\\\\\""')).toMatchObject({ value: 'AB\\"' });
    expect(expr('"é"')).toMatchObject({ value: '\u00c3\u00a9' });
    expect(expr('"%d\\n"')).toMatchObject({ value: '%d\n' });
  });
  it('bool, nullptr, __func__', () => {
    expect(expr('true')).toMatchObject({ kind: 'bool', value: true });
    expect(expr('false')).toMatchObject({ kind: 'bool', value: false });
    expect(expr('nullptr')).toMatchObject({ kind: 'nullptr' });
    expect(expr('__func__')).toMatchObject({ kind: 'ident', name: '__func__' });
  });
});

describe('parse: casts, sizeof, construction', () => {
  it('C casts are decided by whether the parenthesised tokens form a type', () => {
    expect(s('(float)x / n')).toBe('(c_cast<float>(x) / n)');
    expect(s('(x) / n')).toBe('(x / n)');
    expect(s('(unsigned int)-1')).toBe('c_cast<unsigned int>((-1))');
    expect(s('(float *)malloc(n * sizeof(float))')).toBe('c_cast<ptr(float)>(malloc((n * sizeof(float))))');
    expect(s('(const char*)p')).toBe('c_cast<ptr(const char)>(p)');
    expect(s('(size_t)n')).toBe('c_cast<size_t>(n)');
    expect(s('(void**)&d_a')).toBe('c_cast<ptr(ptr(void))>((&d_a))');
    expect(s('(float (*)[4])p')).toBe('c_cast<ptr(arr4(float))>(p)');
    expect(s('(long long)a * b')).toBe('(c_cast<long long>(a) * b)');
  });
  it('C++ casts', () => {
    expect(s('static_cast<float>(i)')).toBe('static_cast<float>(i)');
    expect(s('reinterpret_cast<float4*>(&a[0])[1]')).toBe('reinterpret_cast<ptr(float4)>((&a[0]))[1]');
    expect(s('const_cast<int*>(p)')).toBe('const_cast<ptr(int)>(p)');
  });
  it('sizeof type vs expression, alignof', () => {
    expect(s('sizeof(float) * n')).toBe('(sizeof(float) * n)');
    expect(s('sizeof x')).toBe('sizeof x');
    expect(s('sizeof(a) / sizeof(a[0])')).toBe('(sizeof a / sizeof a[0])');
    expect(s('sizeof(int[4])')).toBe('sizeof(arr4(int))');
    expect(s('sizeof(dim3)')).toBe('sizeof(dim3)');
    expect(s('alignof(double)')).toBe('alignof(double)');
  });
  it('functional casts and construction', () => {
    expect(s('dim3(16, 16)')).toBe('dim3(16, 16)');
    expect(s('float(x) + 1')).toBe('(float(x) + 1)');
    expect(s('int{3}')).toBe('int{3}');
    expect(s('y = unsigned(x)')).toBe('(y = unsigned int(x))');
    expect(s('dim3{4, 4}')).toBe('dim3{4, 4}');
    expect(expr('float2{1.f, 2.f}')).toMatchObject({ kind: 'construct', braces: true, type: { kind: 'named', name: 'float2' } });
  });
  it('new and delete', () => {
    expect(s('p = new float[n]')).toBe('(p = new float[n])');
    expect(s('new int')).toBe('new int');
    expect(s('new int(5)')).toBe('new int(5)');
    expect(s('new float*[n]')).toBe('new ptr(float)[n]');
    expect(s('new int[n][4]')).toBe('new arr4(int)[n]');
    expect(s('delete[] p')).toBe('delete[] p');
    expect(s('delete p')).toBe('delete p');
  });
});

describe('parse: names, templates and calls', () => {
  it('qualified names and ::global', () => {
    expect(s('::x')).toBe('::x');
    expect(s('std::min(a, b)')).toBe('std::min(a, b)');
    expect(s('cg::this_thread_block()')).toBe('cg::this_thread_block()');
  });
  it('explicit template arguments', () => {
    expect(s('f<float>(x)')).toBe('f<T:float>(x)');
    expect(s('f<256>(x)')).toBe('f<256>(x)');
    expect(s('cg::tiled_partition<32>(block)')).toBe('cg::tiled_partition<32>(block)');
    expect(s('std::min<int>(a, b)')).toBe('std::min<T:int>(a, b)');
    expect(s('reduce<float, 128>(p)')).toBe('reduce<T:float,128>(p)');
    expect(s('cg::reduce(tile, v, cg::plus<int>())')).toBe('cg::reduce(tile, v, cg::plus<T:int>())');
    expect(s('f<N * 2>(x)')).toBe('f<(N * 2)>(x)');
  });
  it('less-than stays less-than', () => {
    expect(s('a < b')).toBe('(a < b)');
    expect(s('a < b && c > d')).toBe('((a < b) && (c > d))');
    expect(s('i < n && j > (k)')).toBe('((i < n) && (j > k))');
    expect(s('x < y || y > (z)')).toBe('((x < y) || (y > z))');
    expect(s('x = a < b > c')).toBe('(x = ((a < b) > c))');
    expect(s('(a < b) > (c)')).toBe('((a < b) > c)');
    expect(s('a<b>>c')).toBe('(a < (b >> c))');
    expect(s('x = a > b >> c')).toBe('(x = (a > (b >> c)))');
  });
  it('>> closes nested template argument lists', () => {
    const e = expr('f<g<int>>(x)');
    expect(e).toMatchObject({ kind: 'call', callee: { kind: 'ident', name: 'f', templateArgs: [{ kind: 'expr', expr: { kind: 'ident', name: 'g' } }] } });
    expect(s('static_cast<cg::thread_block_tile<32>>(t)')).toBe('static_cast<cg::thread_block_tile<32>>(t)');
  });
  it('mid-name template arguments are spelled into the name', () => {
    expect(s('std::numeric_limits<float>::max()')).toBe('std::numeric_limits<float>::max()');
  });
  it('kernel launches with 2 to 4 configuration arguments', () => {
    expect(s('k<<<g, b>>>(x, y)')).toBe('k<<<g, b>>>(x, y)');
    expect(s('k<<<n / 256 + 1, 256, 0, stream>>>()')).toBe('k<<<((n / 256) + 1), 256, 0, stream>>>()');
    expect(s('k<<<dim3(4, 4), dim3(16, 16), n * sizeof(float)>>>(a)')).toBe('k<<<dim3(4, 4), dim3(16, 16), (n * sizeof(float))>>>(a)');
    expect(s('k<float><<<1, 32>>>(p)')).toBe('k<T:float><<<1, 32>>>(p)');
    expect(s('k<256><<<g, 256>>>(p)')).toBe('k<256><<<g, 256>>>(p)');
    const l = expr('kern<<<1,2>>>(a)');
    expect(l).toMatchObject({ kind: 'launch', loc: { line: 2, col: 1 } });
  });
  it('kernel launches with the chevrons spaced out, as nvcc takes them (seeds/warp_vote)', () => {
    expect(s('k << < n_blocks, n_threads >>> ()')).toBe('k<<<n_blocks, n_threads>>>()');
    expect(s('k< << g, b>> >(x >> 1)')).toBe('k<<<g, b>>>((x >> 1))');
    expect(s('k< < <g, (b >> 1)> > >(x)')).toBe('k<<<g, (b >> 1)>>>(x)');
    expect(s('k<<<g, b> >>(x)')).toBe('k<<<g, b>>>(x)');
    // Without an opener, '> >' stays two closers or comparisons and '<<' a shift.
    expect(s('a << b > c')).toBe('((a << b) > c)');
  });
  it('initializer lists with designators', () => {
    expect(s('f({1, 2, {3}})')).toBe('f({1, 2, {3}})');
    expect(s('x = {.x = 1, .y = 2,}')).toBe('(x = {.x=1, .y=2})');
  });
  it('lambdas and throw are unsupported nodes', () => {
    expect(expr('auto_run([&](int i) { return i * 2; })')).toMatchObject({ kind: 'call', args: [{ kind: 'unsupported', what: 'lambda expression' }] });
  });
  it('printf with a format string', () => {
    const e = expr('printf("Hi from block %d thread %d\\n", blockIdx.x, threadIdx.x)') as Expr & { kind: 'call' };
    expect(e.kind).toBe('call');
    expect(e.args[0]).toMatchObject({ kind: 'string', value: 'Hi from block %d thread %d\n' });
    expect(e.args.length).toBe(3);
  });
  it('cast types are full type-ids', () => {
    const e = expr('(const float * const)p') as Expr & { kind: 'cast' };
    expect(typeStr(e.type)).toBe('const ptr(const float)');
  });
});

describe('parse: dependent member templates', () => {
  const unsupported = "dependent member template names ('template' after '::', '.' or '->') are not supported by Warpscope";
  it.each([
    ['template <typename O> __device__ int g() { return O::template f<int>(); }', `1:54: ${unsupported}`],
    ['template <typename O> __device__ int g(O o) { return o.template f<int>(); }', `1:56: ${unsupported}`],
    ['template <typename O> __device__ int g(O *o) { return o->template f<int>(); }', `1:58: ${unsupported}`],
    ['template <typename A> __device__ void g() { typename A::template rebind<int> x; }', `1:57: ${unsupported}`],
  ])('%s is named unsupported at its `template`', (src, want) => {
    expect(parseErr(src)).toBe(want);
  });
});
