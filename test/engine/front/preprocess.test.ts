import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../src/engine/front/diag.js';
import { preprocess } from '../../../src/engine/front/preprocess.js';
import type { Token } from '../../../src/engine/front/token.js';

type Files = Record<string, string>;

function run(src: string, files: Files = {}, defines?: Map<string, string>) {
  return preprocess(src, 'main.cu', { readFile: (p) => files[p] ?? null, defines });
}
function toks(src: string, files: Files = {}, defines?: Map<string, string>): Token[] {
  const r = run(src, files, defines);
  if (!r.ok) throw new Error(r.diags.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.message}`).join('\n'));
  return r.value.tokens;
}
/** The output as text, one space between tokens. */
const out = (src: string, files: Files = {}, defines?: Map<string, string>): string =>
  toks(src, files, defines).filter((t) => t.kind !== 'eof').map((t) => t.text).join(' ');
function err(src: string, files: Files = {}): string {
  const r = run(src, files);
  if (r.ok) throw new Error(`expected an error, got: ${r.value.tokens.map((t) => t.text).join(' ')}`);
  const d = r.diags[0];
  return `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity}: ${d.message}`;
}

describe('preprocess: basics', () => {
  it('passes plain code through and ends with eof', () => {
    const t = toks('int x = 1;\nfloat y;\n');
    expect(t.map((x) => x.text)).toEqual(['int', 'x', '=', '1', ';', 'float', 'y', ';', '']);
    expect(t[t.length - 1].kind).toBe('eof');
    expect(t[t.length - 1].loc).toEqual({ file: 'main.cu', line: 3, col: 1 });
    expect(t[5].loc).toEqual({ file: 'main.cu', line: 2, col: 1 });
  });

  it('returns the main file text', () => {
    const r = run('int x;');
    expect(r.ok && r.value.includedFiles.get('main.cu')).toBe('int x;');
  });

  it('accepts the null directive, #line, line markers and pragmas', () => {
    expect(out('#\n#line 10 "x.cu"\n# 3 "y.cu"\n#pragma unroll\n#pragma unroll 4\n#pragma nv_diag_suppress 177\nint a;')).toBe('int a ;');
    expect(out('for(;;) {\n#pragma unroll\n  x++; }')).toBe('for ( ; ; ) { x ++ ; }');
    // Packing that changes no layout passes; packing below natural alignment is named, never ignored.
    expect(out('#pragma pack(push)\n#pragma pack(16)\n#pragma pack(pop)\nint a;')).toBe('int a ;');
    expect(err('#pragma pack(push, 1)\nstruct P { char c; int x; };')).toBe("main.cu:1:9: error: packing structs with '#pragma pack' is not supported by Warpscope");
  });

  it('follows #line and line markers in locations, __LINE__ and __FILE__, as gcc does', () => {
    const t = toks('a\n#line 100\nb __LINE__\n#line 7 "x.cu"\nc __LINE__ __FILE__\n# 40 "y.cu" 2\nd\n');
    const at = (text: string) => t.find((x) => x.text === text)!.loc;
    expect(at('a')).toEqual({ file: 'main.cu', line: 1, col: 1 });
    expect(at('b')).toEqual({ file: 'main.cu', line: 100, col: 1 });
    expect(at('c')).toEqual({ file: 'x.cu', line: 7, col: 1 });
    expect(at('d')).toEqual({ file: 'y.cu', line: 40, col: 1 });
    expect(out('#line 100\n__LINE__\n#line 7 "x.cu"\n\n__LINE__ __FILE__')).toBe('100 8 "x.cu"');
    expect(t[t.length - 1].loc).toEqual({ file: 'y.cu', line: 41, col: 1 });
    // Operands are macro-expanded; a directive spliced over two lines counts from its last one.
    expect(out('#define L 50\n#define F "m.cu"\n#line L F\n__LINE__ __FILE__')).toBe('50 "m.cu"');
    expect(out('#line \\\n 20\n__LINE__')).toBe('20');
    expect(err('#line 10\nint @b;')).toBe("main.cu:10:5: error: stray '@' in program");
    expect(err('#line 5 "k.cu"\n#error here')).toBe('k.cu:5:2: error: here');
  });

  it('counts __COUNTER__ up from 0 at each expansion, as gcc does', () => {
    expect(out('#define ID(x) x\n__COUNTER__ __COUNTER__ ID(__COUNTER__)\n#ifdef __COUNTER__\nyes\n#endif')).toBe('0 1 2 yes');
  });

  it('keeps includes relative to the real file after #line, and a header keeps its own lines', () => {
    const t = toks('#line 1 "elsewhere/z.cu"\n#include "h.h"\nx', { 'h.h': 'int h;' });
    expect(t.find((x) => x.text === 'h')!.loc).toEqual({ file: 'h.h', line: 1, col: 5 });
    expect(t.find((x) => x.text === 'x')!.loc).toEqual({ file: 'elsewhere/z.cu', line: 2, col: 1 });
  });

  it('reports a malformed #line', () => {
    expect(err('#line\n')).toBe('main.cu:1:2: error: #line directive requires a positive integer argument');
    expect(err('#line x\n')).toBe('main.cu:1:7: error: #line directive requires a positive integer argument');
    expect(err('#line 0x10\n')).toBe('main.cu:1:7: error: #line directive requires a simple digit sequence');
    expect(err('#line 10 x.cu\n')).toBe('main.cu:1:10: error: invalid filename for #line directive');
    expect(err('#line 10 "x.cu" 2\n')).toBe('main.cu:1:17: error: extra tokens at end of #line directive');
    expect(err('#line 4294967296\n')).toBe('main.cu:1:7: error: line number out of range');
  });

  it('drops _Pragma operators', () => {
    expect(out('_Pragma("unroll") for(;;);')).toBe('for ( ; ; ) ;');
  });

  it('reports an unknown directive', () => {
    expect(err('int a;\n#foo bar\n')).toBe('main.cu:2:2: error: invalid preprocessing directive #foo');
    expect(err('#include_next <x.h>')).toBe('main.cu:1:2: error: invalid preprocessing directive #include_next');
  });

  it('ignores unknown directives and lexing errors in skipped groups', () => {
    expect(out("#if 0\n#foo\ndon't @\n#endif\nok")).toBe('ok');
  });

  it('reports lexing errors in active code', () => {
    expect(err('int a;\nint @b;')).toBe("main.cu:2:5: error: stray '@' in program");
    expect(err('int a = 08;')).toBe("main.cu:1:9: error: invalid digit '8' in octal constant");
    expect(err('int a;\n/* open')).toBe('main.cu:2:1: error: unterminated /* comment');
  });

  it('formats a diagnostic with the source line from includedFiles', () => {
    const r = run('int a;\n#error bad thing\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(formatDiagnostic(r.diags[0], new Map([['main.cu', 'int a;\n#error bad thing\n']]))).toBe(
      'main.cu:2:2: error: bad thing\n#error bad thing\n ^');
  });
});

describe('preprocess: predefined macros', () => {
  it('defines the nvcc host-pass macros', () => {
    expect(out('__CUDACC__ __NVCC__ __cplusplus __CUDACC_VER_MAJOR__ __CUDACC_VER_MINOR__ NULL CUDART_VERSION')).toBe('1 1 201703L 13 0 0 13000');
  });

  it('does not define __CUDA_ARCH__ (host pass)', () => {
    expect(out('#ifdef __CUDA_ARCH__\ndevice\n#else\nhost\n#endif')).toBe('host');
    expect(out('#if __CUDA_ARCH__ >= 700\nnew\n#else\nold\n#endif')).toBe('old');
  });

  it('expands __FILE__ and __LINE__ at the use site', () => {
    expect(out('\n\n__LINE__ __FILE__')).toBe('3 "main.cu"');
    expect(out('#define L __LINE__\n\nL')).toBe('3');
    expect(out('#ifdef __LINE__\nyes\n#endif')).toBe('yes');
    expect(out('#include "inc/h.h"\n', { 'inc/h.h': 'int x = __LINE__; const char* f = __FILE__;' })).toBe('int x = 1 ; const char * f = "inc/h.h" ;');
  });

  it('leaves __func__ alone', () => {
    expect(out('__func__')).toBe('__func__');
  });

  it('makes C library macros available without includes, as nvcc does', () => {
    expect(out('RAND_MAX M_PI EXIT_FAILURE')).toBe('2147483647 3.14159265358979323846 1');
  });

  it('applies command-line defines', () => {
    expect(out('N F(2)', {}, new Map([['N', '256'], ['F(x)', 'x*x']]))).toBe('256 2 * 2');
  });
});

describe('preprocess: built-in headers', () => {
  const headers = ['stdio.h', 'cstdio', 'stdlib.h', 'cstdlib', 'math.h', 'cmath', 'cuda_runtime.h', 'cuda_runtime_api.h', 'cuda.h',
    'device_launch_parameters.h', 'cooperative_groups.h', 'cooperative_groups/reduce.h', 'string.h', 'cstring', 'time.h', 'ctime',
    'assert.h', 'cassert', 'stdint.h', 'cstdint', 'limits.h', 'climits', 'float.h', 'cfloat', 'stdbool.h', 'iostream', 'algorithm',
    'sys/time.h', 'unistd.h'];
  it.each(headers)('accepts <%s> and produces no tokens', (h) => {
    expect(out(`#include <${h}>\n#include "${h}"\nint x;`)).toBe('int x ;');
  });

  it('rejects unknown system headers with clang wording', () => {
    // A library Warpscope does not provide is named as such; a header of one's own is a missing file.
    expect(err('\n#include <cuda_fp16.h>')).toBe('main.cu:2:10: error: the library header <cuda_fp16.h> is not supported by Warpscope');
    expect(err('#include <vector>')).toBe('main.cu:1:10: error: the library header <vector> is not supported by Warpscope');
    expect(err('#include <thrust/device_vector.h>')).toBe('main.cu:1:10: error: the library header <thrust/device_vector.h> is not supported by Warpscope');
    expect(err('#include <mine.h>')).toBe("main.cu:1:10: error: 'mine.h' file not found");
  });

  it('defines limits.h macros as glibc spells them', () => {
    expect(out('#include <climits>\nINT_MAX INT_MIN UINT_MAX LLONG_MIN CHAR_BIT SHRT_MAX ULLONG_MAX LONG_MAX')).toBe(
      '2147483647 ( - 2147483647 - 1 ) 4294967295U ( - 9223372036854775807LL - 1LL ) 8 32767 18446744073709551615ULL 9223372036854775807L');
  });

  it('defines float.h macros as gcc spells them', () => {
    expect(out('#include <float.h>\nFLT_MAX FLT_EPSILON DBL_MAX')).toBe(
      '3.40282346638528859811704183484516925e+38F 1.19209289550781250000000000000000000e-7F ( ( double ) 1.79769313486231570814527423731704357e+308L )');
  });

  it('defines math.h macros', () => {
    expect(out('#include <math.h>\nM_E M_SQRT2 M_LN2 INFINITY NAN HUGE_VALF')).toBe(
      '2.7182818284590452354 1.41421356237309504880 0.69314718055994530942 ( __builtin_inff ( ) ) ( __builtin_nanf ( "" ) ) ( __builtin_huge_valf ( ) )');
  });

  it('defines stdint.h macros through glibc\'s helper macros', () => {
    expect(out('#include <stdint.h>\nINT32_MAX INT64_MIN UINT64_MAX UINT32_C(5)')).toBe(
      '( 2147483647 ) ( - 9223372036854775807L - 1 ) ( 18446744073709551615UL ) 5U');
  });

  it('does not make assert a macro', () => {
    expect(out('#include <assert.h>\nassert(x);')).toBe('assert ( x ) ;');
  });

  it('keeps header macros usable in #if', () => {
    expect(out('#include <limits.h>\n#if INT_MAX == 2147483647 && INT_MIN < 0 && UINT_MAX > 0\nok\n#endif')).toBe('ok');
  });
});

