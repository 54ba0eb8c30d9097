import type { IExpr, IFunction, IStmt, VarSym } from '../check/ir.js';
import { isScalar, isWide, sizeOf } from '../check/types.js';
import { alignOfVar } from '../check/layout.js';
import type { ProgramTables } from './context.js';
import type { FnFacts } from './analyze.js';
import { ExprCompiler } from './expr.js';
import { literal, truthy } from './ops.js';
import { MAX_CALL_DEPTH } from '../exec/env.js';
import { spinLoop } from './spin-loops.js';
import { FIRST_PROBE } from '../exec/spin.js';
import { isInert } from './lane-names.js';

/*
 * Statements with active masks. Invariants of the generated code: `A` is the mask of lanes
 * executing; `R` collects lanes that returned; each loop has a break mask B and continue mask C,
 * each switch a break mask. After every construct the mask is recomputed from the mask on entry
 * minus the lanes that left (so lanes reconverge at the end of each construct).
 */

interface Ctx {
  /** Name of the innermost break mask, or null. */
  brk: string | null;
  /** Name of the innermost continue mask, or null. */
  cont: string | null;
}

/** Compiles one function version into the source of a JS (generator) function. */
/** A named variable of a compiled function: its register (JS lane array name) or its offset from the frame pointer. */
export interface FrameVar {
  readonly v: VarSym;
  readonly reg: string | null;
  readonly offset: number | null;
}

export class FnCompiler extends ExprCompiler {
  private ctx: Ctx = { brk: null, cont: null };

  /** The function has a return statement: R (its returned lanes) may be nonzero. */
  private readonly returns: boolean;
  /**
   * The function body's last statement: what runs after it reads no active mask, so it does not
   * rejoin the lanes it split (the same V8 deoptimization as rejoin() explains, for functions that return).
   */
  private tail: IStmt | null = null;
  /** The function is a kernel: each warp runs it as a generator the grid drives (exec/grid.ts). */
  private get kernel(): boolean {
    return this.fn.space === 'global' && !this.host;
  }

  constructor(fn: IFunction, host: boolean, T: ProgramTables, facts: Pick<FnFacts, 'addressTaken' | 'returns'>) {
    super(fn, host, T);
    this.returns = facts.returns;
    const addressTaken = facts.addressTaken;
    for (const [i, p] of fn.params.entries()) {
      if (isScalar(p.type) && !addressTaken.has(p)) this.regs.set(p, `p${i}`);
      else this.slot(p);
    }
    for (const v of fn.locals) {
      if (v.storage !== 'auto') continue;
      if (isScalar(v.type) && !addressTaken.has(v)) {
        const r = this.id('r');
        this.regs.set(v, r);
        this.decls.push(isWide(v.type) ? `const ${r} = new Array(32).fill(0n);` : `const ${r} = new Float64Array(32);`);
      } else this.slot(v);
    }
  }

  /** Whether the function being compiled is a generator (it may yield). */
  private isGen = false;

  /** Inside a probed spin loop: the loops it holds are part of its iterations, not probed themselves. */
  private inSpin = false;

  /** The strictest alignment of a frame slot: a frame starts at a multiple of it (stacks keep 16). */
  private frameAlign = 16;

  private slot(v: VarSym): void {
    const a = alignOfVar(v);
    this.frameAlign = Math.max(this.frameAlign, a);
    this.frameSize = Math.ceil(this.frameSize / a) * a;
    this.frame.set(v as never, this.frameSize);
    this.frameSize += Math.max(sizeOf(v.type), 1);
  }

