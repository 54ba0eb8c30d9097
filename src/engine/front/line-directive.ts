/**
 * `#line N "file"` and cpp's `# N "file" flags` markers: from the next line on,
 * tokens report the presumed line and file, as gcc (nvcc's host preprocessor)
 * does, so diagnostics, __LINE__/__FILE__ and debug line tables follow them.
 */
import { fail } from './diag.js';
import type { SourceLoc, Token } from './token.js';

/** Where the lines of one file are presumed to be: `physical line + delta` in `file`. */
export interface LineMap {
  readonly file: string;
  readonly delta: number;
}

// C++ [cpp.line]: the digit sequence shall not specify zero nor exceed 2147483647.
const MAX_LINE = 2147483647;

/**
 * Reads a directive's operands, already macro-expanded: a digit sequence and an optional string
 * literal (plus flag numbers after a line marker). `dir` is the directive name token (`line`, or the
 * number itself for a marker); `lastLine` the physical line the directive ends on.
 */
export function parseLineDirective(ops: readonly Token[], dir: Token, marker: boolean, lastLine: number, current: LineMap | null, physicalFile: string): LineMap {
  const num = ops[0];
  const what = marker ? 'line marker directive' : '#line directive';
  if (num === undefined || num.kind !== 'int') fail((num ?? dir).loc, `${what} requires a positive integer argument`);
  if (!/^[0-9]+$/.test(num.text)) fail(num.loc, `${what} requires a simple digit sequence`);
  const n = Number(num.text);
  if (n > MAX_LINE) fail(num.loc, 'line number out of range');
  let file = current?.file ?? physicalFile;
  const name = ops[1];
  if (name !== undefined) {
    if (name.kind !== 'string' || !name.text.startsWith('"')) fail(name.loc, `invalid filename for ${what}`);
    file = unquote(name.text);
    const extra = ops.slice(2).find((t) => !marker || t.kind !== 'int');
    if (extra !== undefined) fail(extra.loc, `extra tokens at end of ${what}`);
  }
  return { file, delta: n - (lastLine + 1) };
}

/** The presumed position of a physical one under `map`. */
export function presumed(loc: SourceLoc, map: LineMap | null): SourceLoc {
  return map === null ? loc : { file: map.file, line: loc.line + map.delta, col: loc.col };
}

/** Moves a line's tokens to their presumed positions. */
export function presumeTokens(toks: readonly Token[], map: LineMap | null): Token[] {
  return map === null ? [...toks] : toks.map((t) => ({ ...t, loc: presumed(t.loc, map) }));
}

/** The text of a plain string literal, escapes folded. */
function unquote(lit: string): string {
  return lit.slice(1, -1).replace(/\\(.)/g, '$1');
}
