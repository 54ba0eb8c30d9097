import type { CType } from '../../engine/check/types.js';

/*
 * What the debugger's expression evaluator (print, display, x, watch, breakpoint conditions)
 * needs from the machine state at the current step. The session implements it over a
 * trace's reconstructed state, so live and replayed sessions answer alike.
 */

/** A memory space an address may be qualified with (`@shared`, `@global`, ... in casts), or generic (resolved by address). */
export type AddressSpace = 'generic' | 'global' | 'shared' | 'local' | 'constant' | 'host';

/**
 * Where cuda-gdb says an object lives, as its types print it (`@generic int * @parameter`,
 * `@register int`, `@shared float [16]`): a memory space, a register, or a kernel's parameter.
 */
export type Qualifier = AddressSpace | 'register' | 'parameter';

/** Where an lvalue lives. */
export type Place =
  /** Bytes of memory; `space` generic means: decide by the address (as the program's generic pointers do). */
  | { readonly kind: 'memory'; readonly space: AddressSpace; readonly address: number }
  /** A variable the compiler keeps in a register, in the focused thread's selected frame. */
  | { readonly kind: 'register'; readonly name: string; readonly parameter?: true };

/** A named object the evaluator can see: a local, parameter, global, __shared__ or __constant__ variable. */
export interface Symbol {
  readonly type: CType;
  readonly place: Place;
  /** A C++ reference: `type` is a pointer and the place holds the referent's address. */
  readonly ref?: true;
}

/** The state the evaluator reads. Every method answers for the focused thread at the current step. */
export interface EvalContext {
  /** A variable by name: the selected frame's locals and parameters first, then file-scope variables; null when none is visible. */
  lookup(name: string): Symbol | null;
  /** CUDA built-ins of the focused thread: threadIdx, blockIdx, blockDim, gridDim (each {x,y,z}), warpSize, laneid; null outside device code (host focus). */
  builtin(name: string): { readonly x: number; readonly y: number; readonly z: number } | number | null;
  /** Reads `size` bytes of a place (a register's value comes back as its type's little-endian bytes); a string says why it cannot be read ("Cannot access memory at address 0x10"). */
  read(place: Place, size: number): Uint8Array | string;
  /** Whether types print with cuda-gdb's space qualifiers (`(@generic float * @parameter)`): in device code, not in the host's plain C. */
  qualifiesTypes(): boolean;
  /** The value `&x` has for an object at `address` of `space` (a shared one: its window offset, as cuda-gdb gives it); the address itself when absent. */
  pointerValue?(space: AddressSpace, address: number): number;
  /** A struct type by tag name for casts such as `(struct point *) p`; null when the program has none. */
  struct(name: string): CType | null;
  /** The host static an address lies in, as gdb names it after a pointer and in x's labels (`<IN>`, `<IN+4>`); null elsewhere. `linkage`: by its ELF symbol, as x's labels name it. */
  symbolAt?(address: number, linkage?: boolean): string | null;
  /** Whether a frame is selected (a program runs): gdb's registers ($pc, $sp) need one ("No registers." without). */
  hasFrame?(): boolean;
  /** An enumerator of the program's enums (`B`, `Small::A`, `Color::Blue`) with its enum type; null when none has the name. */
  enumerator?(name: string): { readonly type: CType; readonly value: bigint } | null;
}
