/**
 * The preprocessor: directives, conditional compilation, includes and macro
 * expansion, producing the token stream the parser reads.
 *
 * One call runs one of nvcc's passes: the device pass passes __CUDA_ARCH__ in
 * `defines` (see compile-source.ts). Files are read through a
 * callback so the engine runs in a browser worker as well as under Node.
 * The first error stops preprocessing; warnings (#warning, macro
 * redefinition) are collected and returned with the result.
 */
import { DiagError, fail, unsupported, type Diagnostic, type Result } from './diag.js';
import { builtinHeaderName, builtinHeaderText, PREDEFINED } from './headers.js';
import { checkNumber, endLoc, lexLines } from './lex.js';
import { parseLineDirective, presumed, presumeTokens, type LineMap } from './line-directive.js';
import { evalCondition } from './preprocess-expr.js';
import { Expander, NO_HIDE, parseDefine, sameMacro, type Macro, type PPTok } from './preprocess-macro.js';
import type { SourceLoc, Token } from './token.js';

/** How the preprocessor reaches files and which macros the command line defines. */
export interface PreprocessOptions {
  /** Returns a file's text, or null when it does not exist. */
  readonly readFile: (path: string) => string | null;
  /** `-D` macros: name (or `NAME(args)`) to replacement text; pass "1" for a bare `-DNAME`. */
  readonly defines?: ReadonlyMap<string, string>;
}

/** The preprocessed program: tokens ending with 'eof', and the text of every file read, main file included. */
export interface Preprocessed {
  tokens: Token[];
  includedFiles: Map<string, string>;
  /** Canonical names of the built-in headers included, directly or through other headers (`cooperative_groups/reduce.h`): the checker makes a library name visible only where its header was. */
  builtinHeaders: ReadonlySet<string>;
}

// Deeper than any sane program nests; stops a file that includes itself without a guard.
const MAX_INCLUDE_DEPTH = 200;
const BUILTIN_FILE = '<built-in>';

/** One open #if group. `taken`: some branch of it was (or must count as) already selected. */
interface Cond {
  active: boolean;
  taken: boolean;
  sawElse: boolean;
  readonly loc: SourceLoc;
}

const isPunct = (t: Token | undefined, text: string): boolean => t !== undefined && t.kind === 'punct' && t.text === text;

/** Preprocesses a translation unit; never throws for bad input, errors come back as diagnostics. */
export function preprocess(text: string, file: string, options: PreprocessOptions): Result<Preprocessed> {
  const pp = new Preprocessor(options);
  try {
    pp.run(PREDEFINED, BUILTIN_FILE);
    for (const [name, value] of options.defines ?? []) pp.run(`#define ${name} ${value}\n`, '<command line>');
    pp.included.set(file, text);
    const map = pp.run(text, file);
    pp.out.push({ kind: 'eof', text: '', loc: presumed(endLoc(text, file), map), spaceBefore: true });
  } catch (e) {
    if (e instanceof DiagError) return { ok: false, diags: [e.diag] };
    throw e;
  }
  const tokens = pp.out;
  return { ok: true, value: { tokens, includedFiles: pp.included, builtinHeaders: pp.builtinsDone }, warnings: pp.warnings };
}

class Preprocessor {
  readonly out: Token[] = [];
  readonly warnings: Diagnostic[] = [];
  readonly included = new Map<string, string>();
  private readonly macros = new Map<string, Macro>();
  private readonly expander = new Expander(this.macros);
  private readonly once = new Set<string>();
  readonly builtinsDone = new Set<string>();
  private depth = 0;

  constructor(private readonly options: PreprocessOptions) {}

