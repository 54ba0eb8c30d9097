import type { AddressSpace, EvalContext } from './context.js';
import type { CType } from '../../engine/check/types.js';
import { sizeOf } from '../../engine/check/types.js';
import type { Evaluated } from './value.js';
import { addressNumber, noMemoryAt, readBig, storageOf } from './value.js';
import { enumeratorName, isCharType, qualifiedText, typeText } from './ctypes.js';
import { charLiteral, printMax, printString, printStringAt, repeatThreshold } from './chars.js';
import { formatFloatBytes } from './floatfmt.js';
import type { PrintFormat } from './scalar-format.js';
import { formatScalar } from './scalar-format.js';
import { isTraceDamage } from '../../trace/damage.js';

/*
 * gdb's value printing for C (c-valprint.c, valprint.c): the text after `$N = `.
 * Top-level pointers get their type in parentheses, in device code with cuda-gdb's spaces
 * (`(@generic float * @parameter) 0x7fffd0000000`), except plain `char *`, whose string says enough.
 * Arrays collapse runs of more than 10 equal elements and stop after 200; char arrays
 * print as strings; structs as `{x = 1, y = 0}`. A format letter applies to every scalar.
 */

/** Formats an evaluated value as gdb's print shows it (the text after `$N = `; `top` false leaves out a pointer's `(type) `); never throws. */
export function formatValue(v: Evaluated, fmt: PrintFormat | null, ctx: EvalContext, top = true): string {
  try {
    // An object's address as `&` would give it (a shared one's window offset), for what prints it: an array of unknown length.
    const address = v.place?.kind === 'memory' ? (ctx.pointerValue?.(v.place.space, v.place.address) ?? v.place.address) : null;
    // A reference as gdb prints one: its type, then the object's address and value.
    if (v.ref && address !== null) return `(${valueTypeText(v, ctx)}) ${referentText(v, fmt, ctx)}`;
    return (top ? topPrefix(v, fmt, ctx) : '') + new Printer(ctx, fmt).value(v.type, v.bytes, 0, address, v.space);
  } catch (e) {
    // A damaged trace is no value's error: the session reports it and stops.
    if (isTraceDamage(e)) throw e;
    return `<error: ${e instanceof Error ? e.message : String(e)}>`;
  }
}

/** A reference's object as gdb shows it after the type (and alone in `info locals`, frame lines): `@0x7ffe0010: 5`. */
export function referentText(v: Evaluated, fmt: PrintFormat | null, ctx: EvalContext): string {
  const address = v.place?.kind === 'memory' ? v.place.address : 0;
  return `@0x${address.toString(16)}: ${new Printer(ctx, fmt).value(v.type, v.bytes, 0, address, v.space)}`;
}

/** gdb's c_value_print prefix for pointers: `(type) `. */
function topPrefix(v: Evaluated, fmt: PrintFormat | null, ctx: EvalContext): string {
  const t = v.type;
  if (t.kind !== 'pointer' || (fmt !== null && fmt !== 's')) return '';
  if (t.to.kind === 'int' && t.to.name === 'char') return '';
  return `(${valueTypeText(v, ctx)}) `;
}

/**
 * A value's type as print and whatis show it: in device code with where the value lives and
 * where a pointer or reference points (a cast's pointer names no target space); plain on the host.
 */
export function valueTypeText(v: Evaluated, ctx: EvalContext): string {
  if (!ctx.qualifiesTypes()) return qualifiedText(v.type, null, null, v.ref === true);
  const pointee = v.ref ? (v.place?.kind === 'memory' ? v.place.space : null) : v.type.kind === 'pointer' && !v.plain ? v.space : null;
  // A reference lives where its storage says; a returned one lives nowhere (`(@generic int &) @0x...: 5`), its place is its referent's.
  const own = v.ref ? (v.storage ?? null) : storageOf(v);
  return qualifiedText(v.type, own, pointee, v.ref === true);
}

class Printer {
  constructor(
    private readonly ctx: EvalContext,
    private readonly fmt: PrintFormat | null,
  ) {}

