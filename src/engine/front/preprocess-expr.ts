/**
 * `#if` arithmetic: C integer constant expressions over intmax_t/uintmax_t
 * (64 bits), after macro expansion and `defined` have been replaced.
 * Identifiers still standing evaluate to 0, except `true` (C++).
 * Division by zero is an error only on the evaluated side of `&&`, `||`, `?:`.
 */
import { fail } from './diag.js';
import { checkNumber } from './lex.js';
import type { SourceLoc, Token } from './token.js';

interface Val {
  readonly v: bigint;
  readonly u: boolean;
}

const BIN_PREC: ReadonlyMap<string, number> = new Map([
  ['*', 10], ['/', 10], ['%', 10],
  ['+', 9], ['-', 9],
  ['<<', 8], ['>>', 8],
  ['<', 7], ['>', 7], ['<=', 7], ['>=', 7],
  ['==', 6], ['!=', 6],
  ['&', 5], ['^', 4], ['|', 3], ['&&', 2], ['||', 1],
]);

function wrap(v: bigint, u: boolean): Val {
  return { v: u ? BigInt.asUintN(64, v) : BigInt.asIntN(64, v), u };
}

const bool = (b: boolean): Val => ({ v: b ? 1n : 0n, u: false });

/** The value and signedness of an integer literal as the preprocessor reads it. */
function intLiteral(t: Token): Val {
  const bad = checkNumber(t.text);
  if (bad !== null) fail(t.loc, bad);
  const m = /^(.*?)([uUlL]*)$/.exec(t.text);
  const digits = m ? m[1] : t.text;
  const suffix = m ? m[2] : '';
  let v: bigint;
  if (/^0[xXbB]/.test(digits)) v = BigInt(digits.toLowerCase());
  else if (digits.length > 1 && digits[0] === '0') v = BigInt('0o' + digits.slice(1));
  else v = BigInt(digits);
  if (v > 0xffffffffffffffffn) fail(t.loc, 'integer literal is too large to be represented in any integer type');
  // A literal too big for intmax_t is read as unsigned, as clang does (with a warning).
  return { v, u: /[uU]/.test(suffix) || v > 0x7fffffffffffffffn };
}

const SIMPLE_ESCAPES: ReadonlyMap<string, number> = new Map([
  ['n', 10], ['t', 9], ['r', 13], ['0', 0], ['a', 7], ['b', 8], ['f', 12], ['v', 11],
  ['\\', 92], ["'", 39], ['"', 34], ['?', 63], ['e', 27],
]);

/** The value of a character literal; plain char is signed on x86-64, so '\xff' is -1. */
function charLiteral(t: Token): Val {
  const q = t.text.indexOf("'");
  const prefix = t.text.slice(0, q);
  const body = t.text.slice(q + 1, -1);
  let code: number;
  if (body[0] !== '\\') code = body.codePointAt(0) ?? 0;
  else {
    const oct = /^\\([0-7]{1,3})$/.exec(body);
    const hex = /^\\x([0-9a-fA-F]+)$/.exec(body);
    const simple = SIMPLE_ESCAPES.get(body.slice(1));
    if (oct) code = parseInt(oct[1], 8);
    else if (hex) code = parseInt(hex[1], 16);
    else if (simple !== undefined && body.length === 2) code = simple;
    else fail(t.loc, 'unsupported character literal in preprocessor expression');
  }
  if (prefix === '' && code > 127 && code < 256) code -= 256;
  return { v: BigInt(code), u: false };
}

class ExprParser {
  private i = 0;
  constructor(
    private readonly toks: readonly Token[],
    private readonly end: SourceLoc,
  ) {}

  private peek(): Token | undefined {
    return this.toks[this.i];
  }

  private here(): SourceLoc {
    return this.peek()?.loc ?? this.end;
  }

