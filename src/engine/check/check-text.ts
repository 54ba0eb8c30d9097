import type { Expr, TypeNode } from '../front/ast.js';

/*
 * Source text of an expression as the preprocessor's #e would give it for assert's
 * message. The AST has dropped the programmer's spacing and parentheses, so this
 * reprints with C's usual spacing and only the parentheses precedence requires.
 */

const PREC: Record<string, number> = {
  ',': 1, '||': 4, '&&': 5, '|': 6, '^': 7, '&': 8, '==': 9, '!=': 9, '<': 10, '>': 10, '<=': 10, '>=': 10,
  '<<': 11, '>>': 11, '+': 12, '-': 12, '*': 13, '/': 13, '%': 13,
};

function prec(e: Expr): number {
  switch (e.kind) {
    case 'binary': return PREC[e.op] ?? 0;
    case 'assign': return 2;
    case 'cond': return 3;
    case 'unary': return e.op.startsWith('post') ? 16 : 14;
    case 'cast': return e.style === 'c' ? 14 : 16;
    case 'sizeofExpr': case 'sizeofType': case 'alignof': case 'new': case 'delete': return 14;
    default: return 16;
  }
}

const wrap = (e: Expr, min: number): string => (prec(e) < min ? `(${exprText(e)})` : exprText(e));

function escape(s: string, q: string): string {
  return s.replace(/[\\"'\n\t\r\0]/g, (ch) => (ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : ch === '\r' ? '\\r' : ch === '\0' ? '\\0' : ch === q || ch === '\\' ? '\\' + ch : ch));
}

/** Reprints an expression in C syntax. */
export function exprText(e: Expr): string {
  switch (e.kind) {
    case 'int': case 'float': return e.text;
    case 'char': return `'${escape(String.fromCharCode(e.value & 0xff), "'")}'`;
    case 'string': return `"${escape(e.value, '"')}"`;
    case 'bool': return e.value ? 'true' : 'false';
    case 'nullptr': return 'nullptr';
    case 'ident': return e.name;
    case 'unary': {
      if (e.op === 'post++' || e.op === 'post--') return wrap(e.operand, 16) + e.op.slice(4);
      const op = e.op === 'pre++' || e.op === 'pre--' ? e.op.slice(3) : e.op;
      return op + wrap(e.operand, 14);
    }
    case 'binary': {
      const p = PREC[e.op] ?? 0;
      return `${wrap(e.left, p)}${e.op === ',' ? ',' : ' ' + e.op} ${wrap(e.right, p + 1)}`;
    }
    case 'assign': return `${wrap(e.target, 3)} ${e.op} ${wrap(e.value, 2)}`;
    case 'cond': return `${wrap(e.cond, 4)} ? ${exprText(e.then)} : ${wrap(e.else, 3)}`;
    case 'call': return `${wrap(e.callee, 16)}(${e.args.map(exprText).join(', ')})`;
    case 'launch': return `${wrap(e.callee, 16)}<<<${e.config.map(exprText).join(', ')}>>>(${e.args.map(exprText).join(', ')})`;
    case 'index': return `${wrap(e.base, 16)}[${exprText(e.index)}]`;
    case 'member': return `${wrap(e.base, 16)}${e.arrow ? '->' : '.'}${e.name}`;
    case 'cast': return e.style === 'c' ? `(${typeText(e.type)})${wrap(e.operand, 14)}` : `${e.style}_cast<${typeText(e.type)}>(${exprText(e.operand)})`;
    case 'construct': return `${typeText(e.type)}${e.braces ? '{' : '('}${e.args.map(exprText).join(', ')}${e.braces ? '}' : ')'}`;
    case 'sizeofType': return `sizeof(${typeText(e.type)})`;
    case 'sizeofExpr': return `sizeof ${wrap(e.expr, 14)}`;
    case 'alignof': return `alignof(${typeText(e.type)})`;
    case 'offsetof': return `offsetof(${typeText(e.type)}, ${e.path.map((x, i) => (typeof x === 'string' ? (i > 0 ? '.' : '') + x : `[${exprText(x)}]`)).join('')})`;
    case 'initList': return `{${e.items.map((i) => (i.designator ? `.${i.designator} = ` : '') + exprText(i.value)).join(', ')}}`;
    case 'new': return `new ${typeText(e.type)}${e.count ? `[${exprText(e.count)}]` : ''}`;
    case 'delete': return `delete${e.array ? '[]' : ''} ${exprText(e.operand)}`;
    case 'unsupported': return e.what;
  }
}

/** Reprints a type as written (enough for casts in assert messages). */
export function typeText(t: TypeNode): string {
  const cv = (x: { isConst?: boolean }): string => (x.isConst ? 'const ' : '');
  switch (t.kind) {
    case 'builtin': return cv(t) + t.name;
    case 'named': return cv(t) + t.name;
    case 'tagged': return cv(t) + `${t.tag} ${t.name ?? ''}`.trim();
    case 'pointer': return typeText(t.to) + ' *' + (t.isConst ? 'const' : '');
    case 'array': return `${typeText(t.of)}[${t.size ? exprText(t.size) : ''}]`;
    case 'reference': return typeText(t.to) + ' &';
    case 'function': return `${typeText(t.ret)} (${t.params.map((p) => typeText(p.type)).join(', ')})`;
    case 'auto': return cv(t) + 'auto';
    case 'decltype': return `decltype(${exprText(t.expr)})`;
  }
}
