import type { DeclSpecs, FunctionDecl, MethodDecl, TopDecl, TranslationUnit } from './ast.js';
import type { Token } from './token.js';

/*
 * nvcc compiles a .cu file twice: a host pass without __CUDA_ARCH__ and a device
 * pass with it. Warpscope runs one checker over one AST, so when the two passes'
 * token streams differ, the two parsed units are merged here into one:
 *  - a declaration both passes wrote the same way is kept once;
 *  - kernels and __device__ functions come from the device pass, host functions
 *    and host variables from the host pass;
 *  - every __host__ __device__ function becomes two declarations, a host-only one
 *    (host pass) and a device-only one (device pass), marked with `pass`, so host
 *    code calls the host body and device code the device body. All of them are
 *    split, not only those whose bodies differ, because an unchanged one may call
 *    a changed one and must then pick the callee of its own side; a struct's member
 *    functions are split the same way;
 *  - a declaration only one pass saw (file-scope `#ifdef __CUDA_ARCH__`) is kept
 *    where it stood, a function one marked with that pass.
 */

/** True when two preprocessed token streams are the same (the usual case: no __CUDA_ARCH__ test changed anything). */
export function sameTokens(a: readonly Token[], b: readonly Token[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.kind !== y.kind || x.text !== y.text || x.loc.line !== y.loc.line || x.loc.col !== y.loc.col || x.loc.file !== y.loc.file) return false;
  }
  return true;
}

/** Merges the host pass's and the device pass's units into the one unit the checker reads. */
export function mergePasses(host: TranslationUnit, device: TranslationUnit): TranslationUnit {
  return { file: host.file, decls: mergeDecls(host.decls, device.decls) };
}

type Pass = 'host' | 'device';

function mergeDecls(host: readonly TopDecl[], device: readonly TopDecl[]): TopDecl[] {
  const hk = keys(host);
  const dk = keys(device);
  const inDevice = new Map(dk.map((k, i) => [k, i]));
  const out: TopDecl[] = [];
  let i = 0;
  let j = 0;
  while (i < host.length || j < device.length) {
    if (i < host.length && j < device.length && hk[i] === dk[j]) {
      out.push(...mergePair(host[i]!, device[j]!));
      i++;
      j++;
      continue;
    }
    // Whichever side's next declaration the other side never reaches is a one-pass declaration.
    const hostLater = i < host.length ? (inDevice.get(hk[i]!) ?? -1) : -1;
    if (i < host.length && hostLater < j) out.push(...onlyIn(host[i++]!, 'host'));
    else if (j < device.length) out.push(...onlyIn(device[j++]!, 'device'));
    else out.push(...onlyIn(host[i++]!, 'host'));
  }
  return out;
}

/** Identity of a declaration across passes: what it is, its name and where it was written (numbered when repeated). */
function keys(decls: readonly TopDecl[]): string[] {
  const seen = new Map<string, number>();
  return decls.map((d) => {
    const name = 'name' in d && typeof d.name === 'string' ? d.name : '';
    const base = `${d.kind}:${name}:${d.loc.file}:${d.loc.line}:${d.loc.col}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}#${n}`;
  });
}

function mergePair(h: TopDecl, d: TopDecl): TopDecl[] {
  if (h.kind === 'function' && d.kind === 'function') {
    if (h.specs.host && h.specs.device && d.specs.host && d.specs.device) return [passOnly(h, 'host'), passOnly(d, 'device')];
    if (same(h, d)) return [h];
    return [h.specs.global || (h.specs.device && !h.specs.host) ? d : h];
  }
  if (h.kind === 'tagDef' && d.kind === 'tagDef' && 'fields' in h.def && 'fields' in d.def && (h.def.methods || d.def.methods)) {
    return [{ ...h, def: { ...h.def, methods: mergeMethods(h.def.methods ?? [], d.def.methods ?? []) } }];
  }
  if (same(h, d)) return [h];
  if (h.kind === 'namespace' && d.kind === 'namespace') return [{ ...h, decls: mergeDecls(h.decls, d.decls) }];
  if (h.kind === 'vars' && d.kind === 'vars' && h.decls.some((v) => deviceVar(v.specs))) return [d];
  return [h];
}

function onlyIn(d: TopDecl, pass: Pass): TopDecl[] {
  if (d.kind === 'namespace') return [{ ...d, decls: d.decls.flatMap((x) => onlyIn(x, pass)) }];
  if (d.kind !== 'function') return [d];
  const onDevice = !!(d.specs.global || d.specs.device);
  // The device pass compiles no host function bodies: one only it saw does not exist.
  if (pass === 'device' && !onDevice) return [];
  return [passOnly(d, pass)];
}

/** The declaration as the given pass compiles it: a __host__ __device__ function narrows to that side. */
function passOnly(d: FunctionDecl, pass: Pass): FunctionDecl {
  let specs: DeclSpecs = d.specs;
  if (specs.host && specs.device) specs = pass === 'host' ? { ...specs, device: false } : { ...specs, host: false };
  return { ...d, specs, pass };
}

/** A struct's member functions as the two passes compile them, split as namespace-scope functions are. */
function mergeMethods(host: readonly MethodDecl[], device: readonly MethodDecl[]): MethodDecl[] {
  const key = (m: MethodDecl): string => `${m.fn.name}:${m.fn.loc.line}:${m.fn.loc.col}`;
  const inHost = new Set(host.map(key));
  const out: MethodDecl[] = [];
  const space = (m: MethodDecl, pass: Pass): MethodDecl => ({ ...m, fn: passOnly(m.fn, pass) });
  for (const m of host) {
    const onDevice = !!m.fn.specs.device;
    if (m.fn.specs.host || !onDevice) out.push(space(m, 'host'));
    if (onDevice) {
      const twin = device.find((x) => key(x) === key(m));
      if (twin) out.push(space(twin, 'device'));
    }
  }
  for (const m of device) if (!inHost.has(key(m)) && m.fn.specs.device) out.push(space(m, 'device'));
  return out;
}

function deviceVar(s: DeclSpecs): boolean {
  return !!(s.device || s.constant || s.shared || s.managed);
}

/** Structural equality of two AST nodes (locations included: both passes read the same text). */
function same(a: TopDecl, b: TopDecl): boolean {
  return a === b || stringify(a) === stringify(b);
}

function stringify(x: TopDecl): string {
  return JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}
