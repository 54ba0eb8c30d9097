import type { SourceLoc } from '../front/token.js';
import type { CType } from './types.js';

/*
 * The checked program: what check.ts produces and the warp compiler consumes.
 * Every implicit C conversion is explicit here (`convert` nodes), every name is
 * resolved to a variable, function or intrinsic, arrays have decayed to pointers
 * where C decays them, and struct values are handled through their addresses.
 * Nothing here refers back to the AST or to tokens.
 *
 * Value conventions (shared by the compiler and the runtime):
 *  - bool, 8/16/32-bit integers, enums: JS numbers, normalised to the type's range
 *    (signed: sign-extended; unsigned: 0..2^n-1; bool: 0 or 1).
 *  - 64-bit integers: JS bigints normalised with BigInt.asIntN/asUintN(64).
 *  - float: JS numbers rounded with Math.fround after every operation; double: JS numbers.
 *  - pointers: JS numbers holding the address (addresses stay below 2^53).
 *  - structs and arrays never travel as values: an expression of struct type evaluates
 *    to the ADDRESS of the object (see `structTemp` and `copy`), and one of array
 *    type only appears under `addr`-like nodes (arrays decay before use).
 */

/** Where a memory access goes, when the checker can tell; 'generic' means decide from the address at run time. */
export type Space = 'global' | 'shared' | 'local' | 'constant' | 'host' | 'generic';

/** Where a variable lives. */
export type VarStorage =
  /** A function's local or parameter: register when scalar and never address-taken, else in the frame (per-thread local memory on the device, the host stack on the host). */
  | 'auto'
  /** `__shared__` (static, per block). `extern __shared__` arrays are 'dynamicShared'. */
  | 'shared'
  | 'dynamicShared'
  | 'constant' // __constant__
  | 'device' // __device__ variable at namespace scope (global memory)
  | 'managed' // __managed__
  | 'host' // a host global or a function-local `static` in host code
  | 'literal'; // a string literal's storage (host memory for host code, constant/global for device code)

/** A variable. Identity is the object: the compiler keys storage decisions on it. */
export interface VarSym {
  readonly id: number;
  readonly name: string;
  readonly type: CType;
  readonly storage: VarStorage;
  readonly loc: SourceLoc;
  /** Static initial bytes for namespace-scope / static variables and string literals (little-endian), or null for zero-filled. */
  readonly init: Uint8Array | null;
  /** True for parameters (their initial value is the argument). */
  readonly isParam: boolean;
  /** An alignment the declaration asks for (`__align__(16)`, `alignas(16)`), 0 when none: the variable is placed at the stricter of it and its type's. */
  readonly align: number;
  /** A C++ reference: the variable (of pointer type) holds its referent's address. */
  readonly ref: boolean;
  /** Addresses of other statics inside `init` (`const char *names[] = {"add"}`), written once every static is placed. */
  readonly relocs?: readonly StaticReloc[];
}

/** A pointer inside a static's initial bytes: at `offset`, the address of `target` plus `addend` bytes. */
export interface StaticReloc {
  readonly offset: number;
  readonly target: VarSym;
  readonly addend: number;
}

/** Arithmetic and bitwise operators; both operands already have the node's type (shifts: the right operand is converted to the left's promoted type too). */
export type ArithOp = '+' | '-' | '*' | '/' | '%' | '<<' | '>>' | '&' | '|' | '^';
export type CompareOp = '<' | '>' | '<=' | '>=' | '==' | '!=';

/** An assignable place. */
export type Target =
  /** A named variable of scalar type (the compiler decides register vs frame). */
  | { readonly k: 'var'; readonly v: VarSym }
  /** Memory at a pointer-typed address; `type` of the enclosing node says how many bytes and how to read them. */
  | { readonly k: 'mem'; readonly addr: IExpr; readonly space: Space };

interface Base {
  readonly type: CType;
  /** The source range the node came from (start), used for events and diagnostics. */
  readonly loc: SourceLoc;
}

