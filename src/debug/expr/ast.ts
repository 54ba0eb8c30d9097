import type { AddressSpace } from './context.js';
import type { CType } from '../../engine/check/types.js';

/*
 * The parsed form of a gdb C expression. Types written in casts and sizeof stay
 * unresolved (TypeSpec) until evaluation, where the context can name structs.
 */

/** The base of a written type: C keywords (`unsigned long`), a typedef-like name (`size_t`, `dim3`, a struct's name), or `struct TAG`. */
export type BaseSpec =
  | { readonly kind: 'keywords'; readonly words: readonly string[] }
  | { readonly kind: 'named'; readonly name: string }
  | { readonly kind: 'struct'; readonly tag: string };

/** A type as written in a cast: base, cuda-gdb address-space qualifier, pointer levels, then array dimensions. */
export interface TypeSpec {
  readonly base: BaseSpec;
  readonly space: AddressSpace | null;
  readonly isConst: boolean;
  readonly pointers: number;
  readonly arrays: readonly number[];
}

/** Binary operators evaluated with C's arithmetic, comparison and bitwise rules. */
export type BinaryOp = '*' | '/' | '%' | '+' | '-' | '<<' | '>>' | '<' | '>' | '<=' | '>=' | '==' | '!=' | '&' | '^' | '|';

/** An expression node. */
export type Expr =
  | { readonly kind: 'int'; readonly value: bigint; readonly type: CType }
  | { readonly kind: 'float'; readonly value: number; readonly type: CType }
  | { readonly kind: 'char'; readonly value: number }
  | { readonly kind: 'string'; readonly bytes: Uint8Array }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'ident'; readonly name: string }
  /** Value history in gdb's encoding: `$N` is N, `$` is 0, `$$` is -1, `$$N` is -N. */
  | { readonly kind: 'history'; readonly num: number }
  /** `$name`: a convenience variable (void unless the debugger set it, as it sets $bpnum: a replay cannot set them). */
  | { readonly kind: 'convenience'; readonly name: string }
  | { readonly kind: 'unary'; readonly op: '-' | '+' | '!' | '~'; readonly operand: Expr }
  | { readonly kind: 'deref'; readonly operand: Expr }
  | { readonly kind: 'addr'; readonly operand: Expr }
  | { readonly kind: 'sizeofType'; readonly type: TypeSpec }
  | { readonly kind: 'sizeofExpr'; readonly operand: Expr }
  | { readonly kind: 'cast'; readonly type: TypeSpec; readonly operand: Expr }
  /** gdb's `{type} addr`: the object of that type at that address. */
  | { readonly kind: 'memval'; readonly type: TypeSpec; readonly operand: Expr }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'logical'; readonly op: '&&' | '||'; readonly left: Expr; readonly right: Expr }
  /** gdb's artificial array `left@right`. */
  | { readonly kind: 'repeat'; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'cond'; readonly test: Expr; readonly then: Expr; readonly otherwise: Expr }
  | { readonly kind: 'comma'; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'index'; readonly target: Expr; readonly index: Expr }
  | { readonly kind: 'member'; readonly target: Expr; readonly name: string; readonly arrow: boolean }
  /** `=`, `+=`... and `++`/`--`: parsed, but a replay cannot change the program's state. */
  | { readonly kind: 'assign'; readonly op: string; readonly target: Expr; readonly value: Expr | null }
  | { readonly kind: 'call'; readonly callee: Expr; readonly args: readonly Expr[] };
