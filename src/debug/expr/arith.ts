import { promote, usualArith } from '../../engine/check/check-conv.js';
import type { AddressSpace, Qualifier } from './context.js';
import type { BinaryOp } from './ast.js';
import type { CType } from '../../engine/check/types.js';
import { boolType, longType, sizeOf } from '../../engine/check/types.js';
import type { Lazy, Scalar } from './value.js';
import { fail, floatValue, intValue } from './value.js';

/*
 * C arithmetic on scalars as gdb does it for C++ programs: integer promotions and the
 * usual arithmetic conversions, integers wrapping at their width (computed in bigint),
 * float operations rounded to float, pointer arithmetic scaled by the element size, and
 * comparisons and `!` giving bool (CUDA sources are C++, where gdb prints `true`/`false`).
 */

/** A scalar operand: its type, numeric value and (for pointers) the space it points into and where it lives. */
export interface Operand {
  readonly type: CType;
  readonly scalar: Scalar;
  readonly space: AddressSpace;
  readonly storage?: Qualifier | null;
}

/** The type comparisons and logical operators produce. */
export const truthType: CType = boolType;

/** C's integer promotion and usual arithmetic conversions: the checker's own, so the debugger computes as the program does. */
export { promote, usualArith as commonType };

/** Converts a scalar to another scalar type with C's conversion rules (casts and implicit conversions). */
export function convertScalar(s: Scalar, to: CType, space: AddressSpace = 'generic'): Lazy {
  if (to.kind === 'float') return floatValue(to, s.kind === 'float' ? s.value : Number(s.value));
  if (to.kind === 'bool') return intValue(to, s.kind === 'float' ? (s.value !== 0 ? 1n : 0n) : s.value !== 0n ? 1n : 0n);
  const v = s.kind === 'int' ? s.value : Number.isFinite(s.value) ? BigInt(Math.trunc(s.value)) : 0n;
  return intValue(to, v, to.kind === 'pointer' ? space : 'generic');
}

/** A scalar's value as a JS number (floats as they are, integers converted). */
export function asNumber(s: Scalar): number {
  return s.kind === 'float' ? s.value : Number(s.value);
}

/** Whether a scalar is nonzero. */
export function isNonzero(s: Scalar): boolean {
  return s.kind === 'float' ? s.value !== 0 : s.value !== 0n;
}

const notNumber = 'Argument to arithmetic operation not a number or boolean.';

/** Unary `-`, `+`, `~` and `!`. */
export function unaryOp(op: '-' | '+' | '~' | '!', a: Operand): Lazy {
  if (op === '!') return intValue(truthType, isNonzero(a.scalar) ? 0n : 1n);
  if (a.type.kind === 'pointer' || a.type.kind === 'nullptr') fail(op === '~' ? 'Argument to complement operation not an integer, boolean.' : notNumber);
  const t = promote(a.type);
  if (op === '~') {
    if (a.scalar.kind !== 'int') fail('Argument to complement operation not an integer, boolean.');
    return intValue(t, ~a.scalar.value);
  }
  if (a.scalar.kind === 'float') return floatValue(t, op === '-' ? -a.scalar.value : a.scalar.value);
  return intValue(t, op === '-' ? -a.scalar.value : a.scalar.value);
}

/** A binary operator on two scalar operands (arrays already decayed to pointers). */
export function binaryOp(op: BinaryOp, a: Operand, b: Operand): Lazy {
  const ap = a.type.kind === 'pointer';
  const bp = b.type.kind === 'pointer';
  if (ap || bp) return pointerOp(op, a, b);
  if (a.type.kind === 'nullptr' || b.type.kind === 'nullptr') fail(notNumber);
  const t = op === '<<' || op === '>>' ? promote(a.type) : usualArith(a.type, b.type);
  if (t.kind === 'float') return floatOp(op, t, asNumber(a.scalar), asNumber(b.scalar));
  const x = a.scalar.kind === 'int' ? a.scalar.value : BigInt(Math.trunc(a.scalar.value));
  const y = b.scalar.kind === 'int' ? b.scalar.value : BigInt(Math.trunc(b.scalar.value));
  return intOp(op, t, wrapTo(t, x), op === '<<' || op === '>>' ? y : wrapTo(t, y));
}

/** `v` as the type's value (two's complement wrap, unsigned or signed). */
function wrapTo(t: CType, v: bigint): bigint {
  if (t.kind !== 'int') return v;
  return t.signed ? BigInt.asIntN(t.bits, v) : BigInt.asUintN(t.bits, v);
}