  /** Preprocesses one file's text, appending its tokens to `out`; returns the #line mapping in force at its end. */
  run(text: string, file: string): LineMap | null {
    const lexed = lexLines(text, file);
    if (!lexed.ok) throw new DiagError(lexed.diags[0]);
    const conds: Cond[] = [];
    // Set by #line: later lines report presumed positions. `file` stays the physical file, for includes.
    let map: LineMap | null = null;
    // Consecutive text lines are expanded together, so a macro call may span lines.
    let pending: PPTok[] = [];
    const flush = (): void => {
      if (pending.length > 0) this.emit(this.expander.expand(pending));
      pending = [];
    };
    for (const physical of lexed.value) {
      const line = map === null ? physical : { ...physical, tokens: presumeTokens(physical.tokens, map), error: physical.error && { ...physical.error, loc: presumed(physical.error.loc, map) } };
      const toks = line.tokens;
      const active = conds.length === 0 || conds[conds.length - 1].active;
      if (!isPunct(toks[0], '#')) {
        if (!active) continue;
        if (line.error !== null) throw new DiagError(line.error);
        for (const t of toks) pending.push({ t, hide: NO_HIDE });
        continue;
      }
      flush();
      const dir = toks[1];
      if (dir === undefined) continue; // the null directive
      const rest = toks.slice(2);
      const name = dir.kind === 'ident' ? dir.text : '';
      // Lexing errors on skipped lines do not count, as in gcc and clang.
      const check = (): void => {
        if (line.error !== null) throw new DiagError(line.error);
      };
      switch (name) {
        case 'if':
        case 'ifdef':
        case 'ifndef': {
          if (!active) {
            conds.push({ active: false, taken: true, sawElse: false, loc: dir.loc });
            continue;
          }
          check();
          const v = name === 'if' ? this.condition(rest, dir, file) : this.isDefinedDirective(rest, dir) === (name === 'ifdef');
          conds.push({ active: v, taken: v, sawElse: false, loc: dir.loc });
          continue;
        }
        case 'elif': {
          const c = conds[conds.length - 1];
          if (c === undefined) fail(dir.loc, '#elif without #if');
          if (c.sawElse) fail(dir.loc, '#elif after #else');
          if (c.taken) c.active = false;
          else {
            check();
            c.active = this.condition(rest, dir, file);
            c.taken = c.active;
          }
          continue;
        }
        case 'else': {
          const c = conds[conds.length - 1];
          if (c === undefined) fail(dir.loc, '#else without #if');
          if (c.sawElse) fail(dir.loc, '#else after #else');
          c.sawElse = true;
          c.active = !c.taken;
          c.taken = true;
          continue;
        }
        case 'endif':
          if (conds.pop() === undefined) fail(dir.loc, '#endif without #if');
          continue;
        default:
          break;
      }
      if (!active) continue;
      if (name === 'error' || name === 'warning') {
        // clang prints the rest of the line as written, without expanding it.
        const off = line.offsets[1] + dir.text.length;
        const message = line.text.slice(off).trim();
        if (name === 'error') fail(dir.loc, message);
        this.warnings.push({ severity: 'warning', message, loc: dir.loc });
        continue;
      }
      check();
      switch (name) {
        case 'define':
          this.define(rest, dir);
          break;
        case 'undef': {
          const n = rest[0];
          if (n === undefined) fail(dir.loc, 'macro name missing');
          if (n.kind !== 'ident') fail(n.loc, 'macro name must be an identifier');
          this.macros.delete(n.text);
          break;
        }
        case 'include':
          this.include(rest, dir, file);
          break;
        case 'pragma':
          // `#pragma unroll` and the rest only tune code generation; the simulator ignores them.
          if (rest[0]?.kind === 'ident' && rest[0].text === 'once') this.once.add(file);
          // Packing below the natural alignment changes struct layout: named, never ignored.
          if (rest[0]?.kind === 'ident' && rest[0].text === 'pack' && rest.some((t) => t.kind === 'int' && Number.parseInt(t.text) < 16)) unsupported(rest[0].loc, "packing structs with '#pragma pack'");
          break;
        case 'line':
          map = this.lineDirective(rest, dir, false, physical.tokens, map, file);
          break;
        default:
          // `# 12 "file"` line markers, as cpp output writes them, work like #line.
          if (dir.kind === 'int') {
            map = this.lineDirective(toks.slice(1), dir, true, physical.tokens, map, file);
            break;
          }
          fail(dir.loc, `invalid preprocessing directive #${dir.text}`);
      }
    }
    flush();
    const open = conds[conds.length - 1];
    if (open !== undefined) fail(open.loc, 'unterminated conditional directive');
    return map;
  }