describe('preprocess: local includes', () => {
  it('includes a file relative to the including file', () => {
    const files = { 'src/a.cuh': '#include "b/c.h"\nint a;', 'src/b/c.h': 'int c;\n#include "../d.h"', 'src/d.h': 'int d;' };
    const r = preprocess('#include "a.cuh"\nint m;', 'src/main.cu', { readFile: (p) => (files as Files)[p] ?? null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.tokens.map((t) => t.text).join(' ')).toBe('int c ; int d ; int a ; int m ; ');
    expect([...r.value.includedFiles.keys()].sort()).toEqual(['src/a.cuh', 'src/b/c.h', 'src/d.h', 'src/main.cu']);
    const c = r.value.tokens[0];
    expect(c.loc).toEqual({ file: 'src/b/c.h', line: 1, col: 1 });
  });

  it('reports a missing local header at the name', () => {
    expect(err('int a;\n#include "x.h"')).toBe("main.cu:2:10: error: 'x.h' file not found");
    expect(err('#include "a.h"', { 'a.h': '\n  #include "zz.h"' })).toBe("a.h:2:12: error: 'zz.h' file not found");
  });

  it('honours include guards and #pragma once', () => {
    const files = { 'g.h': '#ifndef G_H\n#define G_H\nint g;\n#endif\n', 'o.h': '#pragma once\nint o;\n' };
    expect(out('#include "g.h"\n#include "g.h"\n#include "o.h"\n#include "o.h"\nint m;', files)).toBe('int g ; int o ; int m ;');
  });

  it('supports computed includes', () => {
    expect(out('#define H "a.h"\n#include H\n', { 'a.h': 'int a;' })).toBe('int a ;');
    expect(out('#define S <stdio.h>\n#include S\nEOF')).toBe('( - 1 )');
  });

  it('rejects a malformed include and recursion without guards', () => {
    expect(err('#include foo')).toBe('main.cu:1:10: error: expected "FILENAME" or <FILENAME>');
    expect(err('#include')).toBe('main.cu:1:2: error: expected "FILENAME" or <FILENAME>');
    expect(err('#include "r.h"', { 'r.h': '#include "r.h"' })).toBe('r.h:1:10: error: #include nested too deeply');
  });

  it('answers __has_include', () => {
    expect(out('#if __has_include("a.h") && __has_include(<cmath>) && !__has_include(<vector>)\nyes\n#endif', { 'a.h': '' })).toBe('yes');
  });
});

describe('preprocess: object-like macros', () => {
  it('expands and rescans', () => {
    expect(out('#define N 10\n#define M (N*2)\nint a[M];')).toBe('int a [ ( 10 * 2 ) ] ;');
  });

  it('gives expansion tokens the use-site location', () => {
    const t = toks('#define N 10 + 2\n\n  int x = N;');
    expect(t[3].loc).toEqual({ file: 'main.cu', line: 3, col: 11 });
    expect(t[4].loc).toEqual({ file: 'main.cu', line: 3, col: 11 });
    expect(t[3].spaceBefore).toBe(true);
    const nested = toks('#define A B\n#define B 7\nA');
    expect(nested[0]).toMatchObject({ text: '7', loc: { line: 3, col: 1 } });
  });

  it('does not expand a macro inside its own expansion', () => {
    expect(out('#define foo foo + 1\nfoo')).toBe('foo + 1');
    expect(out('#define a b\n#define b a\na b')).toBe('a b');
  });

  it('handles #undef and redefinition', () => {
    expect(out('#define X 1\nX\n#undef X\nX\n#define X 2\nX')).toBe('1 X 2');
    const r = run('#define X 1\n#define X 2\n#define X 2\nX');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.tokens[0].text).toBe('2');
    expect(r.warnings).toEqual([{ severity: 'warning', message: "'X' macro redefined", loc: { file: 'main.cu', line: 2, col: 9 } }]);
  });

  it('treats a name with a space before ( as object-like', () => {
    expect(out('#define F (x)\nF(1)')).toBe('( x ) ( 1 )');
  });

  it('spans lines with continuations', () => {
    expect(out('#define LONG 1 + \\\n  2\nLONG')).toBe('1 + 2');
  });

  it('rejects bad macro names', () => {
    expect(err('#define 3 x')).toBe('main.cu:1:9: error: macro name must be an identifier');
    expect(err('#define')).toBe('main.cu:1:2: error: macro name missing');
    expect(err('#define defined 1')).toBe("main.cu:1:9: error: 'defined' cannot be used as a macro name");
    expect(err('#undef "x"')).toBe('main.cu:1:8: error: macro name must be an identifier');
    expect(err('#define X ## y')).toBe("main.cu:1:11: error: '##' cannot appear at either end of a macro expansion");
    expect(err('#define X y ##')).toBe("main.cu:1:13: error: '##' cannot appear at either end of a macro expansion");
  });

  it('emits launch tokens from macros', () => {
    expect(out('#define LAUNCH(k, n) k<<<1, n>>>()\nLAUNCH(kern, 32);')).toBe('kern <<< 1 , 32 >>> ( ) ;');
  });
});

