/*
 * Lexical scopes of local variables, from the source text: the debug information gives each
 * variable only its declaration position, while `info locals` must show the variables of the
 * blocks enclosing the current statement, innermost block first (as gdb reads DWARF lexical
 * blocks). A block is a `{ ... }`, or the `for (...)` statement a loop variable is declared in.
 */

/** A source position (1-based line and column). */
export interface Pos {
  readonly line: number;
  readonly col: number;
}

/** Where a declaration's scope begins (its block's opening) and ends (its block's closing). */
export interface Scope {
  readonly open: Pos;
  readonly close: Pos;
}

const before = (a: Pos, b: Pos): boolean => a.line < b.line || (a.line === b.line && a.col < b.col);

/** Whether position `p` lies in `scope` at or after the declaration at `decl`. */
export function inScope(scope: Scope, decl: Pos, p: Pos): boolean {
  return !before(p, decl) && before(p, scope.close);
}

/** Compares two scopes for `info locals`: the inner (later opened) block first. */
export function innerFirst(a: Scope, b: Scope): number {
  return before(a.open, b.open) ? 1 : before(b.open, a.open) ? -1 : 0;
}

/** Source text without comments, strings and character literals (each replaced by spaces), as lines. */
function code(lines: readonly string[]): string[] {
  let inBlock = false;
  return lines.map((text) => {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (inBlock) {
        if (c === '*' && text[i + 1] === '/') (inBlock = false), (out += '  '), i++;
        else out += ' ';
      } else if (c === '/' && text[i + 1] === '*') (inBlock = true), (out += '  '), i++;
      else if (c === '/' && text[i + 1] === '/') return out + ' '.repeat(text.length - i);
      else if (c === '"' || c === "'") {
        let j = i + 1;
        while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
        out += ' '.repeat(Math.min(j, text.length - 1) - i + 1);
        i = j;
      } else out += c;
    }
    return out;
  });
}

/** Scopes of declarations in one source file, computed once per file. */
export class ScopeFinder {
  private readonly lines: string[];

  constructor(source: readonly string[]) {
    this.lines = code(source);
  }

  /** The scope of a variable declared at `decl`; null when the text does not say. */
  scopeOf(decl: Pos): Scope | null {
    const open = this.opening(decl);
    if (!open) return null;
    const close = this.closing(open);
    return close ? { open, close } : null;
  }

  /** The innermost `{` (or the `for` whose parentheses hold the declaration) enclosing `decl`. */
  private opening(decl: Pos): Pos | null {
    let braces = 0;
    let parens = 0;
    for (let l = decl.line; l >= 1; l--) {
      const text = this.lines[l - 1] ?? '';
      for (let c = (l === decl.line ? decl.col - 1 : text.length) - 1; c >= 0; c--) {
        const ch = text[c];
        if (ch === '}') braces++;
        else if (ch === '{') {
          if (braces === 0) return { line: l, col: c + 1 };
          braces--;
        } else if (ch === ')') parens++;
        else if (ch === '(') {
          if (parens === 0 && braces === 0 && /\bfor\s*$/.test(text.slice(0, c))) return { line: l, col: text.slice(0, c).search(/\bfor\s*$/) + 1 };
          if (parens > 0) parens--;
        }
      }
    }
    return null;
  }

  /** The end of the block opened at `open`: its matching `}`, or the end of a `for` statement. */
  private closing(open: Pos): Pos | null {
    const isFor = this.lines[open.line - 1]!.startsWith('for', open.col - 1);
    // A for statement: past its parentheses, then its body (a block, or one statement up to `;`).
    let depth = 0;
    let parens = 0;
    let stage: 'head' | 'body' = isFor ? 'head' : 'body';
    let bodyBraced = !isFor;
    for (let l = open.line; l <= this.lines.length; l++) {
      const text = this.lines[l - 1]!;
      for (let c = l === open.line ? open.col - 1 + (isFor ? 3 : 0) : 0; c < text.length; c++) {
        const ch = text[c]!;
        if (stage === 'head') {
          if (ch === '(') parens++;
          else if (ch === ')' && --parens === 0) stage = 'body';
          continue;
        }
        if (ch === '(') parens++;
        else if (ch === ')') parens--;
        else if (ch === '{') {
          if (depth === 0 && !bodyBraced && isFor && /^\s*$/.test(this.bodyPrefix(open, l, c))) bodyBraced = true;
          depth++;
        } else if (ch === '}') {
          depth--;
          if (depth <= 0 && bodyBraced) return { line: l, col: c + 1 };
        } else if (ch === ';' && isFor && !bodyBraced && depth === 0 && parens === 0) return { line: l, col: c + 1 };
      }
    }
    return null;
  }

  /** The text between a for statement's closing parenthesis and position (l, c): blank when `{` opens its body. */
  private bodyPrefix(open: Pos, l: number, c: number): string {
    let text = '';
    for (let k = open.line; k <= l; k++) text += (k === l ? this.lines[k - 1]!.slice(0, c) : this.lines[k - 1]!) + '\n';
    let parens = 0;
    let i = text.indexOf('(', open.col - 1 + 3);
    for (; i < text.length; i++) {
      if (text[i] === '(') parens++;
      else if (text[i] === ')' && --parens === 0) break;
    }
    return text.slice(i + 1);
  }
}
