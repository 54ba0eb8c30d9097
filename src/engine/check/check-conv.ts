import type { CType } from './types.js';
import { doubleType, floatType, intType, llongType, longType, uintType, ullongType, ulongType, sameType } from './types.js';
import type { IExpr, VarSym } from './ir.js';
import { constexprBody } from './constexpr-fns.js';

/*
 * C's arithmetic type rules (C11 6.3.1, C++ [conv]) and compile-time evaluation of
 * checked expressions, used wherever C requires a constant (array sizes, case labels,
 * enum values, template arguments, static initializers).
 */

export type Value = number | bigint;

/** True for integer (incl. enum) and bool types. */
export function isInteger(t: CType): boolean {
  return t.kind === 'int' || t.kind === 'bool';
}

/** True for integer, bool and floating types. */
export function isArith(t: CType): boolean {
  return t.kind === 'int' || t.kind === 'bool' || t.kind === 'float';
}

/** Integer conversion rank (bool 0 < char 1 < short 2 < int 3 < long 4 < long long 5). */
export function rank(t: CType): number {
  if (t.kind === 'bool') return 0;
  if (t.kind !== 'int') return -1;
  if (t.bits === 64) return t.name.includes('long long') ? 5 : 4;
  return { 8: 1, 16: 2, 32: 3 }[t.bits];
}

/** The canonical integer type of a given rank and signedness (typedef names dropped, as clang's arithmetic results show). */
function canonical(r: number, signed: boolean): CType {
  if (r <= 3) return signed ? intType : uintType;
  if (r === 4) return signed ? longType : ulongType;
  return signed ? llongType : ullongType;
}

/** Integer promotion: bool, char, short (and enums) become int; wider types keep their canonical type. */
export function promote(t: CType): CType {
  if (t.kind === 'bool') return intType;
  if (t.kind !== 'int') return t;
  if (t.bits < 32) return intType; // every 8/16-bit value fits in int
  return canonical(rank(t), t.signed);
}

/** The usual arithmetic conversions: the common type two arithmetic operands are converted to. */
export function usualArith(a: CType, b: CType): CType {
  if (a.kind === 'float' || b.kind === 'float') {
    const bits = Math.max(a.kind === 'float' ? a.bits : 0, b.kind === 'float' ? b.bits : 0);
    return bits === 64 ? doubleType : floatType;
  }
  const pa = promote(a);
  const pb = promote(b);
  if (pa.kind !== 'int' || pb.kind !== 'int') return intType;
  const ra = rank(pa);
  const rb = rank(pb);
  if (pa.signed === pb.signed) return canonical(Math.max(ra, rb), pa.signed);
  const [s, u, rs, ru] = pa.signed ? [pa, pb, ra, rb] : [pb, pa, rb, ra];
  if (ru >= rs) return canonical(ru, false);
  // The signed type can hold every value of the unsigned one only if it is wider.
  if (s.kind === 'int' && u.kind === 'int' && s.bits > u.bits) return canonical(rs, true);
  return canonical(rs, false);
}

/** Strips const from the outermost level. */
export function unqual(t: CType): CType {
  if (!t.isConst) return t;
  const { isConst: _c, ...rest } = t;
  return rest as CType;
}

/** Adds const at the outermost level. */
export function withConst(t: CType): CType {
  return t.isConst ? t : ({ ...t, isConst: true } as CType);
}

/** The type of an integer literal (C++ [lex.icon] table): decimal literals stay signed; octal/hex/binary may become unsigned. */
export function intLiteralType(value: bigint, suffix: string, radix: number): CType {
  const dec = radix === 10;
  const u = suffix.includes('u');
  const l = suffix.replace('u', '');
  const fits = (t: CType): boolean => t.kind === 'int' && (t.signed ? value < 1n << BigInt(t.bits - 1) : value < 1n << BigInt(t.bits));
  let candidates: CType[];
  if (u) candidates = l === 'll' ? [ullongType] : l === 'l' ? [ulongType, ullongType] : [uintType, ulongType, ullongType];
  else if (l === 'll') candidates = dec ? [llongType] : [llongType, ullongType];
  else if (l === 'l') candidates = dec ? [longType, llongType] : [longType, ulongType, llongType, ullongType];
  else candidates = dec ? [intType, longType, llongType] : [intType, uintType, longType, ulongType, llongType, ullongType];
  // Too large for every candidate: clang types it unsigned long long (with a warning).
  return candidates.find(fits) ?? ullongType;
}

/**
 * Rounds a decimal floating literal to float as nvcc does. Math.fround(Number(text)) rounds twice
 * (decimal->double->float) and is wrong exactly when the double lands on a float rounding
 * midpoint that the exact decimal is not on; that case is decided here with exact rationals.
 */
