import type { AddressSpace, EvalContext, Place } from './context.js';
import type { Expr, TypeSpec } from './ast.js';
import type { CType } from '../../engine/check/types.js';
import { boolType, charType, intType, pointerTo, sizeOf, voidType } from '../../engine/check/types.js';
import type { Evaluated, Lazy } from './value.js';
import { EvalError, memoryAddress, at, fail, fetch, floatValue, intValue, known, scalarOf, settle, storageOf } from './value.js';
import type { Operand } from './arith.js';
import { binaryOp, convertScalar, isNonzero, truthType, unaryOp } from './arith.js';
import { isIntegral, resolveType, typeText } from './ctypes.js';
import { nameValue, resolveNames, typeNamePredicate } from './names.js';
import { parse } from './parse.js';
import type { ValueHistory } from './history.js';
import { isTraceDamage } from '../../trace/damage.js';

/*
 * Evaluates a parsed expression over an EvalContext with gdb's C semantics: lazy lvalues,
 * array-to-pointer decay, pointers that remember their address space, member access that
 * follows pointers (gdb accepts `p.x` on a pointer and `s->x` on a struct), and gdb's
 * error messages.
 */

/** An evaluation result: the value, or gdb's error message. */
export type EvalResult = { readonly ok: true; readonly value: Evaluated } | { readonly ok: false; readonly error: string };

/** gdb's register names (x86-64's, the generic $pc/$sp/$fp/$ps, and the GPU's R0... and predicates), which are no convenience variables. */
const REGISTER = /^(pc|sp|fp|ps|rip|rsp|rbp|eflags|r[a-d]x|r[sd]i|r\d+|R\d+|UR\d+|P\d|UP\d)$/;

/**
 * The message for anything that would change the program's state. A live session answers from
 * the recording it makes, as a replay does (both print the same), and cannot feed a changed value
 * back into the run: the words hold for both.
 */
export const recordedOnly = "Cannot change the program's state: Warpscope answers from a recording of the run, which cannot be altered (use goto/reverse commands to move in time).";

/** Parses and evaluates `text` for the focused thread; never throws. */
export function evaluate(text: string, ctx: EvalContext, history: ValueHistory): EvalResult {
  return guard(() => settle(evaluateLazy(text, ctx, history), ctx));
}

