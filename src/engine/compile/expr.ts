import type { ArithOp, IExpr, IFunction, IStmt, Space, Target, VarSym } from '../check/ir.js';
import type { CType } from '../check/types.js';
import { alignOf, isWide } from '../check/types.js';
import { foldArith } from '../check/check-conv.js';
import { typeCode } from '../memory/layout.js';
import type { ProgramTables } from './context.js';
import { arith, canonNaN, convert, literal, normInt, truthy } from './ops.js';
import { compileIntrinsic, isPureIntrinsic } from './intrinsics.js';
import { isResumableHostCall } from '../exec/env.js';
import { builtinVar, hasInlineEffect, helper, isInert } from './lane-names.js';
import { SiteTracker } from './traffic.js';
import { compileCall, compileLaunch } from './calls.js';

/*
 * Expression compilation for one function version (device or host). An expression compiles to
 * a JS expression over the lane index `l` (its "lane expression"); anything that must happen
 * warp-wide first (stores, calls, warp intrinsics, short-circuit sides with effects) is pushed
 * to `pre` as statements that loop over the active mask `A` themselves. Pure parts stay inline
 * so a statement becomes one fused loop over the active lanes.
 */

/** Where a target or variable lives after register allocation. */
type Place = { k: 'reg'; name: string } | { k: 'mem'; addr: string; space: Space };

/** Compiles expressions of one function; the statement compiler extends it. */
export abstract class ExprCompiler {
  /** Warp-level code to run before the current lane expression is evaluated. */
  pre: string[] = [];
  /** Per-activation declarations (registers, temps, scratch). */
  readonly decls: string[] = [];
  readonly regs = new Map<VarSym, string>();
  readonly frame = new Map<VarSym, number>();
  frameSize = 0;
  private n = 0;
  /** The device loads and stores of this function, whose transactions the executor counts. */
  protected readonly traffic: SiteTracker;
  private readonly inlineMemo = new WeakMap<IExpr, boolean>();

  constructor(
    readonly fn: IFunction,
    readonly host: boolean,
    readonly T: ProgramTables,
  ) {
    this.traffic = new SiteTracker(T);
  }

  /** Compiles statements into warp-level code lines (implemented by the statement compiler). */
  abstract stmts(body: readonly IStmt[], out: string[]): void;

  /** A fresh identifier. */
  id(prefix: string): string {
    return `${prefix}${++this.n}`;
  }

  /** A per-activation lane array for values of type t. */
  temp(t: CType): string {
    const name = this.id('t');
    this.decls.push(isWide(t) ? `const ${name} = new Array(32).fill(0n);` : `const ${name} = new Float64Array(32);`);
    return name;
  }

  /** A per-activation scratch scalar. */
  scratch(): string {
    const name = this.id('x');
    this.decls.push(`let ${name};`);
    return name;
  }

  /** Wraps lane code in a loop over the active lanes of A. */
  lanes(body: string): string {
    if (this.host) return `if (A !== 0) { const l = 0; ${body} }`;
    // A full warp (the common case) takes a plain counted loop: no bit scanning per lane.
    const loops = (b: string): string => `if (A === -1) { for (let l = 0; l < 32; l++) { ${b} } } else { for (let m_ = A; m_ !== 0; m_ &= m_ - 1) { const l = 31 - Math.clz32(m_ & -m_); ${b} } }`;
    return this.traffic.loop(body, loops);
  }

  /** Runs `f` with a fresh pre list and returns the lines it produced. */
  withPre(f: () => string): [string[], string] {
    const saved = this.pre;
    this.pre = [];
    const v = f();
    const lines = this.pre;
    this.pre = saved;
    return [lines, v];
  }

  /** The address of a variable as a lane expression. */
  addrOf(v: VarSym): string {
    switch (v.storage) {
      case 'auto': {
        const off = this.frame.get(v);
        if (off === undefined) throw new Error(`internal: ${v.name} has no frame slot`);
        return `(FP + ${off})`;
      }
      case 'shared':
        return `W.shv[${this.T.sharedIndex(v)}]`;
      case 'dynamicShared':
        return 'W.dyn';
      default: {
        // A __host__ __device__ body names the device variable itself; its host version touches the host shadow, as nvcc's host compile does.
        const w = this.host && this.fn.space === 'hostDevice' ? this.T.hostShadow(v) ?? v : v;
        return `G[${this.T.globalIndex(w)}]`;
      }
    }
  }

  /** Where a variable lives. */
  placeOf(v: VarSym): Place {
    const r = this.regs.get(v);
    if (r) return { k: 'reg', name: r };
    const space: Space = v.storage === 'auto' ? 'local' : v.storage === 'shared' || v.storage === 'dynamicShared' ? 'shared' : v.storage === 'constant' ? 'constant' : v.storage === 'device' || v.storage === 'managed' ? 'global' : 'generic';
    return { k: 'mem', addr: this.addrOf(v), space };
  }

