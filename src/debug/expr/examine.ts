import type { AddressSpace, EvalContext } from './context.js';
import type { CType } from '../../engine/check/types.js';
import type { ValueHistory } from './history.js';
import type { PrintFormat } from './scalar-format.js';
import { formatLetters, formatScalar } from './scalar-format.js';
import { evaluateLazy, guard } from './eval.js';
import { fail, fetch, memoryAddress, scalarOf } from './value.js';
import { printStringAt } from './chars.js';

/*
 * gdb's `x/NFU ADDR` (printcmd.c's decode_format and do_examine): N units of size U
 * (b, h, w, g) shown in format F, each line starting with the address and holding 8
 * bytes-or-halfwords, 4 words or 2 giants. Omitted letters default to the last ones
 * used (initially x and w), and `x` with no address continues where the last one ended,
 * so the session keeps the returned state between commands.
 */

/** A unit size letter: byte, halfword, word, giant. */
export type UnitSize = 'b' | 'h' | 'w' | 'g';

/** What `x` remembers between commands. */
export interface ExamineState {
  readonly format: PrintFormat;
  readonly size: UnitSize;
  readonly count: number;
  /** Where a bare `x` continues; null before the first examine. */
  readonly next: { readonly address: number; readonly space: AddressSpace } | null;
}

/** gdb's state at startup: format x, size w. */
export const initialExamineState: ExamineState = { format: 'x', size: 'w', count: 1, next: null };

/**
 * The result of an x command: `output` is what gdb prints before any error (it may end
 * mid-line, as in `0x0:\tCannot access memory at address 0x0`), `error` the message that
 * follows it, and `state` what the next x command starts from.
 */
export interface ExamineResult {
  readonly output: string;
  readonly error: string | null;
  readonly state: ExamineState;
}

const unitBytes: Readonly<Record<UnitSize, number>> = { b: 1, h: 2, w: 4, g: 8 };
const unitTypes: Readonly<Record<UnitSize, CType>> = {
  b: { kind: 'int', bits: 8, signed: true, name: 'int8_t' },
  h: { kind: 'int', bits: 16, signed: true, name: 'int16_t' },
  w: { kind: 'int', bits: 32, signed: true, name: 'int32_t' },
  g: { kind: 'int', bits: 64, signed: true, name: 'int64_t' },
};

/** Parsed `/NFU` letters with gdb's defaults applied. */
interface Decoded {
  readonly count: number;
  readonly format: PrintFormat | 'i';
  readonly size: UnitSize;
  readonly rest: string;
}

/** gdb's decode_format for x: count, then size and format letters in any order. */
function decode(args: string, state: ExamineState): Decoded | string {
  const s = args.trim();
  if (!s.startsWith('/')) return { count: s === '' ? state.count : 1, format: state.format, size: state.size, rest: s };
  const m = /^\/(-?\d*)([a-z]*)/.exec(s)!;
  const count = m[1] === '' ? 1 : m[1] === '-' ? -1 : Number(m[1]);
  let format: string | null = null;
  let size: UnitSize | null = null;
  for (const c of m[2]!) {
    if (c === 'b' || c === 'h' || c === 'w' || c === 'g') size = c;
    else if (c !== 'r') format = c;
  }
  if (count < 0) return 'Warpscope cannot examine memory backwards (negative counts).';
  if (format !== null && format !== 'i' && !formatLetters.has(format)) return `Undefined output format "${format}".`;
  const f = (format ?? state.format) as PrintFormat | 'i';
  let u: UnitSize = size ?? state.size;
  if (size === null && format !== null) {
    if (f === 'a') u = 'g';
    else if (f === 'f') u = state.size === 'w' || state.size === 'g' ? state.size : 'g';
    else if (f === 'c' || f === 's' || f === 'i') u = 'b';
  }
  return { count, format: f, size: u, rest: s.slice(m[0].length).trim() };
}