/** Runs an evaluation step, turning gdb errors into a failed result. */
export function guard<T>(f: () => T): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (e instanceof EvalError) return { ok: false, error: e.message };
    // A damaged trace is no value's error: the session reports it and stops.
    if (isTraceDamage(e)) throw e;
    return { ok: false, error: `Internal error: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Parses and evaluates without fetching the result's bytes (throws EvalError); `typeOnly`: as whatis does, see typeOfExpression. */
export function evaluateLazy(text: string, ctx: EvalContext, history: ValueHistory, typeOnly = false): Lazy {
  const p = parse(text, { isTypeName: typeNamePredicate(ctx) });
  if (!p.ok) fail(p.error);
  resolveNames(p.expr, ctx);
  return new Evaluator(ctx, history, typeOnly).eval(p.expr);
}

/**
 * The type of `text` (and where its value would live) without evaluating it, as whatis and ptype
 * find it (gdb's EVAL_AVOID_SIDE_EFFECTS): `whatis 1/0` is `type = int`, `whatis *p` reads
 * nothing and `whatis i = 3` assigns nothing. The value's bytes are left empty.
 */
export function typeOfExpression(text: string, ctx: EvalContext, history: ValueHistory): EvalResult {
  // Memory an operand cannot read stands as zeros: only the types of operands matter here.
  const quiet = Object.create(ctx, {
    read: { value: (place: Place, size: number) => {
      const r = ctx.read(place, size);
      return typeof r === 'string' ? new Uint8Array(size) : r;
    } },
  }) as EvalContext;
  return guard(() => {
    const v = evaluateLazy(text, quiet, history, true);
    return { type: v.type, bytes: new Uint8Array(0), place: v.place, space: v.space, ...(v.ref ? { ref: true as const } : {}), ...(v.storage ? { storage: v.storage } : {}), ...(v.plain ? { plain: true as const } : {}) };
  });
}

class Evaluator {
  constructor(
    private readonly ctx: EvalContext,
    private readonly history: ValueHistory,
    /** Types only (whatis): nothing divides by zero, nothing is assigned. */
    private readonly typeOnly = false,
  ) {}

  eval(e: Expr): Lazy {
    switch (e.kind) {
      case 'int':
        return intValue(e.type, e.value);
      case 'float':
        return floatValue(e.type, e.value);
      case 'char':
        return intValue(charType, BigInt(e.value));
      case 'bool':
        return intValue(boolType, e.value ? 1n : 0n);
      case 'string': {
        const bytes = new Uint8Array(e.bytes.length + 1);
        bytes.set(e.bytes);
        return known({ kind: 'array', of: charType, length: bytes.length }, bytes);
      }
      case 'ident':
        return nameValue(e.name, this.ctx);
      case 'history': {
        const h = this.history.access(e.num);
        if (!h.ok) fail(h.error);
        const { ref: _ref, ...value } = h.value;
        return value;
      }
      case 'convenience': {
        if (REGISTER.test(e.name)) fail(this.ctx.hasFrame?.() === false ? 'No registers.' : `Registers are not supported by Warpscope ("$${e.name}"): it runs source statements, not machine code ("info frame" names the step that stands for the PC).`);
        const v = this.history.convenience(e.name);
        return v ? known(v.type, v.bytes) : known(voidType, new Uint8Array(0));
      }
      case 'unary':
        return unaryOp(e.op, this.operand(this.eval(e.operand)));
      case 'deref':
        return this.deref(this.eval(e.operand));
      case 'addr':
        // gdb names the variable, not the register, in its error for `&reg_var`.
        return this.addressOf(this.eval(e.operand), e.operand.kind === 'ident' ? e.operand.name : null);
      case 'sizeofType':
        return intValue(intType, BigInt(sizeOf(this.type(e.type))));
      case 'sizeofExpr':
        return intValue(intType, BigInt(sizeOf(this.eval(e.operand).type)));
      case 'cast':
        return this.cast(e.type, this.eval(e.operand));
      case 'memval':
        return this.memval(e.type, this.eval(e.operand));
      case 'binary': {
        const left = this.operand(this.eval(e.left));
        const right = this.operand(this.eval(e.right));
        // A division's type needs no nonzero divisor: whatis 1/0 is int.
        const one: Operand['scalar'] = right.scalar.kind === 'int' ? { kind: 'int', value: 1n } : { kind: 'float', value: 1 };
        const divisor = this.typeOnly && (e.op === '/' || e.op === '%') && !isNonzero(right.scalar) ? { ...right, scalar: one } : right;
        return binaryOp(e.op, left, divisor);
      }
      case 'logical': {
        const left = isNonzero(this.operand(this.eval(e.left)).scalar);
        if (left === (e.op === '||')) return intValue(truthType, left ? 1n : 0n);
        return intValue(truthType, isNonzero(this.operand(this.eval(e.right)).scalar) ? 1n : 0n);
      }
      case 'repeat':
        return this.repeat(this.eval(e.left), this.eval(e.right));
      case 'cond':
        // gdb picks a branch without converting the two to a common type.
        return isNonzero(this.operand(this.eval(e.test)).scalar) ? this.eval(e.then) : this.eval(e.otherwise);
      case 'comma':
        this.eval(e.left);
        return this.eval(e.right);
      case 'index':
        return this.index(this.eval(e.target), this.eval(e.index));
      case 'member':
        return this.member(this.eval(e.target), e.name, e.arrow);
      case 'assign':
        // whatis i = 3 names i's type and assigns nothing.
        return this.typeOnly ? this.eval(e.target) : fail(recordedOnly);
      case 'call':
        return fail('Cannot call functions in the program: Warpscope answers from a recording of the run, which cannot be altered.');
    }
  }

  private type(spec: TypeSpec): CType {
    const t = resolveType(spec, this.ctx);
    return typeof t === 'string' ? fail(t) : t;
  }

  /** Arrays become pointers to their first element (C's decay); other values are unchanged. */
  private decay(v: Lazy): Lazy {
    if (v.type.kind !== 'array') return v;
    if (v.place?.kind !== 'memory') fail('Attempt to take address of value not located in memory.');
    return intValue(pointerTo(v.type.of), BigInt(this.pointerValue(v.place.space, v.place.address)), v.place.space);
  }

  /** A value as an arithmetic operand. */
  private operand(v: Lazy): Operand {
    const d = this.decay(v);
    const scalar = scalarOf(d.type, fetch(d, this.ctx));
    if (!scalar) fail('Argument to arithmetic operation not a number or boolean.');
    return { type: d.type, scalar, space: d.space, storage: storageOf(d) };
  }

  /** A part of a value: a lazy lvalue inside a memory object, else a slice of the fetched bytes. */
  private part(v: Lazy, type: CType, offset: number): Lazy {
    if (v.place?.kind === 'memory') return at(type, { kind: 'memory', space: v.place.space, address: v.place.address + offset });
    const bytes = fetch(v, this.ctx);
    return known(type, bytes.slice(offset, offset + sizeOf(type)));
  }

  private deref(v: Lazy): Lazy {
    if (v.type.kind === 'array' && v.place?.kind !== 'memory') return this.part(v, v.type.of, 0);
    const p = this.decay(v);
    const bytes = fetch(p, this.ctx);
    if (p.type.kind === 'pointer' && p.type.to.kind !== 'void') return this.object(p.type.to, p.space, scalarOf(p.type, bytes));
    // gdb lets `*` read an int at an integer address ("so we can cast it to whatever we want").
    if (p.type.kind === 'int') return this.object(intType, 'generic', scalarOf(p.type, bytes));
    return fail('Attempt to take contents of a non-pointer value.');
  }

  /** The object of `type` at a pointer's address. */
  private object(type: CType, space: AddressSpace, address: ReturnType<typeof scalarOf>): Lazy {
    if (!address || address.kind !== 'int') return fail('Attempt to take contents of a non-pointer value.');
    return at(type, { kind: 'memory', space, address: memoryAddress(address.value) });
  }

  private pointerValue(space: AddressSpace, address: number): number {
    return this.ctx.pointerValue?.(space, address) ?? address;
  }

  private addressOf(v: Lazy, name: string | null): Lazy {
    const place: Place | null = v.place;
    if (place?.kind === 'memory') return intValue(pointerTo(v.type), BigInt(this.pointerValue(place.space, place.address)), place.space);
    if (place?.kind === 'register') fail(`Address requested for identifier "${name ?? place.name}" which is in a register.`);
    return fail('Attempt to take address of value not located in memory.');
  }

  private cast(spec: TypeSpec, v: Lazy): Lazy {
    const to = this.type(spec);
    if (to.kind === 'void') return known(voidType, new Uint8Array(0));
    if (to.kind === 'struct') {
      if (v.type.kind === 'struct' && v.type.info === to.info) return v;
      return fail('Invalid cast.');
    }
    if (to.kind === 'array' || to.kind === 'function') return fail('Invalid cast.');
    const d = this.decay(v);
    const s = scalarOf(d.type, fetch(d, this.ctx));
    if (!s) return fail('Invalid cast.');
    // cuda-gdb's `(@shared int *) p` names the space; an unqualified cast keeps the pointer's for reading, but prints its type bare.
    const space = spec.space ?? (d.type.kind === 'pointer' ? d.space : 'generic');
    const out = convertScalar(s, to, space);
    return spec.space || to.kind !== 'pointer' ? out : { ...out, plain: true };
  }

  private memval(spec: TypeSpec, v: Lazy): Lazy {
    const d = this.decay(v);
    const s = scalarOf(d.type, fetch(d, this.ctx));
    if (!s || s.kind !== 'int') return fail('Invalid cast.');
    const space = spec.space ?? (d.type.kind === 'pointer' ? d.space : 'generic');
    return at(this.type({ ...spec, space: null }), { kind: 'memory', space, address: memoryAddress(s.value) });
  }

  private repeat(left: Lazy, right: Lazy): Lazy {
    if (!isIntegral(right.type)) fail('Non-integral right operand for "@" operator.');
    if (left.place?.kind !== 'memory') fail("Only values in memory can be extended with '@'.");
    const count = Number(scalarOf(right.type, fetch(right, this.ctx))?.value ?? 0);
    if (count < 1) fail(`Invalid number ${count} of repetitions.`);
    return at({ kind: 'array', of: left.type, length: count }, left.place);
  }

  private index(target: Lazy, index: Lazy): Lazy {
    const i = this.operand(index).scalar;
    const n = i.kind === 'int' ? Number(i.value) : Math.trunc(i.value);
    if (target.type.kind === 'array' && target.place?.kind !== 'memory') {
      const len = target.type.length ?? 0;
      if (n < 0 || n >= len) fail('no such vector element');
      return this.part(target, target.type.of, n * sizeOf(target.type.of));
    }
    const p = this.decay(target);
    if (p.type.kind !== 'pointer') return fail(`cannot subscript something of type \`${typeText(target.type)}'`);
    const elem = p.type.to;
    if (elem.kind === 'void') return fail('Attempt to take contents of a non-pointer value.');
    const base = scalarOf(p.type, fetch(p, this.ctx));
    if (!base || base.kind !== 'int') return fail('Attempt to take contents of a non-pointer value.');
    return this.object(elem, p.space, { kind: 'int', value: base.value + BigInt(n) * BigInt(sizeOf(elem)) });
  }

  private member(target: Lazy, name: string, arrow: boolean): Lazy {
    let v = target;
    // gdb's value_struct_elt: arrays decay, then pointers are followed until a struct.
    while (v.type.kind === 'array' || v.type.kind === 'pointer') v = this.deref(v);
    if (v.type.kind !== 'struct') fail(`Attempt to extract a component of a value that is not a structure${arrow ? ' pointer' : ''}.`);
    const field = v.type.info.fields.find((f) => f.name === name);
    if (!field) return fail(`There is no member named ${name}.`);
    return this.part(v, field.type, field.offset);
  }
}
