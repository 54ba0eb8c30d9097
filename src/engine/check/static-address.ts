import type { IExpr, VarSym } from './ir.js';
import { evalConst } from './check-conv.js';

/*
 * Addresses as static initialisers (`const char *names[] = {"add", "sub"};`): the linker fills
 * them in, so the checker records a relocation (the object and an offset into it) and the
 * program writes the address once every static has its place (compile/program.ts).
 */

/** The static object (and byte offset into it) whose address `e` is, or null when `e` is no link-time constant address. */
export function staticAddress(e: IExpr): { v: VarSym; addend: number } | null {
  switch (e.k) {
    case 'varAddr':
      return e.v.storage === 'auto' ? null : { v: e.v, addend: 0 };
    case 'convert':
      return e.type.kind === 'pointer' && (e.arg.type.kind === 'pointer' || e.arg.type.kind === 'array') ? staticAddress(e.arg) : null;
    case 'ptrAdd': {
      const base = staticAddress(e.ptr);
      const n = evalConst(e.index);
      return base && n !== null ? { v: base.v, addend: base.addend + Number(n) * e.scale } : null;
    }
    default:
      return null;
  }
}