  placeOfTarget(t: Target): Place {
    return t.k === 'var' ? this.placeOf(t.v) : { k: 'mem', addr: this.ex(t.addr), space: t.space };
  }

  /** Lane expression loading a scalar of type t. */
  load(addr: string, t: CType, space: Space): string {
    const c = typeCode(t);
    if (this.host) return `HL(${addr}, ${c})`;
    return `${helper(space)}${c}(${this.traffic.address(addr, c, space, false)}, l)`;
  }

  /** Compiles an atomic's load and store: their access sites say so. */
  atomicAccess<T>(f: () => T): T {
    this.traffic.atomic = true;
    try {
      return f();
    } finally {
      this.traffic.atomic = false;
    }
  }

  /** Lane statement storing v. */
  store(addr: string, t: CType, space: Space, v: string): string {
    const c = typeCode(t);
    if (this.host) return `HS(${addr}, ${c}, ${v});`;
    const h = space === 'global' ? 'GS' : space === 'shared' ? 'SS' : space === 'local' ? 'LS' : 'ST';
    return `${h}${c}(${this.traffic.address(addr, c, space, true)}, ${v}, l);`;
  }

  /** True when e compiles to a lane expression with no warp-level code. */
  inl(e: IExpr): boolean {
    const m = this.inlineMemo.get(e);
    if (m !== undefined) return m;
    const r = this.computeInl(e);
    this.inlineMemo.set(e, r);
    return r;
  }

  private computeInl(e: IExpr): boolean {
    switch (e.k) {
      case 'const': case 'var': case 'varAddr': case 'builtin':
        return true;
      case 'load': return this.inl(e.addr);
      case 'unary': case 'convert': return this.inl(e.arg);
      case 'arith': case 'compare': case 'logical': case 'comma': case 'ptrDiff': return this.inl(e.left) && this.inl(e.right);
      case 'ptrAdd': return this.inl(e.ptr) && this.inl(e.index);
      case 'cond': return this.inl(e.cond) && this.inl(e.then) && this.inl(e.else);
      case 'assign': return e.target.k === 'var' && this.regs.has(e.target.v) && this.inl(e.value);
      case 'incdec': return e.target.k === 'var' && this.regs.has(e.target.v);
      case 'intrinsic': return (this.host ? !isResumableHostCall(e.name) : isPureIntrinsic(e.name)) && e.args.every((a) => this.inl(a));
      default: return false;
    }
  }

  /** True when evaluating e may read memory (so its stores must wait for every lane's loads). */
  reads(e: IExpr): boolean {
    switch (e.k) {
      case 'const': case 'varAddr': case 'builtin': return false;
      case 'var': return !this.regs.has(e.v);
      case 'unary': case 'convert': return this.reads(e.arg);
      case 'arith': case 'compare': case 'logical': case 'comma': case 'ptrDiff': return this.reads(e.left) || this.reads(e.right);
      case 'ptrAdd': return this.reads(e.ptr) || this.reads(e.index);
      case 'cond': return this.reads(e.cond) || this.reads(e.then) || this.reads(e.else);
      case 'assign': return (e.target.k === 'mem' && this.reads(e.target.addr)) || this.reads(e.value) || !!e.op;
      case 'intrinsic': return !isPureIntrinsic(e.name) || e.args.some((a) => this.reads(a));
      default: return true;
    }
  }