/** Checked expressions. */
export type IExpr =
  /** A constant already in its type's value convention (number or bigint). */
  | (Base & { readonly k: 'const'; readonly value: number | bigint })
  /** Read a scalar variable. */
  | (Base & { readonly k: 'var'; readonly v: VarSym })
  /** Address of a variable (any type, including arrays/structs); `type` is the pointer type. */
  | (Base & { readonly k: 'varAddr'; readonly v: VarSym })
  /** Read a scalar of `type` from memory. */
  | (Base & { readonly k: 'load'; readonly addr: IExpr; readonly space: Space })
  /** Thread geometry: per-lane values of threadIdx/blockIdx/blockDim/gridDim components, and warpSize. Type unsigned int. */
  | (Base & { readonly k: 'builtin'; readonly name: BuiltinVar })
  /** `-x`, `~x` on an operand of the node's type; `!x` gives int 0/1 from any scalar. */
  | (Base & { readonly k: 'unary'; readonly op: '-' | '~' | '!'; readonly arg: IExpr })
  /** Arithmetic in the node's type (both operands converted already). Division by zero of integers is a device fault / host SIGFPE. */
  | (Base & { readonly k: 'arith'; readonly op: ArithOp; readonly left: IExpr; readonly right: IExpr })
  /** Comparison of two operands of one (common) type, pointers included; result int 0/1 (bool in C++ is also fine: type says which). */
  | (Base & { readonly k: 'compare'; readonly op: CompareOp; readonly left: IExpr; readonly right: IExpr })
  /** `ptr + index * scale` (index: any integer type, may be negative; scale: element size in bytes). Result: pointer type. */
  | (Base & { readonly k: 'ptrAdd'; readonly ptr: IExpr; readonly index: IExpr; readonly scale: number })
  /** `(left - right) / scale` for two pointers; result long (ptrdiff_t). */
  | (Base & { readonly k: 'ptrDiff'; readonly left: IExpr; readonly right: IExpr; readonly scale: number })
  /** Short-circuit `&&`/`||`: right evaluated only for lanes where it decides the result; operands are any scalars; result int/bool 0/1. */
  | (Base & { readonly k: 'logical'; readonly op: '&&' | '||'; readonly left: IExpr; readonly right: IExpr })
  /** `c ? a : b`, evaluating only the chosen side per lane; `then`/`else` already converted to the node's type. For struct types they yield addresses. */
  | (Base & { readonly k: 'cond'; readonly cond: IExpr; readonly then: IExpr; readonly else: IExpr })
  /** Scalar conversion from `arg.type` to `type`, with C's rules: integer truncation/extension, int<->float (float->int truncates toward zero; out of range follows the target: PTX cvt.rzi saturates on the device, x86 cvttss2si gives INT_MIN on the host), float<->double, to bool (!= 0), pointer<->integer, pointer->pointer. */
  | (Base & { readonly k: 'convert'; readonly arg: IExpr })
  /** Assignment; value is already converted to the target's type; result is the stored value. With `op`, compound assignment: target OP= value computed in `opType` (C's promoted common type), then converted back to `type`. */
  | (Base & { readonly k: 'assign'; readonly target: Target; readonly value: IExpr; readonly op?: ArithOp; readonly opType?: CType })
  /** ++/-- on an integer, float or pointer target; `delta` is +1/-1 (pointers: +-element size in bytes). Result: old value when `post`, new value otherwise. */
  | (Base & { readonly k: 'incdec'; readonly target: Target; readonly delta: number; readonly post: boolean })
  /** Call of a user function (device function from device code, host function from host code). Struct arguments are passed as addresses and copied by the callee; struct results are written to `retSlot` (a temporary the checker created) and the call evaluates to its address. */
  | (Base & { readonly k: 'call'; readonly fn: IFunction; readonly args: readonly IExpr[]; readonly retSlot: VarSym | null })
  /** A library or CUDA built-in (see builtins.ts for names and signatures). Arguments are converted to the parameter types; variadic arguments (printf) get C's default promotions (float->double, small ints->int). */
  | (Base & { readonly k: 'intrinsic'; readonly name: string; readonly args: readonly IExpr[] })
  /** Kernel launch `kernel<<<grid, block, sharedBytes, stream>>>(args)`; grid and block are addresses of dim3 objects (the checker builds temporaries from integers); type void. */
  | (Base & { readonly k: 'launch'; readonly kernel: IFunction; readonly grid: IExpr; readonly block: IExpr; readonly sharedBytes: IExpr; readonly stream: IExpr; readonly args: readonly IExpr[] })
  /** Evaluate `left` for its effects, then `right`. */
  | (Base & { readonly k: 'comma'; readonly left: IExpr; readonly right: IExpr })
  /** Copy `size` bytes from the object at `src` to the one at `dst` (struct assignment/initialisation); evaluates to `dst`. Both are addresses. */
  | (Base & { readonly k: 'copy'; readonly dst: IExpr; readonly src: IExpr; readonly size: number })
  /** A temporary struct object (e.g. `dim3(16, 16)`, a struct returned by value): `v` is a frame variable; `init` are statements run first to fill it; evaluates to its address. */
  | (Base & { readonly k: 'structTemp'; readonly v: VarSym; readonly init: readonly IStmt[] });