  /** Applies `#line`: its operands are macro-expanded unless they are already a number (C++ [cpp.line]). */
  private lineDirective(rest: readonly Token[], dir: Token, marker: boolean, physical: readonly Token[], map: LineMap | null, file: string): LineMap {
    const ops = marker || rest[0]?.kind === 'int' ? rest : this.expander.expand(rest.map((t) => ({ t, hide: NO_HIDE }))).map((p) => p.t);
    const lastLine = physical[physical.length - 1].loc.line;
    return parseLineDirective(ops, dir, marker, lastLine, map, file);
  }

  /** Appends expanded tokens to the output, dropping `_Pragma("...")` and checking numbers. */
  private emit(toks: readonly PPTok[]): void {
    for (let k = 0; k < toks.length; k++) {
      const t = toks[k].t;
      if (t.kind === 'ident' && t.text === '_Pragma' && isPunct(toks[k + 1]?.t, '(') && toks[k + 2]?.t.kind === 'string' && isPunct(toks[k + 3]?.t, ')')) {
        k += 3;
        continue;
      }
      if (t.kind === 'int' || t.kind === 'float') {
        const bad = checkNumber(t.text);
        if (bad !== null) fail(t.loc, bad);
      }
      this.out.push(t);
    }
  }

  private define(rest: readonly Token[], dir: Token): void {
    const m = parseDefine(rest, dir.loc);
    const old = this.macros.get(m.name);
    if (old !== undefined && !sameMacro(old, m)) this.warnings.push({ severity: 'warning', message: `'${m.name}' macro redefined`, loc: rest[0].loc });
    this.macros.set(m.name, m);
  }

  private isDefined(name: string): boolean {
    return this.macros.has(name) || name === '__FILE__' || name === '__LINE__' || name === '__COUNTER__';
  }

  /** The macro-name test of #ifdef/#ifndef. */
  private isDefinedDirective(rest: readonly Token[], dir: Token): boolean {
    const n = rest[0];
    if (n === undefined) fail(dir.loc, 'macro name missing');
    if (n.kind !== 'ident') fail(n.loc, 'macro name must be an identifier');
    return this.isDefined(n.text);
  }

  /** Evaluates an #if/#elif line: `defined` and __has_include first, then expansion, then arithmetic. */
  private condition(rest: readonly Token[], dir: Token, file: string): boolean {
    if (rest.length === 0) fail(dir.loc, `#${dir.text} with no expression`);
    const pre: PPTok[] = [];
    for (let k = 0; k < rest.length; k++) {
      const t = rest[k];
      if (t.kind === 'ident' && t.text === 'defined') {
        const paren = isPunct(rest[k + 1], '(');
        const n = rest[k + (paren ? 2 : 1)];
        if (n === undefined || n.kind !== 'ident') fail((n ?? t).loc, 'macro name must be an identifier');
        if (paren && !isPunct(rest[k + 3], ')')) fail((rest[k + 3] ?? n).loc, "missing ')' after 'defined'");
        k += paren ? 3 : 1;
        pre.push({ t: { ...t, kind: 'int', text: this.isDefined(n.text) ? '1' : '0' }, hide: NO_HIDE });
        continue;
      }
      if (t.kind === 'ident' && t.text === '__has_include') {
        if (!isPunct(rest[k + 1], '(')) fail(t.loc, "missing '(' after '__has_include'");
        const h = this.headerName(rest.slice(k + 2), t);
        const close = rest[k + 2 + h.used];
        if (!isPunct(close, ')')) fail((close ?? t).loc, "missing ')' after '__has_include'");
        k += 2 + h.used;
        pre.push({ t: { ...t, kind: 'int', text: this.findHeader(h.name, h.angle, file) !== null ? '1' : '0' }, hide: NO_HIDE });
        continue;
      }
      pre.push({ t, hide: NO_HIDE });
    }
    return evalCondition(this.expander.expand(pre).map((p) => p.t), dir);
  }