  private isPunct(text: string): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === 'punct' && t.text === text;
  }

  /** Parses the whole line; any token left over is an error. */
  top(): Val {
    const v = this.comma(true);
    const t = this.peek();
    if (t !== undefined) fail(t.loc, 'token is not a valid binary operator in a preprocessor subexpression');
    return v;
  }

  private comma(ev: boolean): Val {
    let v = this.cond(ev);
    while (this.isPunct(',')) {
      this.i++;
      v = this.cond(ev);
    }
    return v;
  }

  private cond(ev: boolean): Val {
    const c = this.binary(1, ev);
    if (!this.isPunct('?')) return c;
    this.i++;
    const taken = c.v !== 0n;
    const a = this.comma(ev && taken);
    if (!this.isPunct(':')) fail(this.here(), "expected ':' in preprocessor expression");
    this.i++;
    const b = this.cond(ev && !taken);
    const u = a.u || b.u;
    return wrap(taken ? a.v : b.v, u);
  }

  private binary(minPrec: number, ev: boolean): Val {
    let lhs = this.unary(ev);
    for (;;) {
      const t = this.peek();
      const prec = t !== undefined && t.kind === 'punct' ? BIN_PREC.get(t.text) : undefined;
      if (t === undefined || prec === undefined || prec < minPrec) return lhs;
      this.i++;
      if (t.text === '&&' || t.text === '||') {
        const lhsTrue = lhs.v !== 0n;
        const rhs = this.binary(prec + 1, ev && (t.text === '&&' ? lhsTrue : !lhsTrue));
        lhs = bool(t.text === '&&' ? lhsTrue && rhs.v !== 0n : lhsTrue || rhs.v !== 0n);
        continue;
      }
      const rhs = this.binary(prec + 1, ev);
      lhs = this.apply(t, lhs, rhs, ev);
    }
  }

  private apply(op: Token, a: Val, b: Val, ev: boolean): Val {
    if (op.text === '<<' || op.text === '>>') {
      // The result has the left operand's type; out-of-range counts give what x86 compilers fold to.
      const n = b.u ? b.v : b.v < 0n ? -1n : b.v;
      if (n < 0n || n >= 64n) return wrap(op.text === '>>' && !a.u && a.v < 0n ? -1n : 0n, a.u);
      return wrap(op.text === '<<' ? a.v << n : a.v >> n, a.u);
    }
    const u = a.u || b.u;
    const x = wrap(a.v, u).v;
    const y = wrap(b.v, u).v;
    switch (op.text) {
      case '*': return wrap(x * y, u);
      case '+': return wrap(x + y, u);
      case '-': return wrap(x - y, u);
      case '/':
      case '%':
        if (y === 0n) {
          if (ev) fail(op.loc, 'division by zero in preprocessor expression');
          return { v: 0n, u };
        }
        return wrap(op.text === '/' ? x / y : x % y, u);
      case '<': return bool(x < y);
      case '>': return bool(x > y);
      case '<=': return bool(x <= y);
      case '>=': return bool(x >= y);
      case '==': return bool(x === y);
      case '!=': return bool(x !== y);
      case '&': return wrap(x & y, u);
      case '^': return wrap(x ^ y, u);
      default: return wrap(x | y, u);
    }
  }

  private unary(ev: boolean): Val {
    const t = this.peek();
    if (t === undefined) fail(this.end, 'expected value in expression');
    if (t.kind === 'punct') {
      switch (t.text) {
        case '+': this.i++; return this.unary(ev);
        case '-': { this.i++; const v = this.unary(ev); return wrap(-v.v, v.u); }
        case '~': { this.i++; const v = this.unary(ev); return wrap(~v.v, v.u); }
        case '!': { this.i++; const v = this.unary(ev); return bool(v.v === 0n); }
        case '(': {
          this.i++;
          const v = this.comma(ev);
          if (!this.isPunct(')')) fail(this.here(), "expected ')' in preprocessor expression");
          this.i++;
          return v;
        }
        default: break;
      }
    }
    this.i++;
    switch (t.kind) {
      case 'int': return intLiteral(t);
      case 'char': return charLiteral(t);
      case 'float': return fail(t.loc, 'floating point literal in preprocessor expression');
      case 'ident': return bool(t.text === 'true');
      default: return fail(t.loc, 'invalid token at start of a preprocessor expression');
    }
  }
}

/** Evaluates the expanded tokens of an `#if`/`#elif`; `at` is the directive name, for an empty expansion. */
export function evalCondition(toks: readonly Token[], at: Token): boolean {
  if (toks.length === 0) fail(at.loc, 'expected value in expression');
  const last = toks[toks.length - 1];
  const end: SourceLoc = { ...last.loc, col: last.loc.col + last.text.length };
  return new ExprParser(toks, end).top().v !== 0n;
}
