import { describe, expect, it } from 'vitest';
import { checkNumber, lex, lexLines } from '../../../src/engine/front/lex.js';
import type { Token } from '../../../src/engine/front/token.js';

function toks(src: string): Token[] {
  const r = lex(src, 'a.cu');
  if (!r.ok) throw new Error(r.diags.map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`).join('\n'));
  return r.value;
}
const texts = (src: string): string[] => toks(src).filter((t) => t.kind !== 'eof').map((t) => t.text);
const kinds = (src: string): string[] => toks(src).filter((t) => t.kind !== 'eof').map((t) => `${t.kind}:${t.text}`);
function err(src: string): string {
  const r = lex(src, 'a.cu');
  if (r.ok) throw new Error('expected an error');
  const d = r.diags[0];
  return `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity}: ${d.message}`;
}

describe('lex', () => {
  it('lexes identifiers, keywords and punctuators with locations', () => {
    const t = toks('int main() {\n  return x->y;\n}\n');
    expect(t.map((x) => x.text)).toEqual(['int', 'main', '(', ')', '{', 'return', 'x', '->', 'y', ';', '}', '']);
    expect(t[5].loc).toEqual({ file: 'a.cu', line: 2, col: 3 });
    expect(t[t.length - 1].kind).toBe('eof');
    expect(t[0].spaceBefore).toBe(false);
    expect(t[1].spaceBefore).toBe(true);
    expect(t[2].spaceBefore).toBe(false);
  });

  it('uses longest match for punctuators', () => {
    expect(texts('a<<=b>>=c...d->*e::f++--g<=h>=i==j!=k&&l||m')).toEqual(
      ['a', '<<=', 'b', '>>=', 'c', '...', 'd', '->*', 'e', '::', 'f', '++', '--', 'g', '<=', 'h', '>=', 'i', '==', 'j', '!=', 'k', '&&', 'l', '||', 'm']);
    expect(texts('+= -= *= /= %= &= |= ^= ## # .* ? : ~ ! % ^')).toEqual(['+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '##', '#', '.*', '?', ':', '~', '!', '%', '^']);
    expect(texts('a<<b>>c<d>e')).toEqual(['a', '<<', 'b', '>>', 'c', '<', 'd', '>', 'e']);
  });

  it('emits <<< and >>> as single tokens for kernel launches', () => {
    expect(texts('k<<<grid, block>>>(x);')).toEqual(['k', '<<<', 'grid', ',', 'block', '>>>', '(', 'x', ')', ';']);
    expect(texts('k<<<1,2,0,s>>>()')).toEqual(['k', '<<<', '1', ',', '2', ',', '0', ',', 's', '>>>', '(', ')']);
  });

  it('classifies integer literals', () => {
    expect(kinds('0 42 0x1F 0XaBu 017 0b101 10u 10U 10l 10L 10ll 10LL 10ul 10ull 10LLU 10lu')).toEqual(
      ['0', '42', '0x1F', '0XaBu', '017', '0b101', '10u', '10U', '10l', '10L', '10ll', '10LL', '10ul', '10ull', '10LLU', '10lu'].map((x) => `int:${x}`));
  });

  it('classifies floating literals', () => {
    expect(kinds('1.0 1e-5f .5 5. 1.5e+3 2.0f 3.0F 1e10 0x1p3 0x1.8p-2f 1.L 5.f')).toEqual(
      ['1.0', '1e-5f', '.5', '5.', '1.5e+3', '2.0f', '3.0F', '1e10', '0x1p3', '0x1.8p-2f', '1.L', '5.f'].map((x) => `float:${x}`));
  });

  it('keeps member access after a number apart from the number only when not a pp-number', () => {
    expect(kinds('a.b x.y1')).toEqual(['ident:a', 'punct:.', 'ident:b', 'ident:x', 'punct:.', 'ident:y1']);
    expect(kinds('1+2')).toEqual(['int:1', 'punct:+', 'int:2']);
    expect(kinds('1e+2')).toEqual(['float:1e+2']);
  });

  it('rejects malformed numbers with clang wording', () => {
    expect(err('x = 123abc;')).toBe("a.cu:1:5: error: invalid suffix 'abc' on integer constant");
    expect(err('x = 08;')).toBe("a.cu:1:5: error: invalid digit '8' in octal constant");
    expect(err('x = 1f;')).toBe("a.cu:1:5: error: invalid suffix 'f' on integer constant");
    expect(err('x = 0x;')).toBe("a.cu:1:5: error: invalid suffix 'x' on integer constant");
    expect(err('x = 0x1.0;')).toBe('a.cu:1:5: error: hexadecimal floating literal requires an exponent');
    expect(err('x = 1e;')).toBe('a.cu:1:5: error: exponent has no digits');
    expect(err('x = 1.0q;')).toBe("a.cu:1:5: error: invalid suffix 'q' on floating constant");
    expect(checkNumber('0b12')).toBe("invalid digit '2' in binary constant");
    expect(checkNumber('1.5e3f')).toBeNull();
  });

  it('lexes character literals with escapes and prefixes', () => {
    expect(kinds(`'a' '\\n' '\\'' '\\\\' '\\x41' '\\0' L'x' u8'y' u'z' U'w' '"'`)).toEqual(
      [`'a'`, `'\\n'`, `'\\''`, `'\\\\'`, `'\\x41'`, `'\\0'`, `L'x'`, `u8'y'`, `u'z'`, `U'w'`, `'"'`].map((x) => `char:${x}`));
  });

  it('lexes string literals with escapes and prefixes, without merging', () => {
    expect(kinds(`"hi\\n" "a\\"b" L"w" u8"u" "x'y" ""`)).toEqual(
      [`"hi\\n"`, `"a\\"b"`, `L"w"`, `u8"u"`, `"x'y"`, `""`].map((x) => `string:${x}`));
    expect(kinds('"é 😀"')).toEqual(['string:"é 😀"']);
  });

  it('rejects raw strings', () => {
    expect(err('auto s = R"(x)";')).toBe('a.cu:1:10: error: raw string literals are not supported by Warpscope');
    expect(err('auto s = u8R"(x)";')).toBe('a.cu:1:10: error: raw string literals are not supported by Warpscope');
  });

  it('removes comments, which count as whitespace', () => {
    expect(texts('a/* x */b // c\nd')).toEqual(['a', 'b', 'd']);
    const t = toks('a/**/b');
    expect(t[1].spaceBefore).toBe(true);
    expect(texts('a /* multi\nline */ b')).toEqual(['a', 'b']);
    expect(texts('a // comment \\\n continued\nb')).toEqual(['a', 'b']);
    expect(texts('x / y /= z')).toEqual(['x', '/', 'y', '/=', 'z']);
  });

  it('handles line splices and reports physical locations', () => {
    const t = toks('in\\\nt x;');
    expect(t[0].text).toBe('int');
    expect(t[1].loc).toEqual({ file: 'a.cu', line: 2, col: 3 });
    const crlf = toks('a\r\nb\\\r\nc');
    expect(crlf.map((x) => x.text)).toEqual(['a', 'bc', '']);
    expect(crlf[1].loc).toEqual({ file: 'a.cu', line: 2, col: 1 });
  });

  it('groups tokens into logical lines', () => {
    const r = lexLines('#define X \\\n  1\n#if /* a\n b */ X\nint y;\n', 'a.cu');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((l) => l.tokens.map((t) => t.text))).toEqual([['#', 'define', 'X', '1'], ['#', 'if', 'X'], ['int', 'y', ';'], []]);
    expect(r.value[1].tokens[2].loc.line).toBe(4);
  });

  it('reports unterminated comments, strings and characters', () => {
    expect(err('int x;\n  /* oops')).toBe('a.cu:2:3: error: unterminated /* comment');
    expect(err('x = "abc\n";')).toBe('a.cu:1:5: error: missing terminating " character');
    expect(err("c = 'a;")).toBe("a.cu:1:5: error: missing terminating ' character");
    expect(err("c = '';")).toBe('a.cu:1:5: error: empty character constant');
    expect(err('x = "abc')).toBe('a.cu:1:5: error: missing terminating " character');
  });

  it('reports stray characters', () => {
    expect(err('int x;\nint @y;')).toBe("a.cu:2:5: error: stray '@' in program");
    expect(err('a `b')).toBe("a.cu:1:3: error: stray '`' in program");
    expect(err('a \\ b')).toBe("a.cu:1:3: error: stray '\\' in program");
    // A character outside the BMP is one stray character, not the first half of a surrogate pair.
    expect(err('int x; \u{1f680}')).toBe("a.cu:1:8: error: stray '\u{1f680}' in program");
  });

  it('keeps per-line errors without failing lexLines, for #if 0 blocks', () => {
    const r = lexLines("#if 0\ndon't @\n#endif\n", 'a.cu');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value[1].error?.message).toBe("missing terminating ' character");
    expect(r.value[2].tokens.map((t) => t.text)).toEqual(['#', 'endif']);
  });

  it('puts eof at the end position', () => {
    const t = toks('a\nb');
    expect(t[2]).toEqual({ kind: 'eof', text: '', loc: { file: 'a.cu', line: 2, col: 2 }, spaceBefore: true });
    expect(toks('')).toHaveLength(1);
  });
});