  /** The object of type `t` at `bytes[off]`; `address` is where it lives in memory (when known). */
  value(t: CType, bytes: Uint8Array, off: number, address: number | null, space: AddressSpace): string {
    switch (t.kind) {
      case 'void':
        return 'void';
      case 'array':
        return this.array(t, bytes, off, address);
      case 'struct': {
        if (t.info.fields.length === 0) return '{<No data fields>}';
        const fields = t.info.fields.map((f) => `${f.name} = ${this.value(f.type, bytes, off + f.offset, address === null ? null : address + f.offset, 'generic')}`);
        return `{${fields.join(', ')}}`;
      }
      case 'pointer':
        return this.pointer(t, bytes, off, space);
      case 'function':
        return `{${typeText(t)}} 0x${(address ?? 0).toString(16)}`;
      default:
        return this.scalar(t, bytes, off);
    }
  }

  private scalar(t: CType, bytes: Uint8Array, off: number): string {
    // gdb retries /s on a non-string scalar without a format.
    if (this.fmt !== null && this.fmt !== 's') return formatScalar(t, bytes, off, this.fmt);
    switch (t.kind) {
      case 'float':
        return formatFloatBytes(bytes, t.bits, off);
      case 'bool': {
        const v = readBig(t, bytes, off);
        return v === 0n ? 'false' : v === 1n ? 'true' : v.toString();
      }
      case 'int': {
        const v = readBig(t, bytes, off);
        // An enum value prints as its enumerator, as gdb does; one no enumerator has prints as a number.
        const named = enumeratorName(t, v);
        if (named !== undefined) return named;
        return isCharType(t) ? `${v} ${charLiteral(Number(BigInt.asUintN(8, v)))}` : v.toString();
      }
      default:
        return readBig(t, bytes, off).toString();
    }
  }

  private pointer(t: CType & { kind: 'pointer' }, bytes: Uint8Array, off: number, space: AddressSpace): string {
    if (this.fmt !== null && this.fmt !== 's') return formatScalar(t, bytes, off, this.fmt);
    const address = readBig(t, bytes, off);
    // A pointer into a static names it, as gdb's `print symbol` does: `0x5555555d5020 <IN>`.
    const sym = address > 0n && address <= BigInt(Number.MAX_SAFE_INTEGER) ? this.ctx.symbolAt?.(Number(address)) : null;
    const text = '0x' + address.toString(16) + (sym ? ` <${sym}>` : '');
    // Pointers to chars also show the string they point to.
    if (!isCharType(t.to) || address === 0n) return text;
    if (BigInt.asUintN(64, address) > BigInt(Number.MAX_SAFE_INTEGER)) return `${text} <error: ${noMemoryAt(address)}>`;
    return `${text} ${printStringAt(this.ctx, addressNumber(address), space).text}`;
  }

  private array(t: CType & { kind: 'array' }, bytes: Uint8Array, off: number, address: number | null): string {
    const n = t.length ?? 0;
    const esize = sizeOf(t.of);
    // An array of unknown length prints like a pointer to its first element.
    if (n === 0 || esize === 0) return '0x' + (address ?? 0).toString(16);
    if (isCharType(t.of) && (this.fmt === null || this.fmt === 's')) return printString(bytes.slice(off, off + n), false);
    const parts: string[] = [];
    let i = 0;
    let printed = 0;
    while (i < n && printed < printMax) {
      let reps = 1;
      while (i + reps < n && sameBytes(bytes, off + i * esize, off + (i + reps) * esize, esize)) reps++;
      const elem = this.value(t.of, bytes, off + i * esize, address === null ? null : address + i * esize, 'generic');
      if (reps > repeatThreshold) {
        parts.push(`${elem} <repeats ${reps} times>`);
        i += reps;
        printed += repeatThreshold;
      } else {
        parts.push(elem);
        i++;
        printed++;
      }
    }
    return `{${parts.join(', ')}${i < n ? '...' : ''}}`;
  }
}

/** Whether two byte ranges of one buffer are equal. */
function sameBytes(b: Uint8Array, x: number, y: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (b[x + k] !== b[y + k]) return false;
  return true;
}