  /** The whole function's source. */
  compile(name: string, gen: boolean): string {
    this.isGen = gen;
    const body: string[] = [];
    for (const [i, p] of this.fn.params.entries()) {
      if (this.regs.has(p)) continue;
      const addr = this.addrOf(p);
      body.push(this.lanes(isScalar(p.type) ? this.store(addr, p.type, 'local', `p${i}[l]`) : `M.copyLane(${addr}, p${i}[l], ${sizeOf(p.type)}, l, ${this.host ? 1 : 0});`));
    }
    this.tail = this.fn.body?.body.at(-1) ?? null;
    if (this.fn.body) this.stmts(this.fn.body.body, body);
    else body.push(`RT.undefinedFunction(${JSON.stringify(this.fn.name)});`);
    const frame = Math.ceil(this.frameSize / 16) * 16;
    const params = this.fn.params.map((_, i) => `, p${i}`).join('');
    // A debugger sees each activation: its frame pointer and the lane arrays of its register variables (frameLayout's order).
    const regs = this.frameLayout().map((v) => (v.reg === null ? 'null' : v.reg)).join(', ');
    // A local that asks for more than the stack's 16-byte alignment moves the frame up to it; the exit restores the caller's sp.
    const aligned = this.frameAlign > 16;
    const fp = aligned ? `const SP_ = W.sp, FP = Math.ceil(SP_ / ${this.frameAlign}) * ${this.frameAlign};` : 'const FP = W.sp;';
    // Each activation of a recursive function costs the engine a JavaScript frame: past MAX_CALL_DEPTH the run stops with a stack overflow.
    const recursive = this.T.recursive(this.fn);
    return [
      `function${gen ? '*' : ''} ${name}(W, A, RV, RS${params}) {`,
      recursive ? `if (++W.depth > ${MAX_CALL_DEPTH}) W.tooDeep(${JSON.stringify(this.fn.name)});` : '',
      `const S = W.S; let R = 0;`,
      frame ? `${fp} W.sp = FP + ${frame}; if (W.sp > W.lim) W.grow();` : fp,
      ...this.declLines(),
      this.T.instrument ? `if (O !== null && O.enter !== undefined) O.enter(W, ${this.fn.id}, FP, [${regs}]);` : '',
      ...body,
      // A kernel's warp leaves when its generator finishes, and the grid says so (grid.ts): an operation here runs first when
      // the first warp finishes, after V8 optimized the kernel, and every warp reaching it deoptimized that code again.
      this.T.instrument && !this.kernel ? `if (O !== null && O.leave !== undefined) O.leave(W${this.returned()});` : '',
      frame ? (aligned ? 'W.sp = SP_;' : 'W.sp = FP;') : '',
      recursive ? 'W.depth--;' : '',
      '}',
    ].join('\n');
  }

  /** The leave event's arguments after the warp: where the returned value is (a scalar's lanes, or a struct's slot in the caller's frame). */
  private returned(): string {
    const ret = this.fn.ret;
    return isScalar(ret) ? ', RV' : ret.kind === 'void' ? '' : ', null, RS';
  }

  /** The function's named variables (parameters, then locals) and where each lives: a register lane array or a frame offset. */
  frameLayout(): FrameVar[] {
    return [...this.fn.params, ...this.fn.locals.filter((v) => v.storage === 'auto')].map((v) => ({ v, reg: this.regs.get(v) ?? null, offset: this.frame.get(v) ?? null }));
  }

  /**
   * The per-activation declarations. Lane arrays of a function that cannot be active twice on one
   * warp come from the warp's pool (allocated on its first call): allocating a dozen Float64Arrays
   * per call and per block dominated launches of many small blocks. Every array is written before
   * it is read within an activation, so stale lanes from an earlier one are never seen.
   */
  private declLines(): string[] {
    const slot = this.T.poolSlot(this.fn, this.host);
    if (slot === null) return this.decls;
    const arr = /^const (\w+) = (new Float64Array\(32\)|new Array\(32\)\.fill\(0n\));$/;
    const names: string[] = [];
    const inits: string[] = [];
    const rest: string[] = [];
    for (const d of this.decls) {
      const m = arr.exec(d);
      if (m) names.push(m[1]!), inits.push(m[2]!);
      else rest.push(d);
    }
    if (names.length === 0) return rest;
    const spec = inits.map((i) => (i.startsWith('new Float64Array') ? 'f' : 'b')).join('');
    return [`const P_ = W.pool[${slot}] ?? (W.pool[${slot}] = RT.lanePool('${spec}'));`, `const ${names.map((n, i) => `${n} = P_[${i}]`).join(', ')};`, ...rest];
  }

  /**
   * `A = sv` less the lanes that left (returned, and `extra`: broke or continued). A function without a
   * return statement leaves R out: a mask operation that runs first at the function's end has no type
   * feedback when V8 optimizes the function mid-run, and each warp reaching it deoptimized that code.
   */
  private rejoin(sv: string, ...extra: (string | null)[]): string {
    const gone = [this.returns ? 'R' : null, ...extra].filter((x) => x);
    return gone.length === 0 ? `A = ${sv};` : `A = ${sv} & ~(${gone.join(' | ')});`;
  }

