import type { Expr } from '../front/ast.js';
import { printfSpecs } from '../lib/printf-specs.js';
import type { Checker } from './check-ctx.js';
import type { ExecSpace, IExpr } from './ir.js';
import type { CType } from './types.js';
import { typeName } from './types.js';

/*
 * clang's -Wformat for printf: an argument whose type does not fit its conversion. On the device
 * the host side of the printf buffer reinterprets the argument's bytes (runtime/device-printf-args.ts;
 * nvcc warns #181-D there), and on the host it is undefined behaviour (x86-64 passes doubles and
 * integers in different registers), so a student sees garbage either way: say why at compile time.
 * Arguments are judged by size and kind (integer, floating, pointer), which is what changes the
 * printed value; `%d` of an unsigned or `%ld` of a long long passes.
 */

type Want = { readonly kind: 'int'; readonly bytes: 4 | 8 } | { readonly kind: 'float' } | { readonly kind: 'string' } | { readonly kind: 'pointer' };

/** What a conversion takes, and clang's name for it; null for one not checked (%n, %%, unknown). */
function wanted(len: string, conv: string): { want: Want; name: string } | null {
  const signed = 'di'.includes(conv);
  if ('diouxX'.includes(conv)) {
    const base = len === 'l' ? 'long' : len === 'll' || len === 'q' ? 'long long' : len === 'h' ? 'short' : len === 'hh' ? 'char' : len === 'z' ? 'size_t' : len === 'j' ? 'intmax_t' : len === 't' ? 'ptrdiff_t' : 'int';
    const name = signed || base.endsWith('_t') ? (base === 'char' ? 'signed char' : base) : `unsigned ${base}`;
    return { want: { kind: 'int', bytes: len === '' || len === 'h' || len === 'hh' ? 4 : 8 }, name };
  }
  if (conv === 'c') return { want: { kind: 'int', bytes: 4 }, name: 'int' };
  if ('fFeEgGaA'.includes(conv)) return { want: { kind: 'float' }, name: len === 'L' ? 'long double' : 'double' };
  if (conv === 's') return { want: { kind: 'string' }, name: 'char *' };
  if (conv === 'p') return { want: { kind: 'pointer' }, name: 'void *' };
  return null;
}

/** Whether an argument of (promoted) type `t` fits `w`. */
function fits(t: CType, w: Want): boolean {
  const ptr = t.kind === 'pointer' || t.kind === 'array' || t.kind === 'nullptr';
  switch (w.kind) {
    case 'int':
      return (t.kind === 'int' || t.kind === 'bool') && (t.kind === 'int' && t.bits === 64 ? 8 : 4) === w.bytes;
    case 'float':
      return t.kind === 'float';
    case 'pointer':
      return ptr;
    case 'string': {
      const to = t.kind === 'pointer' ? t.to : t.kind === 'array' ? t.of : null;
      return t.kind === 'nullptr' || (to !== null && (to.kind === 'void' || (to.kind === 'int' && to.bits === 8)));
    }
  }
}

/** The type the programmer wrote: default promotions (float to double, small integers to int) undone. */
function written(e: IExpr): CType {
  if (e.k !== 'convert') return e.type;
  const from = e.arg.type;
  const promoted = (from.kind === 'float' && from.bits === 32) || from.kind === 'bool' || (from.kind === 'int' && from.bits < 32);
  return promoted ? from : e.type;
}

/** Warns, as clang's -Wformat, at printf arguments (`args`: the checked call's arguments after the format) that do not fit a literal `format`. */
export function warnPrintfArgs(c: Checker, space: ExecSpace, format: Expr | undefined, args: readonly IExpr[]): void {
  if (format?.kind !== 'string') return;
  const device = space === 'device' || space === 'global';
  let i = 0;
  const take = (): IExpr | null => args[i++] ?? null;
  for (const sp of printfSpecs(format.value)) {
    if (sp.starWidth) {
      const a = take();
      if (a && !fits(a.type, { kind: 'int', bytes: 4 })) c.warn(a.loc, `field width should have type 'int', but argument has type '${typeName(written(a))}'`);
    }
    // The device printf prints a '.*' specification literally and takes no argument for it.
    if (sp.starPrec && device) continue;
    if (sp.starPrec) {
      const a = take();
      if (a && !fits(a.type, { kind: 'int', bytes: 4 })) c.warn(a.loc, `field precision should have type 'int', but argument has type '${typeName(written(a))}'`);
    }
    // %n takes a pointer and is reported where it runs (unsupported); it still uses its argument.
    if (sp.conv === 'n') take();
    const w = wanted(sp.len, sp.conv);
    if (!w) continue;
    const a = take();
    if (!a) {
      c.warn(format.loc, `more '%' conversions than data arguments`);
      return;
    }
    if (!fits(a.type, w.want)) c.warn(a.loc, `format specifies type '${w.name}' but the argument has type '${typeName(written(a))}'`);
  }
  const extra = args[i];
  if (extra) c.warn(extra.loc, 'data argument not used by format string');
}