export type BuiltinVar =
  | 'threadIdx.x' | 'threadIdx.y' | 'threadIdx.z'
  | 'blockIdx.x' | 'blockIdx.y' | 'blockIdx.z'
  | 'blockDim.x' | 'blockDim.y' | 'blockDim.z'
  | 'gridDim.x' | 'gridDim.y' | 'gridDim.z'
  | 'warpSize';

/** Checked statements. Structured control flow only: the warp compiler relies on it for reconvergence. */
export type IStmt =
  | { readonly k: 'expr'; readonly e: IExpr; readonly loc: SourceLoc }
  /** Initialise a local: scalar `value` (converted), or for arrays/structs a list of (byte offset, scalar value) stores after zero-filling when `zeroFill`. Locals with no initializer get `value: null, stores: []`. Runs each time the declaration is reached. */
  | { readonly k: 'init'; readonly v: VarSym; readonly value: IExpr | null; readonly stores: readonly { readonly offset: number; readonly value: IExpr }[]; readonly zeroFill: boolean; readonly loc: SourceLoc }
  | { readonly k: 'block'; readonly body: readonly IStmt[]; readonly loc: SourceLoc }
  | { readonly k: 'if'; readonly cond: IExpr; readonly then: IStmt; readonly else: IStmt | null; readonly loc: SourceLoc }
  /** All loops: `init` once, then while `cond` (null: true) { body; step }. do-while: `testFirst` false. `continue` jumps to `step`. */
  | { readonly k: 'loop'; readonly init: IStmt | null; readonly cond: IExpr | null; readonly step: IExpr | null; readonly body: IStmt; readonly testFirst: boolean; readonly loc: SourceLoc }
  /** switch: `cases` are (value, index into body) in source order; `defaultIndex` or -1. Falls through as C does. */
  | { readonly k: 'switch'; readonly cond: IExpr; readonly body: readonly IStmt[]; readonly cases: readonly { readonly value: number | bigint; readonly index: number }[]; readonly defaultIndex: number; readonly loc: SourceLoc }
  | { readonly k: 'break'; readonly loc: SourceLoc }
  | { readonly k: 'continue'; readonly loc: SourceLoc }
  /** `value` converted to the function's return type; for struct returns, the address of the object to copy into the caller's slot. */
  | { readonly k: 'return'; readonly value: IExpr | null; readonly loc: SourceLoc };

/** Where a function runs. `global`: a kernel; `device`; `host`; `hostDevice` compiled for both. */
export type ExecSpace = 'global' | 'device' | 'host' | 'hostDevice';

/** A checked function (template instantiations are separate IFunctions with mangled names like `reduce<256>`). */
export interface IFunction {
  readonly id: number;
  readonly name: string;
  readonly space: ExecSpace;
  readonly ret: CType;
  readonly params: readonly VarSym[];
  /** Every local of the body (params excluded), so the compiler can lay out frames. Filled in once the body is checked. */
  locals: VarSym[];
  /** Null until checked (recursion) and for prototypes never defined. */
  body: IStmt & { k: 'block' } | null;
  readonly loc: SourceLoc;
  /** A kernel's `__launch_bounds__(maxThreads, minBlocks)`, where it has one (minBlocks 0 when not given). */
  launchBounds?: { readonly maxThreads: number; readonly minBlocks: number };
  /** True for a function that returns a reference: `ret` is then a pointer to the referent (the debugger prints `int &`). */
  retRef?: true;
}

/** The whole checked translation unit. */
export interface IProgram {
  readonly functions: readonly IFunction[];
  /** Namespace-scope variables (__device__, __constant__, __managed__, host globals, static locals), string literals, and every `__shared__` variable (static ones are per-kernel: the compiler lays them out per kernel). */
  readonly globals: readonly VarSym[];
  readonly main: IFunction | null;
  /** The host function running C++'s dynamic initialisation of host globals before main (dynamic-init.ts), if any global needs it. */
  readonly init?: IFunction | null;
  /** All source texts read (main file and includes) so the edges can print source lines. */
  readonly sources: ReadonlyMap<string, string>;
  /** Namespace-scope enum and typedef names with their types, for a debugger's casts and sizeof (structs are known by their tags). */
  readonly namedTypes?: ReadonlyMap<string, CType>;
  /** Each __device__, __constant__ (and host-named __shared__) variable's host shadow (host-shadow.ts): what host code, and a __host__ __device__ function's host version, reads and writes in its place. */
  readonly hostShadows?: ReadonlyMap<VarSym, VarSym>;
}
