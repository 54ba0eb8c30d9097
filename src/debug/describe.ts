import { sizeOf, type CType } from '../engine/check/types.js';
import type { FunctionInfo } from '../engine/debuginfo/symbols.js';
import { integerName } from '../engine/debuginfo/demangled.js';
import type { LaunchRow } from '../trace/reader.js';
import { showSymbol, type Focus, type StateContext } from './eval-context.js';
import type { ProgramView } from './program-view.js';
import { formatValue, typeText } from './expr/index.js';
import { declaration, enumeratorName, isCharType } from './expr/ctypes.js';

/*
 * cuda-gdb's wording for where the debugger is: focus messages, frame headers, source lines.
 */

const dim = (d: { x: number; y: number; z: number }): string => `(${d.x},${d.y},${d.z})`;

/** `[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (1,0,0), device 0, sm 0, warp 0, lane 1]`. */
export function focusMessage(view: ProgramView, f: Focus): string {
  if (f.kind === 'host') return '[Switching focus to the host thread]';
  const l = view.launch(f.launch)!;
  return `[Switching focus to CUDA kernel ${f.launch - 1}, grid ${f.launch}, block ${dim(view.blockIdx(l, f.block))}, thread ${dim(view.threadIdx(l, f.warp, f.lane))}, device 0, sm ${f.block % view.smCount}, warp ${f.warp}, lane ${f.lane}]`;
}

/** The answer to `cuda kernel block thread` style queries, for the coordinates asked. */
export function focusQuery(view: ProgramView, f: Focus, words: readonly string[]): string {
  if (f.kind === 'host') return 'Focus is not set on any active CUDA kernel.';
  const l = view.launch(f.launch)!;
  const parts: Record<string, string> = {
    device: 'device 0', sm: `sm ${f.block % view.smCount}`, warp: `warp ${f.warp}`, lane: `lane ${f.lane}`,
    kernel: `kernel ${f.launch - 1}`, grid: `grid ${f.launch}`, block: `block ${dim(view.blockIdx(l, f.block))}`, thread: `thread ${dim(view.threadIdx(l, f.warp, f.lane))}`,
  };
  return words.map((w) => parts[w] ?? '').filter((s) => s).join(', ');
}

/** A source line as gdb lists it: `26\t    Bds[i] = ...`; for a file it cannot read, `missingLine`'s. */
export function sourceLine(view: ProgramView, file: string, line: number): string {
  const first = view.visitSource(file);
  if (view.sourceLines(file) === null) return missingLine(file, line, first);
  const text = view.sourceLine(file, line);
  return text === null ? `${line}\tin ${file}` : listedLine(line, text);
}

/** gdb's line of a source file it cannot open (one a `#line` names): the error the first time in a row, then `41\tin other.cu`. */
export function missingLine(file: string, line: number, first: boolean): string {
  return first ? `${line}\t${file}: No such file or directory.` : `${line}\tin ${file}`;
}

/** A numbered source line as `list` shows it (Unicode text: DebugSession.say writes it as UTF-8). */
export function listedLine(line: number, text: string): string {
  return `${line}\t${text}`;
}

/** A parameter's value as a frame line shows it (pointers in hex, numbers plainly). */
function argText(t: CType, bytes: Uint8Array | string, ctx: StateContext): string {
  if (typeof bytes === 'string') return '<error>';
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (t.kind) {
    case 'pointer': case 'nullptr': {
      const a = dv.getBigUint64(0, true);
      const sym = a > 0n && a <= BigInt(Number.MAX_SAFE_INTEGER) ? ctx.symbolAt(Number(a)) : null;
      return `0x${a.toString(16)}${sym ? ` <${sym}>` : ''}`;
    }
    case 'float': return t.bits === 32 ? fmtFloat(dv.getFloat32(0, true), 9) : fmtFloat(dv.getFloat64(0, true), 17);
    case 'bool': return bytes[0] ? 'true' : 'false';
    case 'int': {
      const v = t.bits === 64 ? (t.signed ? dv.getBigInt64(0, true) : dv.getBigUint64(0, true))
        : BigInt(t.bits === 32 ? (t.signed ? dv.getInt32(0, true) : dv.getUint32(0, true)) : t.bits === 16 ? (t.signed ? dv.getInt16(0, true) : dv.getUint16(0, true)) : t.signed ? dv.getInt8(0) : dv.getUint8(0));
      // An enum argument shows its enumerator, as in gdb's frame lines.
      return enumeratorName(t, v) ?? v.toString();
    }
    default: return '...';
  }
}

