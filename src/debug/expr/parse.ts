import type { AddressSpace } from './context.js';
import type { BaseSpec, BinaryOp, Expr, TypeSpec } from './ast.js';
import type { Token } from './lex.js';
import { lex } from './lex.js';
import { parseNumber } from './literal.js';
import { builtinTypedefs } from '../../engine/check/builtins-types.js';

/*
 * A Pratt parser for gdb's C expressions with c-exp.y's precedences (lowest first):
 * `,`  `= op=`  `?:`  `||`  `&&`  `|`  `^`  `&`  `== !=`  `< > <= >=`  `<< >>`  `@`
 * `+ -`  `* / %`, then unary and postfix operators. Note that gdb's `@` binds tighter
 * than shifts and comparisons but looser than `+`: `arr[0]@n+1` is `arr[0]@(n+1)`.
 */

/** Parse result: the tree, or gdb's error message. */
export type ParseResult = { readonly ok: true; readonly expr: Expr } | { readonly ok: false; readonly error: string };

/** How the parser tells type names from variables (gdb asks its symbol table). */
export interface ParseOptions {
  /** True when `name` names a type (a typedef or struct) rather than a variable. Defaults to the CUDA headers' typedefs. */
  readonly isTypeName?: (name: string) => boolean;
}

const baseKeywords = new Set(['char', 'short', 'int', 'long', 'signed', 'unsigned', 'float', 'double', 'bool', '_Bool', 'void']);
const qualifierKeywords = new Set(['const', 'volatile']);
const tagKeywords = new Set(['struct', 'union', 'class']);
const spaceNames: ReadonlyMap<string, AddressSpace> = new Map([
  ['global', 'global'], ['shared', 'shared'], ['local', 'local'], ['constant', 'constant'], ['generic', 'generic'],
]);

/** Names the CUDA headers typedef, plus `uint` (sys/types.h). */
export function isBuiltinTypeName(name: string): boolean {
  return builtinTypedefs.has(name) || name === 'uint';
}

const binaryPower: Readonly<Record<string, number>> = {
  ',': 1, '=': 2, '+=': 2, '-=': 2, '*=': 2, '/=': 2, '%=': 2, '<<=': 2, '>>=': 2, '&=': 2, '^=': 2, '|=': 2,
  '?': 3, '||': 4, '&&': 5, '|': 6, '^': 7, '&': 8, '==': 9, '!=': 9, '<': 10, '>': 10, '<=': 10, '>=': 10,
  '<<': 11, '>>': 11, '@': 12, '+': 13, '-': 13, '*': 14, '/': 14, '%': 14,
};
const assignPower = 2;
const condPower = 3;

/** Thrown inside the parser; parse() turns it into a result. */
class ParseFailure {
  constructor(readonly message: string) {}
}

/** Parses a gdb C expression. */
export function parse(text: string, options: ParseOptions = {}): ParseResult {
  const tokens = lex(text);
  if (!Array.isArray(tokens)) return { ok: false, error: tokens.error };
  try {
    const p = new Parser(text, tokens, options.isTypeName ?? isBuiltinTypeName);
    const expr = p.expression(1);
    p.expectEnd();
    return { ok: true, expr };
  } catch (e) {
    if (e instanceof ParseFailure) return { ok: false, error: e.message };
    throw e;
  }
}