describe('preprocess: function-like macros', () => {
  it('substitutes arguments', () => {
    expect(out('#define MAX(a, b) ((a) > (b) ? (a) : (b))\nMAX(x, y+1)')).toBe('( ( x ) > ( y + 1 ) ? ( x ) : ( y + 1 ) )');
  });

  it('handles nested parentheses and commas in arguments', () => {
    expect(out('#define F(a, b) [a|b]\nF((1, 2), g(3, 4))')).toBe('[ ( 1 , 2 ) | g ( 3 , 4 ) ]');
  });

  it('takes arguments across lines', () => {
    expect(out('#define F(a, b) a+b\nF(1,\n  2)\nx')).toBe('1 + 2 x');
  });

  it('leaves a function-like name without ( alone', () => {
    expect(out('#define F(x) x\nint F; F\n;')).toBe('int F ; F ;');
  });

  it('allows empty arguments and zero parameters', () => {
    expect(out('#define F(a) [a]\n#define G() g\nF() G() F( )')).toBe('[ ] g [ ]');
    expect(out('#define F(a, b) [a|b]\nF(,)')).toBe('[ | ]');
  });

  it('fully expands arguments before substitution', () => {
    expect(out('#define N 4\n#define SQ(x) x*x\nSQ(N)')).toBe('4 * 4');
    expect(out('#define F(x) x\n#define G(x) F(x)\nG(F(1))')).toBe('1');
  });

  it('applies the recursion guard through arguments', () => {
    expect(out('#define f(x) x+f(x)\nf(f(1))')).toBe('1 + f ( 1 ) + f ( 1 + f ( 1 ) )');
  });

  it('rescans the expansion together with what follows', () => {
    expect(out('#define F(x) x\n#define G F\nG(5)')).toBe('5');
  });

  it('follows the standard\'s example of painted-blue names', () => {
    const src = [
      '#define x 3',
      '#define f(a) f(x * (a))',
      '#undef x',
      '#define x 2',
      '#define g f',
      '#define z z[0]',
      '#define h g(~',
      '#define m(a) a(w)',
      '#define w 0,1',
      '#define t(a) a',
      '#define p() int',
      '#define q(x) x',
      '#define r(x,y) x ## y',
      'f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);',
      'g(x+(3,4)-w) | h 5) & m',
      '(f)^m(m);',
      'p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };',
    ].join('\n');
    expect(out(src)).toBe([
      'f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) ) + t ( 1 ) ;',
      'f ( 2 * ( 2 + ( 3 , 4 ) - 0 , 1 ) ) | f ( 2 * ( ~ 5 ) ) & f ( 2 * ( 0 , 1 ) ) ^ m ( 0 , 1 ) ;',
      'int i [ ] = { 1 , 23 , 4 , 5 , } ;',
    ].join(' '));
  });

  it('stringizes with #', () => {
    expect(out('#define S(x) #x\nS(a  +   b) S( "q\\n" ) S(\'"\') S()')).toBe('"a + b" "\\"q\\\\n\\"" "\'\\"\'" ""');
    expect(out('#define S(x) #x\n#define XS(x) S(x)\n#define N 42\nS(N) XS(N)')).toBe('"N" "42"');
  });

  it('pastes with ##', () => {
    expect(out('#define CAT(a, b) a ## b\nCAT(x, y) CAT(1, 2) CAT(<<, =) CAT(, z) CAT(w, ) CAT(L, "s")')).toBe('xy 12 <<= z w L"s"');
    expect(out('#define CAT(a, b) a ## b\n#define xy 99\nCAT(x, y)')).toBe('99');
    expect(out('#define N 3\n#define CAT(a, b) a ## b\nCAT(N, 1)')).toBe('N1');
    const t = toks('#define CAT(a, b) a ## b\nCAT(1, .5f)');
    expect(t[0].kind).toBe('float');
  });

  it('rejects invalid pastes', () => {
    expect(err('#define CAT(a, b) a ## b\nCAT(+, -)')).toBe("main.cu:2:5: error: pasting formed '+-', an invalid preprocessing token");
    expect(err('#define CAT(a, b) a ## b\nx CAT(/, /)')).toBe("main.cu:2:7: error: pasting formed '//', an invalid preprocessing token");
  });

  it('supports variadic macros', () => {
    expect(out('#define P(fmt, ...) printf(fmt, __VA_ARGS__)\nP("%d %d", a, b);')).toBe('printf ( "%d %d" , a , b ) ;');
    expect(out('#define V(...) f(__VA_ARGS__)\nV() V(1) V(1, (2, 3), 4)')).toBe('f ( ) f ( 1 ) f ( 1 , ( 2 , 3 ) , 4 )');
    expect(out('#define S(...) #__VA_ARGS__\nS(a, b ,c)')).toBe('"a, b ,c"');
  });

  it('drops the comma of , ## __VA_ARGS__ when there are no variadic arguments', () => {
    expect(out('#define P(fmt, ...) printf(fmt, ##__VA_ARGS__)\nP("x"); P("%d", 1);')).toBe('printf ( "x" ) ; printf ( "%d" , 1 ) ;');
    expect(out('#define P(fmt, ...) printf(fmt, ##__VA_ARGS__)\nP("x",);')).toBe('printf ( "x" ) ;');
  });

  it('supports __VA_OPT__', () => {
    expect(out('#define P(fmt, ...) printf(fmt __VA_OPT__(,) __VA_ARGS__)\nP("x"); P("%d", 1);')).toBe('printf ( "x" ) ; printf ( "%d" , 1 ) ;');
  });

  it('reports argument count errors and unterminated calls', () => {
    expect(err('#define F(a, b) a\nF(1)')).toBe('main.cu:2:4: error: too few arguments provided to function-like macro invocation');
    expect(err('#define F(a) a\nF(1, 2)')).toBe('main.cu:2:7: error: too many arguments provided to function-like macro invocation');
    expect(err('#define G() 1\nG(x)')).toBe('main.cu:2:4: error: too many arguments provided to function-like macro invocation');
    expect(err('#define F(a) a\nint x;\n  F(1, 2')).toBe('main.cu:3:3: error: unterminated function-like macro invocation');
  });

  it('reports bad parameter lists and stray #', () => {
    expect(err('#define F(a, a) a')).toBe("main.cu:1:14: error: duplicate macro parameter name 'a'");
    expect(err('#define F(a b) a')).toBe('main.cu:1:13: error: expected comma in macro parameter list');
    expect(err('#define F(a, 1) a')).toBe('main.cu:1:14: error: invalid token in macro parameter list');
    expect(err('#define F(a')).toBe("main.cu:1:11: error: missing ')' in macro parameter list");
    expect(err('#define F(a) #b')).toBe("main.cu:1:14: error: '#' is not followed by a macro parameter");
    expect(err('#define F(a) __VA_ARGS__')).toBe('main.cu:1:14: error: __VA_ARGS__ can only appear in the expansion of a C99 variadic macro');
    expect(err('#define F(args...) args')).toBe('main.cu:1:15: error: a named variadic macro parameter (GNU `args...`) is not supported by Warpscope');
  });

  it('keeps argument tokens at their own location', () => {
    const t = toks('#define ID(x) (x)\nID(\n  foo)');
    expect(t[0].loc).toEqual({ file: 'main.cu', line: 2, col: 1 });
    expect(t[1]).toMatchObject({ text: 'foo', loc: { line: 3, col: 3 } });
  });

  it('terminates on exponential expansion', () => {
    const r = run('#define A(x) x x x x x x x x x x\n#define B(x) A(A(A(A(x))))\nB(B(B(1)))');
    expect(r.ok).toBe(false);
  });
});

