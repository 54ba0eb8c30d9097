import type { Expr } from '../front/ast.js';
import type { Checker } from './check-ctx.js';
import type { ExecSpace } from './ir.js';
import { printfSpecs } from '../lib/printf-specs.js';

/*
 * What CUDA's device printf takes of glibc's format language. Its length modifiers are h, l and
 * ll: the H100's device side packs no argument for an hh, z, j, t or L conversion, so the host
 * side that formats the buffer misreads that argument or the ones after it (the bytes of the
 * format string, a host address, or the conversion printed as text). Warpscope formats such a
 * printf as glibc would, so the checker warns where the GPU's output differs.
 */

/** Length modifiers glibc takes and the device printf does not. */
const UNSUPPORTED = new Set(['hh', 'z', 'j', 't', 'L']);

/** The first length modifier in `format` that CUDA's device printf does not take, or null. */
export function unsupportedDeviceLength(format: string): string | null {
  for (const sp of printfSpecs(format)) {
    const len = sp.len.startsWith('hh') ? 'hh' : sp.len.slice(0, 1);
    if (UNSUPPORTED.has(len)) return len;
  }
  return null;
}

/** The checker's warning for a device printf whose format uses `modifier`. */
export function deviceLengthWarning(modifier: string): string {
  return `CUDA's device printf does not support the '${modifier}' length modifier; on a GPU this conversion or later ones print wrong values`;
}

/** Warns at a printf in device code (`space`) whose literal format uses a length modifier the GPU's printf does not take. */
export function warnDevicePrintf(c: Checker, space: ExecSpace, format: Expr | undefined): void {
  if ((space !== 'device' && space !== 'global') || format?.kind !== 'string') return;
  const modifier = unsupportedDeviceLength(format.value);
  if (modifier) c.warn(format.loc, deviceLengthWarning(modifier));
}