/** %g with `digits` significant digits, as gdb prints floating values. */
export function fmtFloat(v: number, digits: number): string {
  if (Number.isNaN(v)) return 'nan(0x400000)';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const exp = Math.floor(Math.log10(Math.abs(v)));
  if (exp < -4 || exp >= digits) {
    const [m, e] = v.toExponential(digits - 1).split('e');
    const mant = m!.includes('.') ? m!.replace(/0+$/, '').replace(/\.$/, '') : m!;
    const n = Number(e);
    return `${mant}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  }
  const s = v.toFixed(Math.max(0, digits - 1 - exp));
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** `AverageShared<<<(1,1,1),(16,1,1)>>> (A=0x7f4c3a000000, out=0x7f4c3a000200, iters=1)` or `main ()`. */
export function frameHeader(view: ProgramView, fn: FunctionInfo, ctx: StateContext, launch: LaunchRow | null): string {
  const name = fn.space === 'global' && launch ? `${fn.name}<<<(${launch.grid_x},${launch.grid_y},${launch.grid_z}),(${launch.block_x},${launch.block_y},${launch.block_z})>>>` : fn.name;
  return `${name} (${frameArgs(view, fn, ctx)})`;
}

/** A frame's arguments as its frame line shows them: `A=0x7f4c3a000000, out=0x7f4c3a000200, iters=1`. */
export function frameArgs(view: ProgramView, fn: FunctionInfo, ctx: StateContext): string {
  const args = fn.vars.filter((v) => v.param).map((v) => {
    const sym = ctx.lookup(v.name);
    const t = view.typeOf(v);
    if (!sym) return `${v.name}=<optimized out>`;
    if (sym.ref) return `${v.name}=${showSymbol(ctx, sym)}`;
    const bytes = ctx.read(sym.place, sizeOf(t));
    // A char pointer shows its string too, as gdb's frame lines do (with no `(type) `, as for any pointer there).
    if (t.kind === 'pointer' && isCharType(t.to) && typeof bytes !== 'string') return `${v.name}=${formatValue({ type: t, bytes, place: sym.place, space: 'generic' }, null, ctx, false)}`;
    return `${v.name}=${argText(t, bytes, ctx)}`;
  });
  return args.join(', ');
}

/** A function as a demangler writes it, as cuda-gdb names functions in its tables and exceptions: `scatter(int*, int)`, `incr(int&)`, `k(float const*, int)`. */
export function signature(view: ProgramView, fn: FunctionInfo): string {
  // A member function's `this` is no parameter of its mangled name: a const one's shows as the name's trailing const.
  const params = fn.vars.filter((v) => v.param && v.name !== 'this').map((v) => {
    const t = view.typeOf(v);
    // A mangled name has no parameter's own qualifiers (`const int n` is `int`).
    return v.ref && t.kind === 'pointer' ? `${demangledText(t.to)}&` : demangledText(unqualified(t));
  });
  return `${fn.name}(${params.join(', ')})${isConstMember(view, fn) ? ' const' : ''}`;
}

/** Whether `fn` is a const member function: its `this` points to const. */
export function isConstMember(view: ProgramView, fn: FunctionInfo): boolean {
  const self = fn.vars.find((v) => v.param && v.name === 'this');
  const t = self ? view.typeOf(self) : null;
  return t?.kind === 'pointer' && t.to.isConst === true;
}

/** `t` without its own const, volatile and restrict. */
function unqualified(t: CType): CType {
  return t.kind === 'pointer' ? { ...t, isConst: false, isVolatile: false, isRestrict: false } : ({ ...t, isConst: false, isVolatile: false } as CType);
}

/** A parameter type as libiberty's demangler (gdb's) writes it: qualifiers after what they qualify (`float const*`, `int* const*`), typedefs resolved. */
function demangledText(t: CType): string {
  const cv = (t.isConst ? ' const' : '') + (t.isVolatile ? ' volatile' : '');
  switch (t.kind) {
    case 'pointer':
      return `${demangledText(t.to)}*${cv}${t.isRestrict ? ' __restrict__' : ''}`;
    case 'int':
      return integerName(t) + cv;
    default:
      return typeText(unqualified(t)).replace(/^(struct|union|enum) /, '').replace(/ (?=[*&])/g, '') + cv;
  }
}

/** A function's type as gdb's whatis writes it from DWARF: `int (void)`, `void (const float *, float *, const int)` (a parameter's own const kept). */
export function functionType(view: ProgramView, fn: FunctionInfo): string {
  const params = fn.vars.filter((v) => v.param).map((v, i) => {
    const t = view.typeOf(v);
    const text = v.ref && t.kind === 'pointer' ? `${typeText(t.to)} &` : typeText(t);
    // Traces older than qualified variable types lost a pointee's const, which their demangled spelling kept.
    const old = fn.demangledParams?.[i];
    return old !== undefined && old.includes('const') && !text.includes('const') ? old : text;
  });
  // The return type as a declarator around the parameter list, as gdb writes it: `int (int)`, `int *(int)`, `int &(int)`.
  const ret = view.types.read(fn.ret);
  const list = `(${params.length ? params.join(', ') : 'void'})`;
  return fn.retRef && ret.kind === 'pointer' ? declaration(ret.to, `&${list}`) : declaration(ret, list);
}
