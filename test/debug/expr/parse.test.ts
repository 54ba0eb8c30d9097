import { describe, expect, it } from 'vitest';
import type { Expr } from '../../../src/debug/expr/ast.js';
import { parse } from '../../../src/debug/expr/index.js';

/** A parse tree as compact prefix text, to check precedence. */
function tree(text: string): string {
  const r = parse(text);
  if (!r.ok) return r.error;
  const show = (e: Expr): string => {
    switch (e.kind) {
      case 'int':
        return e.value.toString();
      case 'ident':
        return e.name;
      case 'binary':
        return `(${e.op} ${show(e.left)} ${show(e.right)})`;
      case 'repeat':
        return `(@ ${show(e.left)} ${show(e.right)})`;
      case 'deref':
        return `(* ${show(e.operand)})`;
      case 'addr':
        return `(& ${show(e.operand)})`;
      case 'unary':
        return `(${e.op} ${show(e.operand)})`;
      case 'cast':
        return `(cast ${e.type.space ?? ''}${e.type.pointers} ${show(e.operand)})`;
      case 'index':
        return `([] ${show(e.target)} ${show(e.index)})`;
      case 'member':
        return `(${e.arrow ? '->' : '.'} ${show(e.target)} ${e.name})`;
      case 'cond':
        return `(? ${show(e.test)} ${show(e.then)} ${show(e.otherwise)})`;
      case 'logical':
        return `(${e.op} ${show(e.left)} ${show(e.right)})`;
      case 'assign':
        return `(${e.op} ${show(e.target)}${e.value ? ' ' + show(e.value) : ''})`;
      case 'history':
        return `$[${e.num}]`;
      default:
        return e.kind;
    }
  };
  return show(r.expr);
}

describe('parse: gdb C expression precedence', () => {
  it('binds @ between shifts and +, as c-exp.y does', () => {
    expect(tree('a@b+c')).toBe('(@ a (+ b c))');
    expect(tree('*p@4')).toBe('(@ (* p) 4)');
    expect(tree('arr[0]@8')).toBe('(@ ([] arr 0) 8)');
    expect(tree('1 << 2@3')).toBe('(<< 1 (@ 2 3))');
  });

  it('parses C operators with C precedence and associativity', () => {
    expect(tree('1 + 2 * 3 - 4')).toBe('(- (+ 1 (* 2 3)) 4)');
    expect(tree('a || b && c | d ^ e & f == g < h << i')).toBe('(|| a (&& b (| c (^ d (& e (== f (< g (<< h i))))))))');
    expect(tree('a ? b : c ? d : e')).toBe('(? a b (? c d e))');
    expect(tree('-*&a')).toBe('(- (* (& a)))');
    expect(tree('a.b->c[1].d')).toBe('(. ([] (-> (. a b) c) 1) d)');
    expect(tree('a = b = 1')).toBe('(= a (= b 1))');
    expect(tree('a++')).toBe('(++ a)');
  });

  it('parses casts with cuda-gdb address spaces, and history', () => {
    expect(tree('(@shared int *) 0x10')).toBe('(cast shared1 16)');
    expect(tree('*(@global float *) p')).toBe('(* (cast global1 p))');
    expect(tree('(unsigned long long **) a + 1')).toBe('(+ (cast 2 a) 1)');
    expect(tree('(a) + 1')).toBe('(+ a 1)');
    expect(tree('$ + $$ + $$3 + $4')).toBe('(+ (+ (+ $[0] $[-1]) $[-3]) $[4])');
  });

  it('reports syntax errors as gdb does', () => {
    expect(tree('(1 + )')).toBe("A syntax error in expression, near `)'.");
    expect(tree('a +')).toBe("A syntax error in expression, near `'.");
    expect(tree('(int')).toBe("A syntax error in expression, near `'.");
    expect(tree("'")).toBe('Unmatched single quote.');
    expect(tree("''")).toBe('Empty character constant.');
    expect(tree('1x')).toBe('Invalid number "1x".');
    expect(tree('99999999999999999999')).toBe('Numeric constant too large.');
  });
});