export function floatLiteral(text: string): number {
  const body = text.replace(/[fFlL]$/, '');
  // Number() reads no hex floats: 0x1.8p3 is its hex significand times a power of two.
  const hex = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(body);
  if (hex) return Math.fround(parseInt(`${hex[1] ?? ''}${hex[2] ?? ''}` || '0', 16) * 2 ** (Number(hex[3]) - 4 * (hex[2] ?? '').length));
  const d = Number(body);
  const f = Math.fround(d);
  if (!Number.isFinite(d) || f === d || /^0[xX]/.test(body)) return f;
  // Neighbouring float on the other side of d.
  const other = nextFloatToward(f, d);
  if ((f + other) / 2 !== d) return f; // d is not a midpoint: one rounding is enough
  const exact = decimalRational(body);
  const mid = doubleRational(d);
  if (exact === null) return f;
  // Compare exact decimal against the midpoint: n1/d1 vs n2/d2.
  const cmp = exact.n * mid.d - mid.n * exact.d;
  const sign = d < 0 ? -1n : 1n;
  if (cmp === 0n) return nvccTie(body) ?? f; // a true tie: fround's ties-to-even unless nvcc differs
  const above = cmp * sign > 0n; // exact magnitude beyond the midpoint
  const lo = Math.abs(f) < Math.abs(other) ? f : other;
  const hi = lo === f ? other : f;
  return above ? hi : lo;
}

/**
 * nvcc's front end on a decimal literal exactly halfway between two floats. The H100 goldens
 * (rules/literals, rules/float_semantics) fit this: when the significant digits do not fit a
 * float (more than 2^24), they are rounded to float first and then scaled by the float power
 * of ten, in float arithmetic: 16777217.0f -> 167772176 / 10 -> 16777218, 33554434.0f ->
 * 33554436, but 1.000000059604644775390625f (1 + 2^-24) -> 1. Null where that model does not
 * apply (the tie is then resolved to even, as for hex literals and 0x1.000001p0f).
 */
