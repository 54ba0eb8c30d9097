import type { Scalar } from '../exec/env.js';
import type { CType } from '../check/types.js';
import { defaultFlags, formatInsertion, type OstreamFlags, type OstreamValue } from '../lib/ostream-format.js';
import { OSTREAM_IDS } from '../check/iostream-names.js';
import { num, type HostBuiltin, type RuntimeContext } from './context.js';

/*
 * std::cout, std::cerr and std::clog as libstdc++ gives them with sync_with_stdio(true), the
 * default: each writes straight into C stdio's stdout or stderr, so cout's text shares
 * printf's buffer and program order is output order. std::cerr is tied to cout (every
 * operation on cerr flushes cout first) and, like clog, writes to unbuffered stderr.
 * check/iostream.ts lowers `<<` chains to the `ostream.*` built-ins below; argument 0 is the
 * stream, numbered as check/iostream-names.ts numbers them (OSTREAM_IDS).
 */

const COUT = OSTREAM_IDS.cout!;
const CERR = OSTREAM_IDS.cerr!;

interface Stream {
  readonly flags: OstreamFlags;
  /** badbit: set by inserting a null `char*`; a bad stream writes nothing more. */
  bad: boolean;
}

type FlagsEdit = (f: OstreamFlags) => void;

/** The manipulators without argument, as edits of the stream's flags. */
const FLAG_MANIPULATORS: Readonly<Record<string, FlagsEdit>> = {
  fixed: (f) => void (f.float = 'fixed'),
  scientific: (f) => void (f.float = 'scientific'),
  defaultfloat: (f) => void (f.float = 'general'),
  hex: (f) => void (f.base = 16),
  dec: (f) => void (f.base = 10),
  oct: (f) => void (f.base = 8),
  left: (f) => void (f.adjust = 'left'),
  right: (f) => void (f.adjust = 'right'),
  internal: (f) => void (f.adjust = 'internal'),
  hexfloat: (f) => void (f.float = 'hex'),
  boolalpha: (f) => void (f.boolalpha = true),
  noboolalpha: (f) => void (f.boolalpha = false),
  showpos: (f) => void (f.showpos = true),
  noshowpos: (f) => void (f.showpos = false),
  showbase: (f) => void (f.showbase = true),
  noshowbase: (f) => void (f.showbase = false),
  showpoint: (f) => void (f.showpoint = true),
  noshowpoint: (f) => void (f.showpoint = false),
  uppercase: (f) => void (f.uppercase = true),
  nouppercase: (f) => void (f.uppercase = false),
};

/** The stream built-ins with their own state: one set per program run. */
export function iostreamApi(): Readonly<Record<string, HostBuiltin>> {
  const streams = new Map<number, Stream>();
  const stream = (id: number): Stream => {
    let s = streams.get(id);
    if (s === undefined) streams.set(id, (s = { flags: defaultFlags(), bad: false }));
    return s;
  };

  /** What an output operation's sentry does first: cerr flushes cout (its tie); a bad stream does nothing. */
  const begin = (ctx: RuntimeContext, id: number): Stream | null => {
    const s = stream(id);
    if (s.bad) return null;
    if (id === CERR && !stream(COUT).bad) ctx.out.flush();
    return s;
  };
  const write = (ctx: RuntimeContext, id: number, text: string): void => {
    if (id === COUT) ctx.out.writeStdout(text);
    else ctx.out.writeStderr(text);
  };
  const flush = (ctx: RuntimeContext, id: number): void => {
    // stderr has no buffer to flush.
    if (id === COUT) ctx.out.flush();
  };

  const api: Record<string, HostBuiltin> = {
    'ostream.put': (ctx, args, types) => {
      const id = num(args, 0);
      const s = begin(ctx, id);
      if (s === null) return undefined;
      const v = operandValue(ctx, args[1] ?? 0, types[1]);
      // operator<<(const char*) with a null pointer sets badbit and writes nothing.
      if (v === null) s.bad = true;
      else write(ctx, id, formatInsertion(s.flags, v));
      s.flags.width = 0;
      return undefined;
    },
    'ostream.endl': (ctx, args) => {
      const id = num(args, 0);
      if (begin(ctx, id) === null) return undefined;
      write(ctx, id, '\n');
      flush(ctx, id);
      return undefined;
    },
    'ostream.flush': (ctx, args) => {
      const id = num(args, 0);
      if (begin(ctx, id) !== null) flush(ctx, id);
      return undefined;
    },
    'ostream.setw': (_ctx, args) => void (stream(num(args, 0)).flags.width = num(args, 1)),
    'ostream.setprecision': (_ctx, args) => void (stream(num(args, 0)).flags.precision = num(args, 1)),
    'ostream.setfill': (_ctx, args) => void (stream(num(args, 0)).flags.fill = String.fromCharCode(num(args, 1) & 0xff)),
    // setbase(n) sets basefield to oct, dec or hex for 8, 10 and 16, and clears it (decimal output) for anything else.
    'ostream.setbase': (_ctx, args) => void (stream(num(args, 0)).flags.base = num(args, 1) === 8 ? 8 : num(args, 1) === 16 ? 16 : 10),
  };
  for (const [name, edit] of Object.entries(FLAG_MANIPULATORS)) api[`ostream.${name}`] = (_ctx, args) => void edit(stream(num(args, 0)).flags);
  return api;
}

/** An operand by its checked type, as the `<<` overload for that type takes it; null for a null `char*`. */
function operandValue(ctx: RuntimeContext, v: Scalar, t: CType | undefined): OstreamValue | null {
  switch (t?.kind) {
    case 'bool':
      return { kind: 'bool', value: Number(v) !== 0 };
    case 'int':
      // Every 8-bit integer type is a character type in C++ (int8_t and uint8_t too): it prints as a character.
      if (t.bits === 8) return { kind: 'char', code: Number(v) & 0xff };
      return { kind: 'int', value: BigInt(v), bits: t.bits, signed: t.signed };
    case 'float':
      return { kind: 'float', value: Number(v) };
    case 'nullptr':
      return { kind: 'nullptr' };
    case 'pointer':
      if (t.to.kind === 'int' && t.to.bits === 8) return Number(v) === 0 ? null : { kind: 'string', text: ctx.memory.readCString(Number(v)) };
      return { kind: 'pointer', address: BigInt(v) };
    default:
      return { kind: 'int', value: BigInt(v), bits: 32, signed: true };
  }
}