  /** Reads `"name"` or `<name>` at the start of `toks`; `used` counts the tokens it spans. */
  private headerName(toks: readonly Token[], dir: Token): { name: string; angle: boolean; loc: SourceLoc; used: number } {
    const first = toks[0];
    if (first !== undefined && first.kind === 'string' && first.text.startsWith('"')) {
      return { name: first.text.slice(1, -1), angle: false, loc: first.loc, used: 1 };
    }
    if (isPunct(first, '<')) {
      let name = '';
      for (let k = 1; k < toks.length; k++) {
        const t = toks[k];
        if (isPunct(t, '>')) return { name, angle: true, loc: first.loc, used: k + 1 };
        name += (k > 1 && t.spaceBefore ? ' ' : '') + t.text;
      }
    }
    return fail((first ?? dir).loc, 'expected "FILENAME" or <FILENAME>');
  }

  /** Finds a header: a quoted name next to the including file first, then the built-ins. */
  private findHeader(name: string, angle: boolean, from: string): { path: string; text: string; builtin: boolean } | null {
    if (!angle) {
      const path = joinPath(from, name);
      const text = from === BUILTIN_FILE ? null : this.options.readFile(path);
      if (text !== null) return { path, text, builtin: false };
    }
    const canon = builtinHeaderName(name);
    if (canon === null) return null;
    return { path: canon, text: builtinHeaderText(canon), builtin: true };
  }

  private include(rest: readonly Token[], dir: Token, from: string): void {
    let toks = rest;
    // A computed include: `#include MACRO` names the header through expansion.
    if (toks.length > 0 && !(toks[0].kind === 'string' || isPunct(toks[0], '<'))) {
      toks = this.expander.expand(rest.map((t) => ({ t, hide: NO_HIDE }))).map((p) => p.t);
    }
    const h = this.headerName(toks, dir);
    if (h.used < toks.length) this.warnings.push({ severity: 'warning', message: 'extra tokens at end of #include directive', loc: toks[h.used].loc });
    const found = this.findHeader(h.name, h.angle, from);
    if (found === null) {
      // <vector>, <iostream>, <thrust/...>: a library Warpscope does not provide, rather than a file the user forgot.
      if (h.angle && (!h.name.includes('.') || /^(thrust|cub|cuda|cu[a-z]+|nv[a-z_]*|mma)[/_.]/.test(h.name))) unsupported(h.loc, `the library header <${h.name}>`);
      fail(h.loc, `'${h.name}' file not found`);
    }
    if (found.builtin) {
      // Built-in headers are include-guarded by construction.
      if (this.builtinsDone.has(found.path)) return;
      this.builtinsDone.add(found.path);
      this.run(found.text, BUILTIN_FILE);
      return;
    }
    if (this.once.has(found.path)) return;
    if (this.depth >= MAX_INCLUDE_DEPTH) fail(h.loc, '#include nested too deeply');
    this.included.set(found.path, found.text);
    this.depth++;
    this.run(found.text, found.path);
    this.depth--;
  }
}

/** Resolves `name` against the folder of `from`, folding `.` and `..` as a path, not as a file system would. */
function joinPath(from: string, name: string): string {
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
  const full = name.startsWith('/') ? name : dir + name;
  const abs = full.startsWith('/');
  const parts: string[] = [];
  for (const p of full.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(p);
  }
  return (abs ? '/' : '') + parts.join('/');
}