function nvccTie(body: string): number | null {
  const m = /^(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/.exec(body);
  if (!m) return null;
  const n = BigInt(((m[1] ?? '') + (m[2] ?? '')) || '0');
  const e = Number(m[3] ?? 0) - (m[2] ?? '').length;
  const scale = Math.fround(10 ** Math.abs(e));
  if (n <= 1n << 24n || !Number.isFinite(scale)) return null;
  const r = Math.fround(e >= 0 ? Math.fround(Number(n)) * scale : Math.fround(Number(n)) / scale);
  return Number.isFinite(r) && Math.abs(r) >= 2 ** -126 ? r : null;
}

/** The float adjacent to f in the direction of d. */
function nextFloatToward(f: number, d: number): number {
  const buf = new DataView(new ArrayBuffer(4));
  buf.setFloat32(0, f);
  let bits = buf.getUint32(0);
  const up = d > f;
  bits = (f >= 0) === up ? bits + 1 : bits - 1;
  buf.setUint32(0, bits >>> 0);
  return buf.getFloat32(0);
}

/** Exact value of a decimal literal as n/d (BigInt). */
function decimalRational(text: string): { n: bigint; d: bigint } | null {
  const m = /^([+-]?)(\d*)\.?(\d*)(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  const digits = (m[2] ?? '') + (m[3] ?? '');
  let exp = Number(m[4] ?? 0) - (m[3] ?? '').length;
  let n = BigInt(digits === '' ? '0' : digits);
  if (m[1] === '-') n = -n;
  let d = 1n;
  if (exp >= 0) n *= 10n ** BigInt(exp);
  else d = 10n ** BigInt(-exp);
  exp = 0;
  return { n, d };
}

/** Exact value of a finite double as n/d. */
function doubleRational(x: number): { n: bigint; d: bigint } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const neg = bits >> 63n === 1n;
  const e = Number((bits >> 52n) & 0x7ffn);
  let mant = bits & ((1n << 52n) - 1n);
  let exp = e - 1075;
  if (e === 0) exp = -1074;
  else mant |= 1n << 52n;
  if (neg) mant = -mant;
  return exp >= 0 ? { n: mant << BigInt(exp), d: 1n } : { n: mant, d: 1n << BigInt(-exp) };
}

/** Normalises a value to a scalar type's value convention (ints wrap, floats round, bool 0/1). */
export function normalize(t: CType, v: Value): Value {
  switch (t.kind) {
    case 'bool':
      return Number(v) !== 0 ? 1 : 0;
    case 'int': {
      const b = typeof v === 'bigint' ? v : BigInt(Math.trunc(v));
      const w = t.signed ? BigInt.asIntN(t.bits, b) : BigInt.asUintN(t.bits, b);
      return t.bits === 64 ? w : Number(w);
    }
    case 'float':
      return t.bits === 32 ? Math.fround(Number(v)) : Number(v);
    default:
      return Number(v);
  }
}

/** Converts a constant from one scalar type to another as a C conversion would; null when the result is undefined (NaN/inf to int). */
export function convertValue(v: Value, from: CType, to: CType): Value | null {
  if (to.kind === 'bool') return Number(v) !== 0 ? 1 : 0;
  if (to.kind === 'int' && from.kind === 'float') {
    const x = Number(v);
    if (!Number.isFinite(x)) return null;
    return normalize(to, BigInt(Math.trunc(x)));
  }
  if (to.kind === 'float') return normalize(to, typeof v === 'bigint' ? Number(v) : v);
  return normalize(to, v);
}

/** Folds a checked expression to a constant when C++ could evaluate it at compile time; null otherwise. `env`: the parameters of a constexpr call being evaluated. */
export function evalConst(e: IExpr, env: ReadonlyMap<VarSym, Value> | null = null, depth = 0): Value | null {
  const ev = (x: IExpr): Value | null => evalConst(x, env, depth);
  switch (e.k) {
    case 'const':
      return e.value;
    case 'convert': {
      const v = ev(e.arg);
      if (v === null) return null;
      if (e.type.kind === 'pointer' && e.arg.type.kind !== 'int' && e.arg.type.kind !== 'nullptr') return null;
      return convertValue(v, e.arg.type, e.type);
    }
    case 'unary': {
      const v = ev(e.arg);
      if (v === null) return null;
      if (e.op === '!') return normalize(e.type, Number(v) === 0 ? 1 : 0);
      if (e.op === '-') return e.type.kind === 'float' ? normalize(e.type, -Number(v)) : normalize(e.type, -BigInt(v));
      return normalize(e.type, ~BigInt(v));
    }
    case 'arith':
      return foldArith(e.op, e.type, ev(e.left), ev(e.right));
    case 'compare': {
      const a = ev(e.left);
      const b = ev(e.right);
      if (a === null || b === null) return null;
      const x = typeof a === 'bigint' || typeof b === 'bigint' ? [BigInt(a), BigInt(b)] : [a, b];
      const [l, r] = x as [number, number];
      const res = { '<': l < r, '>': l > r, '<=': l <= r, '>=': l >= r, '==': l == r, '!=': l != r }[e.op];
      return res ? 1 : 0;
    }
    case 'logical': {
      const a = ev(e.left);
      if (a === null) return null;
      const at = Number(a) !== 0;
      if (e.op === '&&' && !at) return 0;
      if (e.op === '||' && at) return 1;
      const b = ev(e.right);
      return b === null ? null : Number(b) !== 0 ? 1 : 0;
    }
    case 'cond': {
      const c = ev(e.cond);
      if (c === null) return null;
      return ev(Number(c) !== 0 ? e.then : e.else);
    }
    case 'comma':
      return null;
    case 'var':
      // A parameter of the constexpr function being evaluated.
      return env?.get(e.v) ?? null;
    case 'call': {
      const f = e.retSlot === null ? constexprBody(e.fn, depth) : null;
      if (f === null) return null;
      const args = e.args.map(ev);
      if (args.some((a) => a === null)) return null;
      return evalConst(f.value, new Map(f.params.map((p, k) => [p, args[k]!])), depth + 1);
    }
    default:
      return null;
  }
}

/** Folds one arithmetic operation in type t; null for division by zero or a non-constant operand. */
export function foldArith(op: string, t: CType, a: Value | null, b: Value | null): Value | null {
  if (a === null || b === null) return null;
  if (t.kind === 'float') {
    const x = Number(a);
    const y = Number(b);
    const r = op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : NaN;
    return normalize(t, r);
  }
  const x = BigInt(a);
  const y = BigInt(b);
  const bits = t.kind === 'int' ? BigInt(t.bits) : 32n;
  switch (op) {
    case '+': return normalize(t, x + y);
    case '-': return normalize(t, x - y);
    case '*': return normalize(t, x * y);
    case '/': return y === 0n ? null : normalize(t, x / y); // BigInt division truncates toward zero, as C does
    case '%': return y === 0n ? null : normalize(t, x % y);
    case '&': return normalize(t, x & y);
    case '|': return normalize(t, x | y);
    case '^': return normalize(t, x ^ y);
    case '<<': return normalize(t, x << (y & (bits - 1n)));
    case '>>': {
      const sh = y & (bits - 1n);
      return normalize(t, x >> sh); // x already has its type's sign: arithmetic shift for signed, logical for unsigned
    }
  }
  return null;
}

/** True when two types are the same including top-level const. */
export function identical(a: CType, b: CType): boolean {
  return sameType(a, b) && !!a.isConst === !!b.isConst;
}
