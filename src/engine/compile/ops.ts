import type { ArithOp } from '../check/ir.js';
import type { CType } from '../check/types.js';
import { isWide } from '../check/types.js';

/*
 * JS source fragments for C's scalar operations on the IR's value conventions. Every function
 * returns an expression string over operand expression strings; `host` selects x86 behaviour
 * (shift counts masked, SIGFPE on division by zero) over PTX behaviour.
 */

/** Wraps a number expression to the integer type's range. */
export function normInt(t: CType, x: string): string {
  if (t.kind === 'bool') return `(${x} !== 0 ? 1 : 0)`;
  if (t.kind !== 'int') return x;
  switch (t.bits) {
    case 8:
      return t.signed ? `(${x} << 24 >> 24)` : `(${x} & 255)`;
    case 16:
      return t.signed ? `(${x} << 16 >> 16)` : `(${x} & 65535)`;
    case 32:
      return t.signed ? `(${x} | 0)` : `(${x} >>> 0)`;
    default:
      return t.signed ? `BigInt.asIntN(64, ${x})` : `BigInt.asUintN(64, ${x})`;
  }
}

function isUnsigned(t: CType): boolean {
  return t.kind === 'int' && !t.signed;
}

/** Device float results pass through CF/CD (access.ts): the GPU's arithmetic NaN is canonical; host code keeps x86's. */
export function canonNaN(t: CType, x: string, host: boolean): string {
  if (host || t.kind !== 'float') return x;
  return `${t.bits === 32 ? 'CF' : 'CD'}(${x})`;
}

/** `a op b` in type t (both operands already of type t). */
export function arith(op: ArithOp, t: CType, a: string, b: string, host: boolean): string {
  if (t.kind === 'float') {
    const r = op === '+' ? `(${a} + ${b})` : op === '-' ? `(${a} - ${b})` : op === '*' ? `(${a} * ${b})` : op === '/' ? `(${a} / ${b})` : `RT.fmod(${a}, ${b})`;
    return canonNaN(t, t.bits === 32 ? `Math.fround${r}` : r, host);
  }
  if (t.kind === 'pointer') return `(${a} ${op} ${b})`;
  const hs = host ? 'h' : 'd';
  if (isWide(t)) {
    const s = t.kind === 'int' && t.signed;
    switch (op) {
      case '/':
        return `RT.div64(${a}, ${b}, ${s}, ${host})`;
      case '%':
        return `RT.rem64(${a}, ${b}, ${s}, ${host})`;
      case '<<':
        return `RT.shl64(${a}, ${b}, ${s}, ${host})`;
      case '>>':
        return `RT.shr64(${a}, ${b}, ${s}, ${host})`;
      default:
        return normInt(t, `(${a} ${op} ${b})`);
    }
  }
  const u = isUnsigned(t);
  const bits = t.kind === 'int' ? t.bits : 32;
  switch (op) {
    case '+':
    case '-':
      return normInt(t, `(${a} ${op} ${b})`);
    case '*':
      return normInt(t, `Math.imul(${a}, ${b})`);
    case '/':
      return bits === 32 ? `RT.${u ? 'u' : 's'}div32${hs}(${a}, ${b})` : normInt(t, `RT.sdiv32${hs}(${a}, ${b})`);
    case '%':
      return bits === 32 ? `RT.${u ? 'u' : 's'}rem32${hs}(${a}, ${b})` : normInt(t, `RT.srem32${hs}(${a}, ${b})`);
    case '<<':
      return normInt(t, host ? `(${a} << ${b})` : `RT.shl32d(${a}, ${b})`);
    case '>>':
      if (host) return u ? `(${a} >>> ${b})` : `(${a} >> ${b})`;
      return u ? `RT.shr32d(${a}, ${b})` : `RT.sar32d(${a}, ${b})`;
    default:
      return normInt(t, `(${a} ${op} ${b})`);
  }
}

/** JS truthiness test of a scalar expression of type t, as a JS boolean. */
export function truthy(t: CType, x: string): string {
  return isWide(t) ? `(${x} !== 0n)` : `(${x} !== 0)`;
}

/** Scalar conversion from `from` to `to` with C's rules (device: PTX cvt; host: x86). */
export function convert(from: CType, to: CType, x: string, host: boolean): string {
  if (to.kind === 'void') return x;
  if (to.kind === 'bool') return `(${truthy(from, x)} ? 1 : 0)`;
  const fw = isWide(from);
  const tw = isWide(to);
  if (to.kind === 'float') {
    const n = fw ? `Number(${x})` : x;
    return to.bits === 32 && !(from.kind === 'float' && from.bits === 32) ? `Math.fround(${n})` : n;
  }
  if (to.kind === 'pointer' || to.kind === 'nullptr') {
    if (fw) return `RT.toPtr(${x})`;
    if (from.kind === 'int' && from.signed) return `RT.toPtr(${x})`;
    return x;
  }
  if (to.kind !== 'int') return x;
  const hs = host ? 'h' : 'd';
  if (from.kind === 'float') {
    if (tw) return `RT.f2i64(${x}, ${to.signed}, ${host})`;
    if (to.bits === 32) return to.signed ? `RT.f2i32${hs}(${x})` : `RT.f2u32${hs}(${x})`;
    return normInt(to, `RT.f2i32${hs}(${x})`);
  }
  if (tw) {
    if (fw) return from.kind === 'int' && from.signed === to.signed ? x : normInt(to, x);
    return normInt(to, `BigInt(${x})`);
  }
  if (fw) return normInt(to, `Number(BigInt.as${to.signed ? 'Int' : 'Uint'}N(${to.bits}, ${x}))`);
  if (from.kind === 'pointer' || from.kind === 'nullptr') return normInt(to, `Number(BigInt.as${to.signed ? 'Int' : 'Uint'}N(${to.bits}, BigInt(${x})))`);
  if (from.kind === 'int' && from.bits <= to.bits && (from.signed === to.signed || (!from.signed && from.bits < to.bits))) return x;
  if (from.kind === 'bool' || from.kind === 'int') return normInt(to, x);
  return x;
}

const nanBits = new Float64Array(1);
const nanSign = new Uint8Array(nanBits.buffer, 7, 1);

/**
 * A JS literal for a constant in the IR's value convention. In host code a folded NaN keeps its
 * sign: x86 makes 0.0/0.0 the negative default NaN, which printf shows as "-nan" (device
 * constants print as nvcc folds them, which a plain NaN matches).
 */
export function literal(v: number | bigint, host = false): string {
  // Negative literals are parenthesised: generated code negates operands as `(-${a})`, and `--x` would decrement.
  if (typeof v === 'bigint') return v < 0n ? `(${v}n)` : `${v}n`;
  if (Object.is(v, -0)) return '(-0)';
  if (Number.isNaN(v)) {
    nanBits[0] = v;
    return host && (nanSign[0]! & 0x80) !== 0 ? '(-NaN)' : 'NaN';
  }
  if (v === Infinity) return 'Infinity';
  if (v === -Infinity) return '(-Infinity)';
  return v < 0 ? `(${v})` : String(v);
}
