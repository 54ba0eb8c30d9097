import type { CType } from '../check/types.js';
import type { Scalar } from '../exec/env.js';
import type { PrintfArg } from '../lib/printf.js';
import { printfSpecs } from '../lib/printf-specs.js';

/*
 * CUDA's device printf does not pass its arguments as typed values: the device packs each one
 * (after default promotions) into the printf buffer with its own size and alignment (4 bytes for
 * an int, 8 for a double, a long or a pointer), and the host formats the buffer reading what each
 * conversion says, aligned to its size. So a mismatched argument is reinterpreted, not converted:
 * on an H100 printf("%d %d", 2.0, 7) prints "0 1073741824" (the halves of 2.0) and
 * printf("%f %d", 1, 2, 3.0) reads 3.0 at offset 8 (conformance rules/printf_mismatch). Bytes
 * past the packed arguments are stale buffer contents on the GPU; here they read as zero.
 */

/** What one conversion reads from the buffer. */
type Read = 'int4' | 'int8' | 'double' | 'pointer' | 'string';

/** The reads of `format`'s conversions in order, or null when it uses a length modifier the device printf does not take (hh, z, j, t, L: formatted as before) or %n. */
export function deviceReads(format: string): Read[] | null {
  const reads: Read[] = [];
  for (const sp of printfSpecs(format)) {
    if (sp.starWidth) reads.push('int4');
    // The H100 prints a '.*' specification literally and consumes nothing for it.
    if (sp.starPrec) continue;
    if (sp.len === 'hh' || /[Lqjzt]/.test(sp.len) || sp.conv === 'n') return null;
    if ('diouxXc'.includes(sp.conv)) reads.push(sp.len.startsWith('l') ? 'int8' : 'int4');
    else if ('fFeEgGaA'.includes(sp.conv)) reads.push('double');
    else if (sp.conv === 's') reads.push('string');
    else if (sp.conv === 'p') reads.push('pointer');
  }
  return reads;
}

/** Size of an argument in the buffer: 8 for doubles, 64-bit integers and pointers, else 4 (promoted). */
function packedSize(t: CType | undefined): 4 | 8 {
  if (!t) return 4;
  if (t.kind === 'float' || t.kind === 'pointer' || t.kind === 'array' || t.kind === 'nullptr') return 8;
  return t.kind === 'int' && t.bits === 64 ? 8 : 4;
}

/** The device printf's arguments as the host side of the buffer reads them for `format`; null when `format` is not one the buffer model covers. */
export function devicePrintfArgs(format: string, values: readonly Scalar[], types: readonly CType[], readCString: (addr: number) => string | null): PrintfArg[] | null {
  const reads = deviceReads(format);
  if (!reads) return null;
  const buf = new DataView(new ArrayBuffer(8 * (values.length + reads.length + 2)));
  let at = 0;
  values.forEach((v, i) => {
    const t = types[i];
    const size = packedSize(t);
    at = Math.ceil(at / size) * size;
    if (t?.kind === 'float') buf.setFloat64(at, Number(v), true);
    else if (size === 8) buf.setBigUint64(at, BigInt.asUintN(64, typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)))), true);
    else buf.setUint32(at, Number(BigInt.asUintN(32, typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v))))), true);
    at += size;
  });
  let pos = 0;
  return reads.map((r): PrintfArg => {
    const size = r === 'int4' ? 4 : 8;
    pos = Math.ceil(pos / size) * size;
    const p = pos;
    pos += size;
    if (r === 'int4') return { kind: 'int', value: BigInt(buf.getInt32(p, true)) };
    if (r === 'int8') return { kind: 'int', value: buf.getBigInt64(p, true) };
    if (r === 'double') return { kind: 'double', value: buf.getFloat64(p, true) };
    const addr = buf.getBigUint64(p, true);
    if (r === 'pointer') return { kind: 'pointer', value: addr };
    return { kind: 'string', value: addr === 0n ? null : readCString(Number(addr)) };
  });
}