describe('preprocess: conditionals', () => {
  it('selects branches with #if / #elif / #else', () => {
    const src = (n: number) => `#define N ${n}\n#if N == 1\none\n#elif N == 2\ntwo\n#elif N == 3\nthree\n#else\nother\n#endif`;
    expect(out(src(1))).toBe('one');
    expect(out(src(2))).toBe('two');
    expect(out(src(3))).toBe('three');
    expect(out(src(9))).toBe('other');
  });

  it('handles #ifdef and #ifndef and defined', () => {
    expect(out('#define A\n#ifdef A\na\n#endif\n#ifndef A\nna\n#endif\n#ifndef B\nnb\n#endif')).toBe('a nb');
    expect(out('#define A\n#if defined A && defined(A) && !defined(B) && !defined ( B )\nyes\n#endif')).toBe('yes');
    expect(out('#define D defined\n#define X\n#if defined X || defined Y\nyes\n#endif')).toBe('yes');
  });

  it('nests, and does not evaluate inside skipped groups', () => {
    expect(out('#if 0\n#if 1/0\nbad\n#else\nbad2\n#endif\n#elif 1\nok\n#if 0\nno\n#else\nyes\n#endif\n#endif')).toBe('ok yes');
    expect(out('#if 1\na\n#elif 1/0\nb\n#endif')).toBe('a');
  });

  it('evaluates C operators with C precedence', () => {
    const yes = (e: string): boolean => out(`#if ${e}\n1\n#else\n0\n#endif`) === '1';
    expect(yes('1 + 2 * 3 == 7')).toBe(true);
    expect(yes('(1 + 2) * 3 == 9')).toBe(true);
    expect(yes('10 / 3 == 3 && 10 % 3 == 1 && -7 / 2 == -3 && -7 % 2 == -1')).toBe(true);
    expect(yes('1 << 4 == 16 && 256 >> 4 == 16')).toBe(true);
    expect(yes('(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6 && ~0 == -1')).toBe(true);
    expect(yes('!0 && !!2 == 1 && -(-3) == 3 && +4 == 4')).toBe(true);
    expect(yes('1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3 && 1 != 2')).toBe(true);
    expect(yes('1 ? 2 : 3')).toBe(true);
    expect(yes('0 ? 1 : 0')).toBe(false);
    expect(yes('(0, 1)')).toBe(true);
    expect(yes('0x10 == 16 && 010 == 8 && 0b101 == 5 && \'A\' == 65 && \'\\n\' == 10 && \'\\xff\' == -1')).toBe(true);
    expect(yes('1 || 1/0')).toBe(true);
    expect(yes('0 && 1/0')).toBe(false);
    expect(yes('1 ? 2 : 1/0')).toBe(true);
  });

  it('evaluates with 64-bit signed and unsigned arithmetic', () => {
    const yes = (e: string): boolean => out(`#if ${e}\n1\n#else\n0\n#endif`) === '1';
    expect(yes('-1 < 0')).toBe(true);
    expect(yes('-1 < 0u')).toBe(false); // -1 converts to UINTMAX_MAX
    expect(yes('-1 > 0UL')).toBe(true);
    expect(yes('0xFFFFFFFFFFFFFFFF == -1')).toBe(true);
    expect(yes('9223372036854775807 + 1 < 0')).toBe(true);
    expect(yes('4294967295U + 1 == 4294967296')).toBe(true);
    expect(yes('(0 ? 1u : -1) > 0')).toBe(true);
    expect(yes('2147483647L * 2 == 4294967294LL')).toBe(true);
  });

  it('treats leftover identifiers as 0 and true as 1', () => {
    expect(out('#if UNDEFINED_THING\na\n#elif true && !false\nb\n#endif')).toBe('b');
    expect(out('#if FOO == 0\na\n#else\nb\n#endif')).toBe('a');
  });

  it('reports errors in #if expressions', () => {
    expect(err('#if\n#endif')).toBe('main.cu:1:2: error: #if with no expression');
    expect(err('#if 0\n#elif\n#endif')).toBe('main.cu:2:2: error: #elif with no expression');
    expect(err('#define EMPTY\n#if EMPTY\n#endif')).toBe('main.cu:2:2: error: expected value in expression');
    expect(err('#if 1/0\n#endif')).toBe('main.cu:1:6: error: division by zero in preprocessor expression');
    expect(err('#if 1.0\n#endif')).toBe('main.cu:1:5: error: floating point literal in preprocessor expression');
    expect(err('#if (1\n#endif')).toBe("main.cu:1:7: error: expected ')' in preprocessor expression");
    expect(err('#if 1 2\n#endif')).toBe('main.cu:1:7: error: token is not a valid binary operator in a preprocessor subexpression');
    expect(err('#if "s"\n#endif')).toBe('main.cu:1:5: error: invalid token at start of a preprocessor expression');
    expect(err('#if 1 ? 2\n#endif')).toBe("main.cu:1:10: error: expected ':' in preprocessor expression");
    expect(err('#if 1 +\n#endif')).toBe('main.cu:1:8: error: expected value in expression');
    expect(err('#if defined\n#endif')).toBe('main.cu:1:5: error: macro name must be an identifier');
    expect(err('#if defined(X\n#endif')).toBe("main.cu:1:13: error: missing ')' after 'defined'");
    expect(err('#ifdef\n#endif')).toBe('main.cu:1:2: error: macro name missing');
    expect(err('#ifdef 3\n#endif')).toBe('main.cu:1:8: error: macro name must be an identifier');
    expect(err('#if 99999999999999999999\n#endif')).toBe('main.cu:1:5: error: integer literal is too large to be represented in any integer type');
  });

  it('reports unbalanced conditionals', () => {
    expect(err('int a;\n#if 1\nint b;\n')).toBe('main.cu:2:2: error: unterminated conditional directive');
    expect(err('#ifdef X\n#if 1\n#endif\n')).toBe('main.cu:1:2: error: unterminated conditional directive');
    expect(err('#endif')).toBe('main.cu:1:2: error: #endif without #if');
    expect(err('#else')).toBe('main.cu:1:2: error: #else without #if');
    expect(err('#elif 1')).toBe('main.cu:1:2: error: #elif without #if');
    expect(err('#if 1\n#else\n#else\n#endif')).toBe('main.cu:3:2: error: #else after #else');
    expect(err('#if 1\n#else\n#elif 1\n#endif')).toBe('main.cu:3:2: error: #elif after #else');
    expect(err('#include "h.h"\n#endif', { 'h.h': '#if 1\n' })).toBe('h.h:1:2: error: unterminated conditional directive');
  });
});

