import type { CType } from '../check/types.js';
import type { Scalar } from '../exec/env.js';
import type { PrintfArg } from '../lib/printf.js';

/*
 * printf receives typed register values; glibc reads them by conversion. This maps
 * each argument to what its conversion reads: %s reads a C string from memory, the
 * others take the value as passed (after default promotions, done by the checker).
 */

/** Which arguments a format consumes as C strings (`%s`), by argument index. */
export function stringArgIndexes(format: string): Set<number> {
  const out = new Set<number>();
  let arg = 0;
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    i++;
    if (format[i] === '%') continue;
    while (i < format.length && '-+ #0\''.includes(format[i]!)) i++;
    if (format[i] === '*') {
      arg++;
      i++;
    } else while (i < format.length && format[i]! >= '0' && format[i]! <= '9') i++;
    if (format[i] === '.') {
      i++;
      if (format[i] === '*') {
        arg++;
        i++;
      } else while (i < format.length && format[i]! >= '0' && format[i]! <= '9') i++;
    }
    while (i < format.length && 'hlLqjzt'.includes(format[i]!)) i++;
    if (format[i] === 's') out.add(arg);
    arg++;
  }
  return out;
}

/** Converts printf's variadic arguments to the formatter's typed arguments. */
export function toPrintfArgs(format: string, values: readonly Scalar[], types: readonly CType[], readCString: (addr: number) => string | null): PrintfArg[] {
  const strings = stringArgIndexes(format);
  return values.map((v, i): PrintfArg => {
    const t = types[i];
    if (strings.has(i) && (t?.kind === 'pointer' || t?.kind === 'array')) return { kind: 'string', value: Number(v) === 0 ? null : readCString(Number(v)) };
    if (t?.kind === 'float') return { kind: 'double', value: Number(v) };
    if (t?.kind === 'pointer' || t?.kind === 'nullptr' || t?.kind === 'array') return { kind: 'pointer', value: BigInt(v) };
    return { kind: 'int', value: typeof v === 'bigint' ? v : BigInt(Math.trunc(v)) };
  });
}