class Parser {
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly isTypeName: (name: string) => boolean,
  ) {}

  /** Parses operators binding at least as tightly as `minPower`. */
  expression(minPower: number): Expr {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct') return left;
      const power = binaryPower[t.op];
      if (power === undefined || power < minPower) return left;
      this.i++;
      left = this.binary(t.op, power, left);
    }
  }

  /** Fails unless every token was consumed. */
  expectEnd(): void {
    if (this.peek().kind !== 'eof') this.syntaxError();
  }

  private binary(op: string, power: number, left: Expr): Expr {
    if (op === '?') {
      const then = this.expression(assignPower);
      this.expect(':');
      return { kind: 'cond', test: left, then, otherwise: this.expression(condPower) };
    }
    if (power === assignPower) return { kind: 'assign', op, target: left, value: this.expression(assignPower) };
    const right = this.expression(power + 1);
    if (op === ',') return { kind: 'comma', left, right };
    if (op === '@') return { kind: 'repeat', left, right };
    if (op === '&&' || op === '||') return { kind: 'logical', op, left, right };
    return { kind: 'binary', op: op as BinaryOp, left, right };
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.kind === 'punct') {
      switch (t.op) {
        case '-':
        case '+':
        case '!':
        case '~':
          this.i++;
          return { kind: 'unary', op: t.op, operand: this.unary() };
        case '*':
          this.i++;
          return { kind: 'deref', operand: this.unary() };
        case '&':
          this.i++;
          return { kind: 'addr', operand: this.unary() };
        case '++':
        case '--': {
          this.i++;
          return { kind: 'assign', op: t.op, target: this.unary(), value: null };
        }
        case '(':
          if (this.startsType(1)) {
            this.i++;
            const type = this.typeSpec();
            this.expect(')');
            return { kind: 'cast', type, operand: this.unary() };
          }
          break;
        case '{': {
          this.i++;
          const type = this.typeSpec();
          this.expect('}');
          return { kind: 'memval', type, operand: this.unary() };
        }
      }
    }
    if (t.kind === 'ident' && t.name === 'sizeof') {
      this.i++;
      if (this.isPunct(this.peek(), '(') && this.startsType(1)) {
        this.i++;
        const type = this.typeSpec();
        this.expect(')');
        return { kind: 'sizeofType', type };
      }
      return { kind: 'sizeofExpr', operand: this.unary() };
    }
    return this.postfix(this.primary());
  }

  private postfix(e: Expr): Expr {
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct') return e;
      if (t.op === '[') {
        this.i++;
        const index = this.expression(1);
        this.expect(']');
        e = { kind: 'index', target: e, index };
      } else if (t.op === '.' || t.op === '->') {
        this.i++;
        const name = this.next();
        if (name.kind !== 'ident') this.syntaxError(name);
        e = { kind: 'member', target: e, name: name.name, arrow: t.op === '->' };
      } else if (t.op === '(') {
        this.i++;
        const args: Expr[] = [];
        if (!this.isPunct(this.peek(), ')')) {
          do args.push(this.expression(assignPower));
          while (this.accept(','));
        }
        this.expect(')');
        e = { kind: 'call', callee: e, args };
      } else if (t.op === '++' || t.op === '--') {
        this.i++;
        e = { kind: 'assign', op: t.op, target: e, value: null };
      } else {
        return e;
      }
    }
  }

  private primary(): Expr {
    const t = this.next();
    switch (t.kind) {
      case 'number': {
        const n = parseNumber(t.text);
        if (typeof n === 'string') throw new ParseFailure(n);
        return n;
      }
      case 'char':
        return { kind: 'char', value: t.value };
      case 'string': {
        let bytes = t.bytes;
        // Adjacent literals concatenate, as in C.
        for (let n = this.peek(); n.kind === 'string'; n = this.peek()) {
          this.i++;
          const joined = new Uint8Array(bytes.length + n.bytes.length);
          joined.set(bytes);
          joined.set(n.bytes, bytes.length);
          bytes = joined;
        }
        return { kind: 'string', bytes };
      }
      case 'dollar':
        return dollar(t.name);
      case 'ident':
        if (t.name === 'true' || t.name === 'false') return { kind: 'bool', value: t.name === 'true' };
        if (this.startsType(-1)) throw new ParseFailure('Attempt to use a type name as an expression');
        return { kind: 'ident', name: t.name };
      case 'punct':
        if (t.op === '(') {
          const e = this.expression(1);
          this.expect(')');
          return e;
        }
        return this.syntaxError(t);
      case 'eof':
        return this.syntaxError(t);
    }
  }

  /** Whether the token at offset `k` from the current one begins a type name. */
  private startsType(k: number): boolean {
    const t = this.tokens[this.i + k];
    if (!t) return false;
    if (t.kind === 'punct') return t.op === '@' && this.tokens[this.i + k + 1]?.kind === 'ident';
    if (t.kind !== 'ident') return false;
    return baseKeywords.has(t.name) || qualifierKeywords.has(t.name) || tagKeywords.has(t.name) || this.isTypeName(t.name);
  }

  /** A type: qualifiers, `@space`, base keywords or one type name, then `*`s and `[N]`s. */
  private typeSpec(): TypeSpec {
    const words: string[] = [];
    let base: BaseSpec | null = null;
    let space: AddressSpace | null = null;
    let isConst = false;
    for (;;) {
      const t = this.peek();
      if (this.isPunct(t, '@')) {
        this.i++;
        const n = this.next();
        if (n.kind !== 'ident') return this.syntaxError(n);
        const s = spaceNames.get(n.name);
        if (!s) throw new ParseFailure(`Unknown address space specifier: "${n.name}"`);
        space = s;
      } else if (t.kind === 'ident' && qualifierKeywords.has(t.name)) {
        this.i++;
        isConst ||= t.name === 'const';
      } else if (t.kind === 'ident' && baseKeywords.has(t.name) && base === null) {
        this.i++;
        words.push(t.name);
      } else if (t.kind === 'ident' && tagKeywords.has(t.name) && base === null && words.length === 0) {
        this.i++;
        const n = this.next();
        if (n.kind !== 'ident') return this.syntaxError(n);
        base = { kind: 'struct', tag: n.name };
      } else if (t.kind === 'ident' && base === null && words.length === 0 && this.isTypeName(t.name)) {
        this.i++;
        base = { kind: 'named', name: t.name };
      } else {
        break;
      }
    }
    if (base === null) {
      if (words.length === 0) return this.syntaxError();
      base = { kind: 'keywords', words };
    }
    let pointers = 0;
    for (;;) {
      const t = this.peek();
      if (this.accept('*')) pointers++;
      else if (t.kind === 'ident' && qualifierKeywords.has(t.name)) this.i++;
      else break;
    }
    const arrays: number[] = [];
    while (this.accept('[')) {
      const n = this.next();
      const v = n.kind === 'number' ? parseNumber(n.text) : null;
      if (v === null || typeof v === 'string' || v.kind !== 'int') return this.syntaxError(n);
      arrays.push(Number(v.value));
      this.expect(']');
    }
    return { base, space, isConst, pointers, arrays };
  }

  private peek(): Token {
    return this.tokens[this.i]!;
  }

  private next(): Token {
    const t = this.tokens[this.i]!;
    if (t.kind !== 'eof') this.i++;
    return t;
  }

  private isPunct(t: Token, op: string): boolean {
    return t.kind === 'punct' && t.op === op;
  }

  private accept(op: string): boolean {
    if (!this.isPunct(this.peek(), op)) return false;
    this.i++;
    return true;
  }

  private expect(op: string): void {
    if (!this.accept(op)) this.syntaxError();
  }

  /** gdb's yyerror: quotes the input from the offending token on. */
  private syntaxError(t: Token = this.peek()): never {
    throw new ParseFailure(`A syntax error in expression, near \`${this.text.slice(t.pos)}'.`);
  }
}

/** `$`, `$$`, `$N`, `$$N` (value history) or `$name` (convenience variable). */
function dollar(name: string): Expr {
  if (name === '$') return { kind: 'history', num: 0 };
  if (name === '$$') return { kind: 'history', num: -1 };
  const m = /^(\$\$?)(\d+)$/.exec(name);
  if (m) return { kind: 'history', num: m[1] === '$$' ? -Number(m[2]) : Number(m[2]) };
  return { kind: 'convenience', name: name.slice(1) };
}