/** Runs `x ARGS`; never throws. */
export function examine(args: string, ctx: EvalContext, history: ValueHistory, state: ExamineState = initialExamineState): ExamineResult {
  const d = decode(args, state);
  if (typeof d === 'string') return { output: '', error: d, state };
  const format = d.format;
  if (format === 'i') return { output: '', error: 'Cannot disassemble: Warpscope has no machine code', state };
  let from: { readonly address: number; readonly space: AddressSpace };
  if (d.rest === '') {
    if (state.next === null) return { output: '', error: 'Argument required (starting display address).', state };
    from = state.next;
  } else {
    const r = guard(() => startOf(d.rest, ctx, history));
    if (!r.ok) return { output: '', error: r.error, state };
    from = r.value;
  }
  const start = from;
  const r = guard(() => run(d, format, start.address, start.space, ctx));
  return r.ok ? r.value : { output: '', error: r.error, state };
}

/**
 * What x says before the program runs, when its arguments already fail: a bad format, a missing
 * address, or an expression that cannot be evaluated (`x $pc`: "No registers.", as gdb says);
 * null when only the lack of a running program stops it.
 */
export function examineArgumentError(args: string, ctx: EvalContext, history: ValueHistory, state: ExamineState = initialExamineState): string | null {
  const d = decode(args, state);
  if (typeof d === 'string') return d;
  if (d.rest === '') return state.next === null ? 'Argument required (starting display address).' : null;
  const r = guard(() => startOf(d.rest, ctx, history));
  return r.ok ? null : r.error;
}

/** The address an x expression names: a pointer's target (keeping its space), an array's location, or an integer. */
function startOf(text: string, ctx: EvalContext, history: ValueHistory): { address: number; space: AddressSpace } {
  const v = evaluateLazy(text, ctx, history);
  // An array starts where `&` says it is (a shared one at its window offset, as cuda-gdb labels it).
  if ((v.type.kind === 'array' || v.type.kind === 'function') && v.place?.kind === 'memory') return { address: ctx.pointerValue?.(v.place.space, v.place.address) ?? v.place.address, space: v.place.space };
  if (v.type.kind === 'array') fail('Attempt to take address of value not located in memory.');
  const s = scalarOf(v.type, fetch(v, ctx));
  if (!s) return fail("Value can't be converted to integer.");
  const address = s.kind === 'int' ? s.value : BigInt(Math.trunc(s.value));
  return { address: memoryAddress(address), space: v.type.kind === 'pointer' ? v.space : 'generic' };
}

/** Prints `count` units from `address`, stopping at the first unreadable one. */
function run(d: Decoded, format: PrintFormat, address: number, space: AddressSpace, ctx: EvalContext): ExamineResult {
  const size = format === 's' ? 'b' : d.size;
  const unit = unitBytes[size];
  const perLine = format === 's' ? 1 : size === 'g' ? 2 : size === 'w' ? 4 : 8;
  const lines: string[] = [];
  let addr = address;
  let remaining = d.count;
  let error: string | null = null;
  let line = '';
  while (remaining > 0 && error === null) {
    const sym = ctx.symbolAt?.(addr, true);
    line = `0x${addr.toString(16)}${sym ? ` <${sym}>` : ''}:`;
    for (let k = 0; k < perLine && remaining > 0; k++, remaining--) {
      line += '\t';
      if (format === 's') {
        const r = printStringAt(ctx, addr, space);
        line += r.text;
        addr += r.bytesRead;
        continue;
      }
      const bytes = ctx.read({ kind: 'memory', space, address: addr }, unit);
      if (typeof bytes === 'string') {
        error = bytes;
        break;
      }
      line += formatScalar(unitTypes[size], bytes, 0, format, unit);
      addr += unit;
    }
    if (error === null) lines.push(line);
  }
  const output = error === null ? lines.join('\n') : [...lines, line].join('\n');
  const state: ExamineState = { format, size, count: d.count, next: { address: addr, space } };
  return { output, error, state };
}