/** Integer arithmetic, bitwise and comparison operators in type `t`. */
function intOp(op: BinaryOp, t: CType, x: bigint, y: bigint): Lazy {
  const bits = t.kind === 'int' ? t.bits : 32;
  switch (op) {
    case '*':
      return intValue(t, x * y);
    case '/':
    case '%':
      if (y === 0n) fail('Division by zero');
      return intValue(t, op === '/' ? x / y : x % y);
    case '+':
      return intValue(t, x + y);
    case '-':
      return intValue(t, x - y);
    case '<<':
      return intValue(t, y < 0n || y >= BigInt(bits) ? 0n : x << y);
    case '>>':
      return intValue(t, y < 0n || y >= BigInt(bits) ? (x < 0n ? -1n : 0n) : x >> y);
    case '&':
      return intValue(t, x & y);
    case '^':
      return intValue(t, x ^ y);
    case '|':
      return intValue(t, x | y);
    default:
      return intValue(truthType, compare(op, x, y) ? 1n : 0n);
  }
}

/** Float arithmetic and comparisons, rounded to float for float operands. */
function floatOp(op: BinaryOp, t: CType, x: number, y: number): Lazy {
  switch (op) {
    case '*':
      return floatValue(t, x * y);
    case '/':
      return floatValue(t, x / y);
    case '+':
      return floatValue(t, x + y);
    case '-':
      return floatValue(t, x - y);
    case '%':
    case '<<':
    case '>>':
    case '&':
    case '^':
    case '|':
      return fail(`Integer-only operation ${opName[op]}.`);
    default:
      return intValue(truthType, compare(op, x, y) ? 1n : 0n);
  }
}

const opName: Readonly<Record<string, string>> = {
  '%': 'BINOP_REM', '<<': 'BINOP_LSH', '>>': 'BINOP_RSH', '&': 'BINOP_BITWISE_AND', '^': 'BINOP_BITWISE_XOR', '|': 'BINOP_BITWISE_IOR',
};

/** A comparison operator on two numbers of one kind. */
function compare<T extends bigint | number>(op: BinaryOp, x: T, y: T): boolean {
  switch (op) {
    case '<':
      return x < y;
    case '>':
      return x > y;
    case '<=':
      return x <= y;
    case '>=':
      return x >= y;
    case '==':
      return x === y;
    default:
      return x !== y;
  }
}

/** The size pointer arithmetic scales by (1 for void, as GNU C does). */
function elementSize(t: CType): number {
  return t.kind === 'pointer' ? Math.max(1, t.to.kind === 'void' ? 1 : sizeOf(t.to)) : 1;
}

/** Pointer `p` moved to `address`: gdb's pointer arithmetic keeps p's whole type, so cuda-gdb's `iout + 1` is still `@generic int * @parameter`. */
function moved(p: Operand, address: bigint): Lazy {
  const v = intValue(p.type, address, p.space);
  return p.storage ? { ...v, storage: p.storage } : v;
}

/** Pointer arithmetic (pointer ± integer, pointer - pointer) and pointer comparisons. */
function pointerOp(op: BinaryOp, a: Operand, b: Operand): Lazy {
  const ap = a.type.kind === 'pointer';
  const bp = b.type.kind === 'pointer';
  if (b.scalar.kind === 'float' || a.scalar.kind === 'float') fail(notNumber);
  const x = a.scalar.value;
  const y = b.scalar.value;
  switch (op) {
    case '+':
      if (ap && bp) fail(notNumber);
      return ap ? moved(a, x + y * BigInt(elementSize(a.type))) : moved(b, y + x * BigInt(elementSize(b.type)));
    case '-':
      if (ap && bp) {
        if (elementSize(a.type) !== elementSize(b.type)) fail("First argument of `-' is a pointer and second argument is neither\nan integer nor a pointer of the same type.");
        return intValue(longType, (BigInt.asIntN(64, x) - BigInt.asIntN(64, y)) / BigInt(elementSize(a.type)));
      }
      if (!ap) fail(notNumber);
      return moved(a, x - y * BigInt(elementSize(a.type)));
    case '<':
    case '>':
    case '<=':
    case '>=':
    case '==':
    case '!=':
      return intValue(truthType, compare(op, BigInt.asUintN(64, x), BigInt.asUintN(64, y)) ? 1n : 0n);
    default:
      return fail(notNumber);
  }
}