  /** Compiles e to a lane expression (pushing warp-level code to `pre` as needed). */
  ex(e: IExpr): string {
    switch (e.k) {
      case 'const':
        return literal(e.value, this.host);
      case 'var': {
        const p = this.placeOf(e.v);
        return p.k === 'reg' ? `${p.name}[l]` : this.load(p.addr, e.type, p.space);
      }
      case 'varAddr':
        return this.addrOf(e.v);
      case 'load':
        return this.load(this.ex(e.addr), e.type, e.space);
      case 'builtin':
        return builtinVar(e.name);
      case 'unary': {
        const a = this.ex(e.arg);
        if (e.op === '!') return `(${truthy(e.arg.type, a)} ? 0 : 1)`;
        if (e.type.kind === 'float') return canonNaN(e.type, `(-${a})`, this.host);
        return normInt(e.type, `(${e.op}${a})`);
      }
      case 'arith':
        return this.arithExpr(e.op, e.type, e.left, e.right);
      case 'compare': {
        const op = e.op === '==' ? '===' : e.op === '!=' ? '!==' : e.op;
        return `(${this.ex(e.left)} ${op} ${this.ex(e.right)} ? 1 : 0)`;
      }
      case 'ptrAdd': {
        const i = this.ex(e.index);
        return `(${this.ex(e.ptr)} + ${isWide(e.index.type) ? `Number(${i})` : i} * ${e.scale})`;
      }
      case 'ptrDiff':
        return `BigInt(Math.trunc((${this.ex(e.left)} - ${this.ex(e.right)}) / ${e.scale}))`;
      case 'convert':
        return convert(e.arg.type, e.type, this.ex(e.arg), this.host);
      case 'logical':
        return this.logical(e);
      case 'cond':
        return this.cond(e);
      case 'comma': {
        const l = this.ex(e.left);
        // What is left of a left operand that went partly to pre (a host call whose arguments hold a call) must still run, as an expression statement's does.
        if (this.inl(e.left) ? hasInlineEffect(e.left) : !isInert(l)) this.pre.push(this.lanes(`${l};`));
        return this.ex(e.right);
      }
      case 'assign':
        return this.assign(e);
      case 'incdec':
        return this.incdec(e);
      case 'call':
        return compileCall(this, e.fn, e.args, e.retSlot, e.type);
      case 'intrinsic':
        return compileIntrinsic(this, e);
      case 'launch':
        return compileLaunch(this, e);
      case 'copy': {
        const d = this.ex(e.dst);
        const s = this.ex(e.src);
        const t = this.temp(e.type);
        if (this.T.instrument && !this.host) {
          this.pre.push(this.lanes(this.copyChunks(e.type, e.size, t, d, s)));
          return `${t}[l]`;
        }
        this.pre.push(this.lanes(`${t}[l] = ${d}; M.copyLane(${t}[l], ${s}, ${e.size}, l, ${this.host ? 1 : 0});`));
        return `${t}[l]`;
      }
      case 'structTemp':
        this.stmts(e.init, this.pre);
        return this.addrOf(e.v);
    }
  }

  /**
   * An instrumented device struct copy, `t[l] = d; copy *s to it`, whose warp instructions are
   * access sites: nvcc moves a struct in pieces of its alignment, at most 16 bytes (a float4 or
   * double2 is one 128-bit load and one 128-bit store, a float3 three 32-bit ones; measured in
   * test/analysis/stats/probe/vector_atomic.cu). The sites count for `warpscope stats` only.
   */
  private copyChunks(type: CType, size: number, t: string, d: string, s: string): string {
    const src = this.temp(type);
    const chunk = Math.min(16, Math.max(1, alignOf(type)));
    let loads = '', stores = '';
    for (let k = 0; k + chunk <= size; k += chunk) {
      loads += `${this.traffic.copyChunk(`${src}[l] + ${k}`, chunk, false)}; `;
      stores += `${this.traffic.copyChunk(`${t}[l] + ${k}`, chunk, true)}; `;
    }
    return `${t}[l] = ${d}; ${src}[l] = ${s}; ${loads}${stores}M.copyLane(${t}[l], ${src}[l], ${size}, l, 0);`;
  }

  /** Arithmetic with fmad contraction of a*b+c when enabled. */
  arithExpr(op: ArithOp, t: CType, left: IExpr, right: IExpr, leftStr?: string): string {
    // V8 folds `0 / 0` in the generated source to its own positive NaN; folded here, host constants keep x86's NaN sign.
    if (this.host && t.kind === 'float' && leftStr === undefined && left.k === 'const' && right.k === 'const') {
      const v = foldArith(op, t, left.value, right.value);
      if (v !== null) return literal(v, true);
    }
    // nvcc's -fmad governs device code only: the host compiler (gcc on x86-64, no FMA unit assumed) never fuses.
    if (this.T.fmad && !this.host && t.kind === 'float' && (op === '+' || op === '-')) {
      const f = t.bits === 32 ? 'RT.fmaf' : 'RT.fma';
      const mul = (x: IExpr): x is IExpr & { k: 'arith' } => x.k === 'arith' && x.op === '*' && x.type.kind === 'float' && x.type.bits === t.bits;
      if (leftStr === undefined && mul(left)) {
        const a = this.ex(left.left), b = this.ex(left.right), c = this.ex(right);
        return canonNaN(t, `${f}(${a}, ${b}, ${op === '-' ? `-${c}` : c})`, false);
      }
      if (mul(right)) {
        const c = leftStr ?? this.ex(left);
        const a = this.ex(right.left), b = this.ex(right.right);
        return canonNaN(t, `${f}(${op === '-' ? `-${a}` : a}, ${b}, ${c})`, false);
      }
    }
    const a = leftStr ?? this.ex(left);
    return arith(op, t, a, this.ex(right), this.host);
  }