  /**
   * A loop's per-iteration step check. In a device generator it is also where a warp gives up its
   * time slice (yield 2), so that a warp spinning on a flag another block sets lets that block run.
   */
  private backEdge(): string {
    return !this.host && this.isGen ? 'if (++S.n > S.max && RT.stepOver(S)) yield 2;' : 'if (++S.n > S.max) RT.stepOver(S);';
  }

  /** A statement's head: counts it and, in instrumented code, tells the observer (only while `observed`, a JS condition, holds; null: always). */
  private head(loc: IStmt['loc'], out: string[], observed: string | null = null): void {
    const k = this.T.locIndex(loc);
    this.traffic.loc = k;
    out.push(`if (++S.n > S.max) RT.stepOver(S); ${this.host ? '' : 'S.t += A === -1 ? 32 : PC(A); '}W.loc = LOC[${k}];`);
    const when = observed === null ? 'O !== null' : `O !== null && ${observed}`;
    // A suspension point only where the observer may ask for one: each yield makes the generator's code larger and slower to optimize.
    if (this.T.suspend) out.push(`if (${when}) { RT.cw = W; if (O.statement(W, A, LOC[${k}], ${k})) yield RT.stepSuspend(LOC[${k}]); }`);
    else if (this.T.instrument) out.push(`if (${when}) { RT.cw = W; O.statement(W, A, LOC[${k}], ${k}); }`);
    // Round-robin and random schedulers (exec/scheduler.ts) end a device warp's turn here, before
    // the statement runs; the host thread is no warp and never yields 2.
    if (this.T.switches && !this.host && this.isGen) out.push('if (S.sched && S.sched.switchNow(W)) yield 2;');
  }

  /**
   * Tells an observer that wants divergence (ExecutionListener.diverge) how many ways the lanes of
   * `mask` split at a branch: `targets` is a lane-free expression of that count. Device code only:
   * the host thread is no warp; uninstrumented code has none of it.
   */
  private diverge(loc: IStmt['loc'], targets: string, mask: string, out: string[]): void {
    if (!this.T.instrument || this.host) return;
    out.push(`if (O !== null && O.diverge !== undefined) { const n_ = ${targets}; if (n_ > 1) O.diverge(W, ${mask}, n_, LOC[${this.T.locIndex(loc)}]); }`);
  }

  stmts(body: readonly IStmt[], out: string[]): void {
    let open = 0;
    for (const s of body) {
      this.stmt(s, out);
      if (mayLeave(s)) {
        out.push('if (A !== 0) {');
        open++;
      }
    }
    for (; open > 0; open--) out.push('}');
  }

  private runPre(e: Parameters<ExprCompiler['ex']>[0], out: string[]): string {
    const [lines, v] = this.withPre(() => this.ex(e));
    out.push(...lines);
    return v;
  }

  private stmt(s: IStmt, out: string[]): void {
    switch (s.k) {
      case 'expr': {
        this.head(s.loc, out);
        const v = this.runPre(discarded(s.e), out);
        // Whatever lane expression is left must still run, even when parts of the statement (a call among
        // printf's arguments, say) went warp-wide first; only temps, constants and register reads are inert.
        if (!isInert(v)) out.push(this.lanes(`${v};`));
        return;
      }
      case 'init':
        return this.init(s, out);
      case 'block':
        out.push('{');
        this.stmts(s.body, out);
        out.push('}');
        return;
      case 'if': {
        this.head(s.loc, out);
        const sv = this.id('s'), c = this.id('c');
        const v = this.runPre(s.cond, out);
        out.push(`const ${sv} = A; let ${c} = 0;`, this.lanes(`if (${truthy(s.cond.type, v)}) ${c} |= 1 << l;`));
        this.diverge(s.loc, `(${sv} & ${c}) !== 0 && (${sv} & ~${c}) !== 0 ? 2 : 0`, sv, out);
        out.push(`A = ${sv} & ${c}; if (A !== 0) {`);
        this.stmt(s.then, out);
        out.push('}');
        if (s.else) {
          out.push(`A = ${sv} & ~${c}; if (A !== 0) {`);
          this.stmt(s.else, out);
          out.push('}');
        }
        if (s !== this.tail) out.push(this.rejoin(sv, this.ctx.brk, this.ctx.cont));
        return;
      }
      case 'loop':
        return this.loop(s, out);
      case 'switch':
        return this.switchStmt(s, out);
      case 'break':
        out.push(`${this.ctx.brk} |= A; A = 0;`);
        return;
      case 'continue':
        out.push(`${this.ctx.cont} |= A; A = 0;`);
        return;
      case 'return': {
        this.head(s.loc, out);
        if (s.value) {
          const v = this.runPre(s.value, out);
          if (isScalar(this.fn.ret)) out.push(this.lanes(`RV[l] = ${v};`));
          else out.push(this.lanes(`M.copyLane(RS, ${v}, ${sizeOf(this.fn.ret)}, l, ${this.host ? 1 : 0});`));
        }
        out.push(this.fn.space === 'global' && !this.host ? 'R |= A; W.exited = R; A = 0;' : 'R |= A; A = 0;');
        return;
      }
    }
  }

