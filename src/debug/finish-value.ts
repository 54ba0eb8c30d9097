import type { DebugSession } from './session.js';
import { sameFocus } from './focus.js';
import { isScalar, sizeOf, type CType } from '../engine/check/types.js';
import type { FunctionInfo } from '../engine/debuginfo/symbols.js';
import { RETURN_VALUE } from '../trace/schema.js';
import { registerBytes, type Focus } from './eval-context.js';
import type { RegValue } from '../trace/state.js';
import { formatValue, type Evaluated } from './expr/index.js';

/*
 * What `finish` prints after it returns: the value the finished function gave its caller, read
 * from the register the recording keeps it in (a struct's from the caller's slot it names).
 */

/** gdb's `Value returned is $N = v` after a finish that reached the caller (not one a breakpoint stopped first). */
export function valueReturned(s: DebugSession, leaving: { fn: FunctionInfo | null; depth: number; focus: Focus }): void {
  const fn = leaving.fn;
  const row = s.pos === null ? null : s.focusRow();
  // Only where the caller itself stands: a finish that could stop no sooner than several frames out (a recursion unwinding within one statement) has no single value to name.
  if (!fn || !row || row.depth !== leaving.depth - 1 || !sameFocus(s.focus, leaving.focus)) return;
  const type = s.view!.types.read(fn.ret);
  if (type.kind === 'void') return;
  const f = s.focus;
  const key = (fn.id << 16) | RETURN_VALUE;
  const st = s.state();
  const v = f.kind === 'host' ? st.register(0, 0, 0, 0, key) : st.register(f.launch, f.block, f.warp, f.lane, key);
  if (v === undefined) return;
  const value = returnedValue(s, fn, type, v);
  if (!value) return;
  s.say(`Value returned is $${s.values.push(value)} = ${formatValue(value, null, s.context())}`);
}

/** What a function returned, to print: a reference's object (its register holds the address: gdb's `(int &) @0x...: 5`), else the value. */
function returnedValue(s: DebugSession, fn: FunctionInfo, type: CType, v: RegValue): Evaluated | null {
  if (fn.retRef && type.kind === 'pointer') {
    const place = { kind: 'memory', space: 'generic', address: Number(v) } as const;
    const bytes = s.context().read(place, sizeOf(type.to));
    return typeof bytes === 'string' ? null : { type: type.to, bytes, place, space: 'generic', ref: true };
  }
  const bytes = returnedBytes(s, type, v);
  return typeof bytes === 'string' ? null : { type, bytes, place: null, space: 'generic' };
}

/** The bytes a function returned: a scalar's from its RETURN_VALUE register, a struct's from the caller's slot that register names. */
function returnedBytes(s: DebugSession, type: CType, v: RegValue): Uint8Array | string {
  if (isScalar(type)) return registerBytes(type, v);
  // The slot still holds the copy: finish stops as the callee returns, before the caller uses it.
  return s.context().read({ kind: 'memory', space: 'generic', address: Number(v) }, sizeOf(type));
}