  private logical(e: IExpr & { k: 'logical' }): string {
    const L = this.ex(e.left);
    if (this.inl(e.right)) {
      const R = this.traffic.partly(() => this.ex(e.right));
      return `((${truthy(e.left.type, L)} ${e.op} ${truthy(e.right.type, R)}) ? 1 : 0)`;
    }
    const t = this.temp(e.type);
    const k = this.id('k');
    const and = e.op === '&&';
    this.pre.push(`let ${k} = 0;`, this.lanes(`if (${truthy(e.left.type, L)}) { ${and ? `${k} |= 1 << l;` : `${t}[l] = 1;`} } else { ${and ? `${t}[l] = 0;` : `${k} |= 1 << l;`} }`));
    const [lines, R] = this.withPre(() => this.ex(e.right));
    const sv = this.id('sv');
    this.pre.push(`{ const ${sv} = A; A = A & ${k}; if (A !== 0) { ${lines.join('\n')}\n${this.lanes(`${t}[l] = ${truthy(e.right.type, R)} ? 1 : 0;`)} } A = ${sv}; }`);
    return `${t}[l]`;
  }

  private cond(e: IExpr & { k: 'cond' }): string {
    const C = this.ex(e.cond);
    if (this.inl(e.then) && this.inl(e.else)) return `(${truthy(e.cond.type, C)} ? ${this.traffic.partly(() => this.ex(e.then))} : ${this.traffic.partly(() => this.ex(e.else))})`;
    const t = this.temp(e.type);
    const k = this.id('k');
    this.pre.push(`let ${k} = 0;`, this.lanes(`if (${truthy(e.cond.type, C)}) ${k} |= 1 << l;`));
    const [l1, a] = this.withPre(() => this.ex(e.then));
    const [l2, b] = this.withPre(() => this.ex(e.else));
    const sv = this.id('sv');
    this.pre.push(`{ const ${sv} = A; A = ${sv} & ${k}; if (A !== 0) { ${l1.join('\n')}\n${this.lanes(`${t}[l] = ${a};`)} } A = ${sv} & ~${k}; if (A !== 0) { ${l2.join('\n')}\n${this.lanes(`${t}[l] = ${b};`)} } A = ${sv}; }`);
    return `${t}[l]`;
  }

  /** Computes the new value of a compound assignment from the old one. */
  private compound(e: IExpr & { k: 'assign' }, old: string): string {
    if (!e.op) return this.ex(e.value);
    const ot = e.opType ?? e.type;
    const o = convert(e.type, ot, old, this.host);
    return convert(ot, e.type, this.arithExpr(e.op, ot, e.value, e.value, o), this.host);
  }

  private assign(e: IExpr & { k: 'assign' }): string {
    const p = this.placeOfTarget(e.target);
    if (p.k === 'reg') return `(${p.name}[l] = ${this.compound(e, `${p.name}[l]`)})`;
    const tv = this.temp(e.type);
    if (!e.op && !this.reads(e.value) && !(e.target.k === 'mem' && this.reads(e.target.addr))) {
      const v = this.ex(e.value);
      this.pre.push(this.lanes(`${tv}[l] = ${v}; ${this.store(p.addr, e.type, p.space, `${tv}[l]`)}`));
      return `${tv}[l]`;
    }
    const ta = this.temp(e.type.kind === 'pointer' ? e.type : { kind: 'pointer', to: e.type });
    const v = this.compound(e, this.load(`${ta}[l]`, e.type, p.space));
    this.pre.push(this.lanes(`${ta}[l] = ${p.addr}; ${tv}[l] = ${v};`));
    this.pre.push(this.lanes(this.store(`${ta}[l]`, e.type, p.space, `${tv}[l]`)));
    return `${tv}[l]`;
  }

  private incdec(e: IExpr & { k: 'incdec' }): string {
    const p = this.placeOfTarget(e.target);
    const t = e.type;
    const step = (x: string): string => {
      if (t.kind === 'float') return canonNaN(t, t.bits === 32 ? `Math.fround(${x} + ${e.delta})` : `(${x} + ${e.delta})`, this.host);
      if (t.kind === 'pointer') return `(${x} + ${e.delta})`;
      if (isWide(t)) return normInt(t, `(${x} + ${e.delta}n)`);
      return normInt(t, `(${x} + ${e.delta})`);
    };
    if (p.k === 'reg') {
      const r = `${p.name}[l]`;
      if (!e.post) return `(${r} = ${step(r)})`;
      const x = this.scratch();
      return `(${x} = ${r}, ${r} = ${step(x)}, ${x})`;
    }
    const ta = this.temp({ kind: 'pointer', to: t });
    const to = this.temp(t);
    const tn = this.temp(t);
    this.pre.push(this.lanes(`${ta}[l] = ${p.addr}; ${to}[l] = ${this.load(`${ta}[l]`, t, p.space)}; ${tn}[l] = ${step(`${to}[l]`)};`));
    this.pre.push(this.lanes(this.store(`${ta}[l]`, t, p.space, `${tn}[l]`)));
    return e.post ? `${to}[l]` : `${tn}[l]`;
  }
}
