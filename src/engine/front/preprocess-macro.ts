/**
 * Macro definitions and expansion.
 *
 * Expansion follows Prosser's hide-set algorithm (the reference model for the
 * C standard's rescanning rules): every token carries the set of macro names
 * that must not expand it again, so a macro is never re-expanded inside its
 * own expansion, even across nested arguments, and a name suppressed once
 * stays suppressed when rescanned later.
 *
 * Tokens written in a macro body take the location of the outermost use site
 * (token.ts's contract); tokens that came from an argument keep their own
 * location, since the user wrote them there.
 */
import { fail, unsupported } from './diag.js';
import { lexLines } from './lex.js';
import type { SourceLoc, Token } from './token.js';

/** A #define'd macro; `params` is null for an object-like macro. */
export interface Macro {
  readonly name: string;
  readonly params: readonly string[] | null;
  readonly variadic: boolean;
  readonly body: readonly Token[];
}

/** A token with the names of macros that must not expand it. */
export interface PPTok {
  readonly t: Token;
  readonly hide: ReadonlySet<string>;
}

/** The hide set of tokens that no expansion has touched. */
export const NO_HIDE: ReadonlySet<string> = new Set();

const isPunct = (t: Token | undefined, text: string): boolean => t !== undefined && t.kind === 'punct' && t.text === text;

/** Parses the tokens after `#define` (`at` is the `define` token). */
export function parseDefine(toks: readonly Token[], at: SourceLoc): Macro {
  const nameTok = toks[0];
  if (nameTok === undefined) fail(at, 'macro name missing');
  if (nameTok.kind !== 'ident') fail(nameTok.loc, 'macro name must be an identifier');
  if (nameTok.text === 'defined') fail(nameTok.loc, "'defined' cannot be used as a macro name");
  let i = 1;
  let params: string[] | null = null;
  let variadic = false;
  // Function-like only when '(' touches the name: `#define F (x)` is object-like.
  if (isPunct(toks[1], '(') && !toks[1].spaceBefore) {
    params = [];
    i = 2;
    if (isPunct(toks[i], ')')) i++;
    else {
      for (;;) {
        const p = toks[i];
        if (p === undefined) fail(toks[i - 1].loc, "missing ')' in macro parameter list");
        if (isPunct(p, '...')) {
          variadic = true;
          params.push('__VA_ARGS__');
          i++;
          if (!isPunct(toks[i], ')')) fail((toks[i] ?? p).loc, "missing ')' in macro parameter list");
          i++;
          break;
        }
        if (p.kind !== 'ident') fail(p.loc, 'invalid token in macro parameter list');
        if (p.text === '__VA_ARGS__') fail(p.loc, '__VA_ARGS__ can only appear in the expansion of a C99 variadic macro');
        if (params.includes(p.text)) fail(p.loc, `duplicate macro parameter name '${p.text}'`);
        params.push(p.text);
        i++;
        const sep = toks[i];
        if (isPunct(sep, ',')) {
          i++;
          continue;
        }
        if (isPunct(sep, ')')) {
          i++;
          break;
        }
        if (isPunct(sep, '...')) unsupported(sep.loc, 'a named variadic macro parameter (GNU `args...`)');
        fail((sep ?? p).loc, sep === undefined ? "missing ')' in macro parameter list" : 'expected comma in macro parameter list');
      }
    }
  }
  const body = toks.slice(i);
  if (body.length > 0) {
    if (isPunct(body[0], '##')) fail(body[0].loc, "'##' cannot appear at either end of a macro expansion");
    const last = body[body.length - 1];
    if (isPunct(last, '##')) fail(last.loc, "'##' cannot appear at either end of a macro expansion");
  }
  if (params !== null) {
    for (let k = 0; k < body.length; k++) {
      const b = body[k];
      if (isPunct(b, '#')) {
        const next = body[k + 1];
        const ok = next !== undefined && next.kind === 'ident' && (params.includes(next.text) || (variadic && next.text === '__VA_OPT__'));
        if (!ok) fail(b.loc, "'#' is not followed by a macro parameter");
      }
    }
  }
  for (const b of body) {
    if (b.kind === 'ident' && b.text === '__VA_ARGS__' && !variadic) fail(b.loc, '__VA_ARGS__ can only appear in the expansion of a C99 variadic macro');
  }
  return { name: nameTok.text, params, variadic, body };
}