  private init(s: IStmt & { k: 'init' }, out: string[]): void {
    const v = s.v;
    if (v.storage !== 'auto') return;
    this.head(s.loc, out);
    const r = this.regs.get(v);
    if (r) {
      if (s.value) {
        const x = this.runPre(s.value, out);
        out.push(this.lanes(`${r}[l] = ${x};`));
      }
      return;
    }
    const addr = this.addrOf(v);
    const parts: string[] = [];
    if (s.zeroFill) parts.push(`RT.zeroLane(${addr}, ${sizeOf(v.type)}, l, ${this.host ? 1 : 0});`);
    if (s.value) {
      const x = this.runPre(s.value, out);
      parts.push(isScalar(v.type) ? this.store(addr, v.type, 'local', x) : `M.copyLane(${addr}, ${x}, ${sizeOf(v.type)}, l, ${this.host ? 1 : 0});`);
    }
    for (const st of s.stores) {
      const x = this.runPre(st.value, out);
      parts.push(this.store(`(${addr} + ${st.offset})`, st.value.type, 'local', x));
    }
    if (parts.length) out.push(this.lanes(parts.join(' ')));
  }

  private loop(s: IStmt & { k: 'loop' }, out: string[]): void {
    out.push('{');
    if (s.init) this.stmt(s.init, out);
    const sv = this.id('s'), B = this.id('B'), C = this.id('C'), first = this.id('f');
    const spin = this.spinProbe(s, first);
    out.push(`const ${sv} = A; let ${B} = 0, ${C} = 0;${spin?.decl ?? ''}`, `for (let ${first} = true; ; ${first} = false) {`, spin?.edge ?? this.backEdge(), `${this.rejoin(sv, B)} if (A === 0) break;`);
    const outer = this.inSpin;
    if (spin) this.inSpin = true;
    if (s.cond) {
      const c = this.id('c');
      const cond: string[] = [];
      // After the first iteration the condition runs straight after the step, at the same place: the two are one
      // step of the trace, as gdb stops once per iteration at a for loop's line (the step's hook covers both).
      this.head(s.loc, cond, s.step && s.testFirst ? first : null);
      const v = this.runPre(s.cond, cond);
      cond.push(`let ${c} = 0;`, this.lanes(`if (${truthy(s.cond.type, v)}) ${c} |= 1 << l;`));
      this.diverge(s.loc, `(A & ${c}) !== 0 && (A & ~${c}) !== 0 ? 2 : 0`, 'A', cond);
      cond.push(`${B} |= A & ~${c}; A &= ${c}; if (A === 0) break;`);
      out.push(s.testFirst ? cond.join('\n') : `if (!${first}) { ${cond.join('\n')} }`);
    }
    const saved = this.ctx;
    this.ctx = { brk: B, cont: C };
    out.push(`${C} = 0;`);
    this.stmt(s.body, out);
    this.ctx = saved;
    out.push(`${this.rejoin(sv, B)} if (A === 0) break;`);
    if (s.step) {
      this.head(s.loc, out);
      const v = this.runPre(discarded(s.step), out);
      if (!/^t\d+\[l\]$/.test(v)) out.push(this.lanes(`${v};`));
    }
    this.inSpin = outer;
    out.push('}', s !== this.tail ? this.rejoin(sv) : '', '}');
  }