describe('preprocess: #error and #warning', () => {
  it('stops at #error with its raw text', () => {
    expect(err('int a;\n#error "need" CUDA   11+\n')).toBe('main.cu:2:2: error: "need" CUDA   11+');
    expect(err("#if 1\n  #  error don't compile\n#endif")).toBe("main.cu:2:6: error: don't compile");
  });

  it('ignores #error in skipped groups', () => {
    expect(out('#if 0\n#error no\n#endif\nok')).toBe('ok');
  });

  it('collects #warning and goes on', () => {
    const r = run('#warning careful here\nint a;');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings).toEqual([{ severity: 'warning', message: 'careful here', loc: { file: 'main.cu', line: 1, col: 2 } }]);
    expect(r.value.tokens.map((t) => t.text)).toEqual(['int', 'a', ';', '']);
  });
});

describe('preprocess: across files', () => {
  it('shares macros between a header and its includer', () => {
    expect(out('#define IN 1\n#include "h.h"\nOUT', { 'h.h': '#define OUT IN + 1\nint h = IN;' })).toBe('int h = 1 ; 1 + 1');
  });

  it('normalises paths so #pragma once sees one file', () => {
    expect(out('#include "o.h"\n#include "./o.h"\n#include "d/../o.h"', { 'o.h': '#pragma once\nint o;' })).toBe('int o ;');
  });

  it('warns about extra tokens after an include', () => {
    const r = run('#include <cstdio> junk\nint a;');
    expect(r.ok && r.warnings[0]).toEqual({ severity: 'warning', message: 'extra tokens at end of #include directive', loc: { file: 'main.cu', line: 1, col: 19 } });
  });

  it('lets a program undefine and redefine NULL', () => {
    expect(out('#undef NULL\n#define NULL nullptr\nNULL')).toBe('nullptr');
  });
});