/** True when two definitions are the same (redefining with the same body is allowed silently). */
export function sameMacro(a: Macro, b: Macro): boolean {
  if (a.variadic !== b.variadic || (a.params === null) !== (b.params === null)) return false;
  if (a.params !== null && b.params !== null && a.params.join(',') !== b.params.join(',')) return false;
  if (a.body.length !== b.body.length) return false;
  return a.body.every((t, k) => t.text === b.body[k].text && (k === 0 || t.spaceBefore === b.body[k].spaceBefore));
}

/** Quotes `text` as a C string literal (for `#` and __FILE__). */
export function quote(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

// Stands for an empty argument next to `##` until pasting is done (C11 6.10.3.3).
const PLACEMARKER: Token = { kind: 'punct', text: '', loc: { file: '', line: 0, col: 0 }, spaceBefore: false };

// Guards against macros whose expansion grows without bound (they terminate, but exponentially late).
const MAX_EXPANDED_TOKENS = 1_000_000;

/** Expands macros in token sequences against a shared, mutable macro table. */
export class Expander {
  // Tokens produced by the current top-level expansion, and how deep in argument pre-expansion we are.
  private produced = 0;
  private depth = 0;
  // gcc's __COUNTER__: 0, 1, 2... at each expansion in the translation unit.
  private counter = 0;

  constructor(private readonly macros: Map<string, Macro>) {}

  /** Fully macro-expands `input`; a function-like macro's arguments may run to the end of it. */
  expand(input: readonly PPTok[]): PPTok[] {
    if (this.depth === 0) this.produced = 0;
    this.depth++;
    try {
      return this.expandInner(input);
    } finally {
      this.depth--;
    }
  }

  private expandInner(input: readonly PPTok[]): PPTok[] {
    const stack = input.slice().reverse();
    const out: PPTok[] = [];
    for (;;) {
      const pt = stack.pop();
      if (pt === undefined) return out;
      const t = pt.t;
      if (t.kind !== 'ident' || pt.hide.has(t.text)) {
        out.push(pt);
        continue;
      }
      const m = this.macros.get(t.text);
      if (m === undefined) {
        out.push(this.dynamic(pt));
        continue;
      }
      if (m.params === null) {
        this.pushAll(stack, this.subst(m, [], t, withName(pt.hide, m.name)));
        continue;
      }
      // A function-like macro name not followed by '(' is an ordinary identifier.
      const next = stack[stack.length - 1];
      if (next === undefined || !isPunct(next.t, '(')) {
        out.push(pt);
        continue;
      }
      stack.pop();
      const args: PPTok[][] = [[]];
      const n = m.params.length;
      let depth = 0;
      let rparen: PPTok | undefined;
      for (;;) {
        const a = stack.pop();
        if (a === undefined) fail(t.loc, 'unterminated function-like macro invocation');
        if (a.t.kind === 'punct') {
          if (a.t.text === '(') depth++;
          else if (a.t.text === ')') {
            if (depth === 0) {
              rparen = a;
              break;
            }
            depth--;
          } else if (a.t.text === ',' && depth === 0 && !(m.variadic && args.length === n)) {
            args.push([]);
            continue;
          }
        }
        args[args.length - 1].push(a);
      }
      if (n === 0) {
        if (args.length > 1 || args[0].length > 0) fail(rparen.t.loc, 'too many arguments provided to function-like macro invocation');
        args.length = 0;
      } else if (args.length < n) {
        // C++20 lets a variadic macro's `...` receive nothing at all.
        if (m.variadic && args.length === n - 1) args.push([]);
        else fail(rparen.t.loc, 'too few arguments provided to function-like macro invocation');
      } else if (args.length > n) {
        fail(rparen.t.loc, 'too many arguments provided to function-like macro invocation');
      }
      const hide = withName(intersect(pt.hide, rparen.hide), m.name);
      this.pushAll(stack, this.subst(m, args, t, hide));
    }
  }

  private pushAll(stack: PPTok[], toks: readonly PPTok[]): void {
    for (let k = toks.length - 1; k >= 0; k--) stack.push(toks[k]);
  }

  /** __FILE__, __LINE__ and __COUNTER__ unless the program defined its own. */
  private dynamic(pt: PPTok): PPTok {
    const t = pt.t;
    if (t.text === '__LINE__') return { t: { ...t, kind: 'int', text: String(t.loc.line) }, hide: pt.hide };
    if (t.text === '__FILE__') return { t: { ...t, kind: 'string', text: quote(t.loc.file) }, hide: pt.hide };
    if (t.text === '__COUNTER__') return { t: { ...t, kind: 'int', text: String(this.counter++) }, hide: pt.hide };
    return pt;
  }

  /** Replaces the parameters in `m`'s body, handles # and ##, and adds `hide` to the result. */
  private subst(m: Macro, args: readonly PPTok[][], use: Token, hide: ReadonlySet<string>): PPTok[] {
    const params = m.params ?? [];
    const body = m.variadic ? vaOpt(m.body, (args[args.length - 1] ?? []).length > 0) : m.body;
    const expanded = new Map<number, PPTok[]>();
    const paramAt = (t: Token | undefined): number => (t !== undefined && t.kind === 'ident' ? params.indexOf(t.text) : -1);
    const fromBody = (b: Token): PPTok => ({ t: { ...b, loc: use.loc }, hide: NO_HIDE });
    const out: PPTok[] = [];
    for (let k = 0; k < body.length; k++) {
      const b = body[k];
      const p = paramAt(b);
      if (m.params !== null && isPunct(b, '#') && paramAt(body[k + 1]) >= 0) {
        out.push({ t: stringize(args[paramAt(body[k + 1])], b, use.loc), hide: NO_HIDE });
        k++;
        continue;
      }
      if (isPunct(b, '##')) {
        const r = body[k + 1];
        if (r === undefined) continue;
        k++;
        let rhs: PPTok[];
        const rp = paramAt(r);
        if (m.params !== null && isPunct(r, '#') && paramAt(body[k + 1]) >= 0) {
          rhs = [{ t: stringize(args[paramAt(body[k + 1])], r, use.loc), hide: NO_HIDE }];
          k++;
        } else if (rp >= 0) {
          rhs = args[rp].slice();
          // GNU `, ## __VA_ARGS__`: the comma disappears when there are no variadic arguments.
          if (m.variadic && rp === params.length - 1 && isPunct(out[out.length - 1]?.t, ',')) {
            if (rhs.length === 0) out.pop();
            else pushEach(out, rhs);
            continue;
          }
        } else {
          rhs = [fromBody(r)];
        }
        const lhs = out.pop();
        if (rhs.length === 0) rhs = [{ t: PLACEMARKER, hide: NO_HIDE }];
        if (lhs === undefined || lhs.t === PLACEMARKER) pushEach(out, rhs);
        else {
          out.push(rhs[0].t === PLACEMARKER ? lhs : { t: paste(lhs.t, rhs[0].t), hide: NO_HIDE });
          pushEach(out, rhs.slice(1));
        }
        continue;
      }
      if (p >= 0) {
        let toks: PPTok[];
        if (isPunct(body[k + 1], '##')) {
          toks = args[p].length > 0 ? args[p].slice() : [{ t: PLACEMARKER, hide: NO_HIDE }];
        } else {
          let e = expanded.get(p);
          if (e === undefined) {
            e = this.expand(args[p]);
            expanded.set(p, e);
          }
          toks = e.slice();
        }
        if (toks.length > 0 && toks[0].t !== PLACEMARKER) toks[0] = { t: { ...toks[0].t, spaceBefore: b.spaceBefore }, hide: toks[0].hide };
        for (const x of toks) out.push(x);
        continue;
      }
      out.push(fromBody(b));
    }
    const result: PPTok[] = [];
    for (const pt of out) {
      if (pt.t === PLACEMARKER) continue;
      result.push({ t: pt.t, hide: pt.hide.size === 0 ? hide : union(pt.hide, hide) });
    }
    this.produced += result.length;
    if (this.produced > MAX_EXPANDED_TOKENS) fail(use.loc, 'macro expansion is too large');
    if (result.length > 0) result[0] = { t: { ...result[0].t, spaceBefore: use.spaceBefore }, hide: result[0].hide };
    return result;
  }
}

/** Resolves `__VA_OPT__(...)` in a body: its contents when variadic arguments are present, else nothing. */
function vaOpt(body: readonly Token[], present: boolean): readonly Token[] {
  if (!body.some((t) => t.kind === 'ident' && t.text === '__VA_OPT__')) return body;
  const out: Token[] = [];
  for (let k = 0; k < body.length; k++) {
    const t = body[k];
    if (t.kind !== 'ident' || t.text !== '__VA_OPT__') {
      out.push(t);
      continue;
    }
    if (!isPunct(body[k + 1], '(')) fail(t.loc, "missing '(' following __VA_OPT__");
    let depth = 0;
    let j = k + 1;
    for (; j < body.length; j++) {
      if (isPunct(body[j], '(')) depth++;
      else if (isPunct(body[j], ')') && --depth === 0) break;
    }
    if (j >= body.length) fail(t.loc, 'unterminated __VA_OPT__');
    if (present) out.push(...body.slice(k + 2, j));
    k = j;
  }
  return out;
}

/** The `#arg` string literal: spelling of the argument with each gap collapsed to one space. */
function stringize(arg: readonly PPTok[], hash: Token, loc: SourceLoc): Token {
  let s = '';
  arg.forEach((p, k) => {
    if (k > 0 && p.t.spaceBefore) s += ' ';
    const x = p.t.text;
    s += p.t.kind === 'string' || p.t.kind === 'char' ? x.replace(/[\\"]/g, '\\$&') : x;
  });
  return { kind: 'string', text: `"${s}"`, loc, spaceBefore: hash.spaceBefore };
}

/** Joins two tokens with `##`; the result must lex as exactly one token. */
function paste(lhs: Token, rhs: Token): Token {
  const text = lhs.text + rhs.text;
  const r = lexLines(text, lhs.loc.file);
  const line = r.ok && r.value.length === 1 ? r.value[0] : undefined;
  if (line === undefined || line.error !== null || line.tokens.length !== 1) {
    fail(lhs.loc, `pasting formed '${text}', an invalid preprocessing token`);
  }
  return { ...line.tokens[0], loc: lhs.loc, spaceBefore: lhs.spaceBefore };
}

// A loop rather than push(...xs): spreading a long expansion overflows the call stack.
function pushEach<T>(out: T[], xs: readonly T[]): void {
  for (const x of xs) out.push(x);
}

function withName(set: ReadonlySet<string>, name: string): ReadonlySet<string> {
  const s = new Set(set);
  s.add(name);
  return s;
}

function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  if (a.size === 0 || b.size === 0) return NO_HIDE;
  return new Set([...a].filter((x) => b.has(x)));
}

// Tokens of one expansion share hide-set objects, so caching unions by identity avoids a Set per token.
const unions = new WeakMap<ReadonlySet<string>, WeakMap<ReadonlySet<string>, ReadonlySet<string>>>();

function union(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  let byB = unions.get(a);
  if (byB === undefined) {
    byB = new WeakMap();
    unions.set(a, byB);
  }
  const hit = byB.get(b);
  if (hit !== undefined) return hit;
  const s = new Set(a);
  for (const x of b) s.add(x);
  byB.set(b, s);
  return s;
}