  /**
   * The declarations and back-edge of a loop that writes only registers, which probe it for
   * spinning (exec/spin.ts) every so many iterations; null for other loops. Host code and device
   * generators only: a device function that cannot yield cannot end its warp's turn.
   */
  private spinProbe(s: IStmt & { k: 'loop' }, first: string): { decl: string; edge: string } | null {
    if (this.inSpin || (!this.host && !this.isGen)) return null;
    const loop = spinLoop(s, (v) => this.regs.has(v), this.host);
    if (loop === null) return null;
    const i = this.id('i'), p = this.id('p'), e = this.id('e');
    const call = `SP(W, LOC[${this.T.locIndex(s.loc)}], ${e}, A, ${first}, [${loop.vars.map((v) => this.regs.get(v)!).join(', ')}])`;
    const decl = ` let ${i} = 0, ${p} = ${FIRST_PROBE}; const ${e} = ++SC.act;`;
    if (this.host) return { decl, edge: `if (++S.n > S.max) RT.stepOver(S); else if (++${i} === ${p}) ${p} = ${i} + ${call};` };
    return { decl, edge: `if (++S.n > S.max && RT.stepOver(S)) yield 2; else if (++${i} === ${p}) { const d_ = ${call}; if (d_ < 0) { ${p} = ${i} - d_; yield 2; } else ${p} = ${i} + d_; }` };
  }

  private switchStmt(s: IStmt & { k: 'switch' }, out: string[]): void {
    this.head(s.loc, out);
    const sv = this.id('s'), B = this.id('B');
    const v = this.runPre(s.cond, out);
    const entry = s.body.map(() => [] as number[]);
    s.cases.forEach((c, i) => entry[c.index]?.push(i));
    const masks = s.cases.map(() => this.id('e'));
    const dm = this.id('e');
    const tests = s.cases.map((c, i) => `if (v_ === ${literal(c.value)}) ${masks[i]} |= 1 << l;`).join(' else ');
    out.push(`const ${sv} = A; let ${B} = 0, ${dm} = 0; ${masks.map((m) => `let ${m} = 0;`).join(' ')}`);
    out.push(this.lanes(`const v_ = ${v}; ${tests ? tests + ' else ' : ''}${dm} |= 1 << l;`));
    // Each body entry is one target (case labels sharing an entry branch to the same place); lanes no
    // case takes, with no default, go past the switch: one more.
    const targets = s.body.map((_, j) => [...entry[j]!.map((i) => masks[i]!), ...(s.defaultIndex === j ? [dm] : [])]).filter((m) => m.length > 0);
    if (s.defaultIndex < 0) targets.push([dm]);
    this.diverge(s.loc, targets.map((m) => `((${m.join(' | ')}) !== 0 ? 1 : 0)`).join(' + '), sv, out);
    out.push('A = 0;');
    const saved = this.ctx;
    this.ctx = { brk: B, cont: saved.cont };
    s.body.forEach((st, j) => {
      const add = entry[j]!.map((i) => masks[i]!);
      if (s.defaultIndex === j) add.push(dm);
      if (add.length) out.push(`A |= ${add.join(' | ')};`);
      out.push('if (A !== 0) {');
      this.stmt(st, out);
      out.push('}');
    });
    this.ctx = saved;
    if (s !== this.tail) out.push(this.rejoin(sv, this.ctx.brk, this.ctx.cont));
  }
}

/** An expression whose value is thrown away: `i++` becomes `++i`, which needs no copy of the old value. */
function discarded(e: IExpr): IExpr {
  return e.k === 'incdec' && e.post ? { ...e, post: false } : e;
}

/** True when a statement may remove lanes from the enclosing flow (break, continue or return inside). */
function mayLeave(s: IStmt): boolean {
  switch (s.k) {
    case 'break': case 'continue': case 'return': return true;
    case 'block': return s.body.some(mayLeave);
    case 'if': return mayLeave(s.then) || (s.else !== null && mayLeave(s.else));
    case 'loop': return mayLeave(s.body);
    case 'switch': return s.body.some(mayLeave);
    default: return false;
  }
}
