import type { Expr } from './ast.js';
import type { Parser } from './parse-core.js';
import { parseAssign } from './parse-expr.js';
import { parseTypeId } from './parse-type.js';

/*
 * Attributes and alignment specifiers. Most attributes change nothing the simulator models and
 * are skipped; alignment requests change sizeof, field offsets and addresses, so they are kept as
 * constant expressions for the checker: `__align__(n)` (CUDA's macro for GCC's aligned
 * attribute), `alignas(n)`, `alignas(T)` (read as alignof(T)), `__attribute__((aligned(n)))`,
 * and `aligned` alone, which GCC takes as the target's largest alignment (16 on x86-64), in
 * either attribute syntax (`[[gnu::aligned(16)]]`).
 * `packed` would lay a struct out differently and is reported as unsupported.
 */

/** Words skipped with their parenthesised arguments. */
const WITH_ARGS: ReadonlySet<string> = new Set(['__launch_bounds__', '__align__', 'alignas', '__attribute__', '__declspec']);

/** True when the current token starts an attribute or alignment specifier. */
export function atAttribute(p: Parser): boolean {
  return (p.tok.kind === 'ident' && WITH_ARGS.has(p.tok.text)) || (p.at('[') && p.at('[', 1));
}

/** Reads the attributes at the current position; returns the alignment requests among them. */
export function parseAttributes(p: Parser): Expr[] {
  const aligns: Expr[] = [];
  for (;;) {
    if (p.at('[') && p.at('[', 1)) cxxAttributes(p, aligns);
    else if (p.at('__align__') || p.at('alignas')) aligns.push(alignArgument(p));
    else if (p.at('__attribute__')) gnuAttributes(p, aligns);
    else if (p.tok.kind === 'ident' && WITH_ARGS.has(p.tok.text)) {
      p.next();
      if (p.at('(')) p.skipBalanced();
    } else return aligns;
  }
}

/** Skips attributes where an alignment request has no meaning the simulator models (it is named as unsupported). */
export function skipAttributes(p: Parser): void {
  const loc = p.tok.loc;
  if (parseAttributes(p).length > 0) p.error('an alignment attribute in this position is not supported by Warpscope', loc);
}

/** `__align__(n)`, `alignas(n)` or `alignas(T)`. */
function alignArgument(p: Parser): Expr {
  const kw = p.next();
  p.expect('(', `expected '(' after '${kw.text}'`);
  const arg: Expr = kw.text === 'alignas' && p.isTypeStartAt(p.pos) ? { kind: 'alignof', type: parseTypeId(p), loc: kw.loc } : parseAssign(p);
  p.expect(')', "expected ')'");
  return arg;
}

/** `__attribute__((a, b(args), ..))`: keeps `aligned`, refuses `packed`, skips the rest. */
function gnuAttributes(p: Parser, aligns: Expr[]): void {
  p.next();
  p.expect('(', "expected '(' after '__attribute__'");
  p.expect('(', "expected '(' after '__attribute__('");
  attributeList(p, aligns, ')');
  p.expect(')', "expected ')'");
  p.expect(')', "expected ')'");
}

/** `[[a, ns::b(args), ..]]`: as gnuAttributes (`[[gnu::aligned(16)]]` is GCC's aligned). */
function cxxAttributes(p: Parser, aligns: Expr[]): void {
  p.next();
  p.next();
  attributeList(p, aligns, ']');
  p.expect(']', "expected ']'");
  p.expect(']', "expected ']'");
}

/** A comma-separated attribute list up to `close`. */
function attributeList(p: Parser, aligns: Expr[], close: string): void {
  while (!p.at(close)) {
    if (p.tok.kind === 'eof') p.error(`expected '${close}'`);
    let name = p.next();
    while (p.accept('::')) name = p.next();
    const bare = name.text.replace(/^__(.*)__$/, '$1');
    if (bare === 'packed') p.error("the 'packed' attribute is not supported by Warpscope", name.loc);
    if (bare === 'aligned') {
      if (p.accept('(')) {
        aligns.push(parseAssign(p));
        p.expect(')', "expected ')'");
      } else aligns.push({ kind: 'int', value: 16n, suffix: '', radix: 10, text: '16', loc: name.loc });
    } else if (p.at('(')) p.skipBalanced();
    if (!p.accept(',')) break;
  }
}
