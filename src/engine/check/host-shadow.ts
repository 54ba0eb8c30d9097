import type { Expr } from '../front/ast.js';
import type { SourceLoc } from '../front/token.js';
import type { Checker } from './check-ctx.js';
import type { VarSym } from './ir.js';

/*
 * Host code that names a __device__, __constant__ or __shared__ variable. nvcc compiles it with
 * warning 20091/20092 and the host touches the variable's host-side shadow, the object the runtime
 * registers the symbol with: zero-filled (the initialiser goes to the device only), so host reads
 * see 0 and host writes never reach the device (checked on an H100, rules/host_device_var). A host
 * write to a __constant__ variable is an error, as nvcc's (its shadow is const there).
 * Symbol arguments (cudaMemcpyToSymbol) and sizeof name the variable without accessing it.
 */

/** Per-checker state: each variable's shadow, the identifier an assignment writes, and unevaluated depth. */
export interface HostShadowState {
  readonly shadows: Map<VarSym, VarSym>;
  /** The identifier at the root of the assignment or ++/-- target being checked, if any. */
  writeRoot: Expr | null;
  /** Whether that write reads the old value too (`+=`, `++`): nvcc then warns of both. */
  writeReads: boolean;
  /** >0 while checking an operand that only names a variable (sizeof, a symbol argument). */
  naming: number;
  /** The identifier an index expression being checked subscripts, if any: `arr[i]` reads `arr`, `arr` alone only decays. */
  indexed: Expr | null;
  /** The identifier whose address `&` takes, if any: no access. */
  addressed: Expr | null;
}

/** A fresh state for one checker. */
export function newHostShadowState(): HostShadowState {
  return { shadows: new Map(), writeRoot: null, writeReads: false, naming: 0, indexed: null, addressed: null };
}

const SPACE_NAMES: Partial<Record<VarSym['storage'], string>> = { device: '__device__', constant: '__constant__', shared: '__shared__' };

/** The identifier whose object an assignment to `target` writes (`a`, `a[i]`, `a.f`), or null. */
export function writtenIdent(target: Expr): Expr | null {
  let e = target;
  while (e.kind === 'index' || (e.kind === 'member' && !e.arrow)) e = e.base;
  return e.kind === 'ident' ? e : null;
}

/** Runs `f` with `target`'s root identifier marked as written (an assignment's or ++/--'s target), and as read first when `reads`. */
export function checkingWrite<T>(c: Checker, target: Expr, reads: boolean, f: () => T): T {
  const s = c.hostShadow;
  const saved = [s.writeRoot, s.writeReads] as const;
  s.writeRoot = writtenIdent(target);
  s.writeReads = reads;
  try {
    return f();
  } finally {
    [s.writeRoot, s.writeReads] = saved;
  }
}

/** Runs `f` (an index expression's check) with `base`, when an identifier, marked as the subscripted array. */
export function checkingIndex<T>(c: Checker, base: Expr, f: () => T): T {
  return marking(c, 'indexed', base, f);
}

/** Runs `f` (a `&` operand's check) with `operand`, when an identifier, marked as only addressed. */
export function checkingAddress<T>(c: Checker, operand: Expr, f: () => T): T {
  return marking(c, 'addressed', operand, f);
}

/** Runs `f` with `e`, when an identifier, as the state's `mark`; the outer mark is restored after, as checks nest. */
function marking<T>(c: Checker, mark: 'indexed' | 'addressed', e: Expr, f: () => T): T {
  const s = c.hostShadow;
  const saved = s[mark];
  s[mark] = e.kind === 'ident' ? e : null;
  try {
    return f();
  } finally {
    s[mark] = saved;
  }
}

/** Runs `f`, in which variables are named, not accessed (sizeof's operand, a symbol argument). */
export function naming<T>(c: Checker, f: () => T): T {
  c.hostShadow.naming++;
  try {
    return f();
  } finally {
    c.hostShadow.naming--;
  }
}

/**
 * The variable code at `ident` accesses in place of `v`: host code (and a namespace-scope initialiser) gets
 * its host shadow when `v` lives on the device, else `v`. Host and __host__ __device__ functions get nvcc's
 * warning (nvcc 13 warns in both; a namespace-scope initialiser reads the shadow silently). A __host__
 * __device__ function keeps `v`, as its one body serves both sides: its host version reads the shadow
 * through IProgram.hostShadows.
 */
export function hostView(c: Checker, v: VarSym, ident: Expr, loc: SourceLoc): VarSym {
  const space = SPACE_NAMES[v.storage];
  const fnSpace = c.fn?.space ?? null;
  if (!space || (fnSpace !== null && fnSpace !== 'host' && fnSpace !== 'hostDevice') || c.hostShadow.naming > 0) return v;
  const written = c.hostShadow.writeRoot === ident;
  if (written) c.hostShadow.writeRoot = null;
  // nvcc rejects a write to a __constant__ one (its host copy is const) and checks on. Taking
  // the address, or an array decaying to a pointer, accesses nothing: nvcc is silent there.
  if (written && v.storage === 'constant') c.error(loc, `expression must be a modifiable lvalue: host code sees __constant__ variable "${v.name}" as const`);
  const silent = fnSpace === null || (written && v.storage === 'constant') || c.hostShadow.addressed === ident || (v.type.kind === 'array' && !written && c.hostShadow.indexed !== ident);
  const say = (what: string): void => c.warn(loc, `a ${space} variable "${v.name}" cannot be directly ${what} in a host function`);
  if (!silent && written && c.hostShadow.writeReads) say('read');
  if (!silent) say(written ? 'written' : 'read');
  const shadow = shadowOf(c, v);
  return fnSpace === 'hostDevice' ? v : shadow;
}

/** `v`'s host shadow, made on first use: a zero-filled host variable of its name and type. */
function shadowOf(c: Checker, v: VarSym): VarSym {
  let shadow = c.hostShadow.shadows.get(v);
  if (!shadow) {
    shadow = c.newVar(v.name, v.type, 'host', v.loc, { align: v.align });
    c.hostShadow.shadows.set(v, shadow);
  }
  return shadow;
}

/**
 * Every __device__ and __constant__ variable's host shadow, keyed by the variable: nvcc's host object has
 * one whether host code names it or not, and a debugger stopped in host code reads it. Those no code
 * named are made last, so they follow every other static.
 */
export function allHostShadows(c: Checker): ReadonlyMap<VarSym, VarSym> {
  for (const v of [...c.globals]) if (v.storage === 'device' || v.storage === 'constant') shadowOf(c, v);
  return c.hostShadow.shadows;
}
