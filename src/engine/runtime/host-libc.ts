import { ProgramExit } from '../exec/env.js';
import type { Scalar } from '../exec/env.js';
import { formatPrintf } from '../lib/printf.js';
import { toPrintfArgs } from './printf-args.js';
import { num, type HostBuiltin, type RuntimeContext } from './context.js';
import { checkedFree, checkedNew, heapBlock, releaseBlock } from './host-heap.js';

/*
 * The C library as a host program sees it (glibc on x86-64). Pointers are addresses
 * in simulated host memory; FILE* values are the small constants the checker gives
 * `stdout` (1) and `stderr` (2).
 */

const STDOUT = 1;
const STDERR = 2;

/** Formats printf-family arguments: args[first] is the format's address. */
function format(ctx: RuntimeContext, args: readonly Scalar[], types: Parameters<HostBuiltin>[2], first: number): string {
  const fmt = ctx.memory.readCString(num(args, first));
  const rest = args.slice(first + 1);
  return formatPrintf(fmt, toPrintfArgs(fmt, rest, types.slice(first + 1), (a) => ctx.memory.readCString(a)));
}

function writeStream(ctx: RuntimeContext, stream: number, text: string): void {
  if (stream === STDERR) ctx.out.writeStderr(text);
  else ctx.out.writeStdout(text);
}

/** Writes a C string (with NUL) into memory, truncated to `cap` bytes including the NUL when cap is given. */
function storeCString(ctx: RuntimeContext, addr: number, text: string, cap?: number): void {
  let s = text;
  if (cap !== undefined) {
    if (cap <= 0) return;
    s = s.slice(0, cap - 1);
  }
  const bytes = new Uint8Array(s.length + 1);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i) & 0xff;
  ctx.memory.writeBytes(addr, bytes);
}

/** Parses a leading integer as strtol does (whitespace, sign, base prefixes when base is 0 or 16). */
function parseLong(text: string, base: number): { value: bigint; used: number } {
  let i = 0;
  while (i < text.length && ' \t\n\v\f\r'.includes(text[i]!)) i++;
  let neg = false;
  if (text[i] === '+' || text[i] === '-') neg = text[i++] === '-';
  let b = base;
  if ((b === 0 || b === 16) && text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X') && /[0-9a-f]/i.test(text[i + 2] ?? '')) {
    i += 2;
    b = 16;
  } else if (b === 0) b = text[i] === '0' ? 8 : 10;
  const start = i;
  let v = 0n;
  for (; i < text.length; i++) {
    const d = parseInt(text[i]!, 36);
    if (Number.isNaN(d) || d >= b) break;
    v = v * BigInt(b) + BigInt(d);
  }
  if (i === start) return { value: 0n, used: 0 };
  const max = 1n << 63n;
  if (neg) v = v > max ? -max : -v;
  else if (v >= max) v = max - 1n;
  return { value: v, used: i };
}

/** Parses a leading floating literal as strtod does. */
function parseDouble(text: string): { value: number; used: number } {
  const m = /^[ \t\n\v\f\r]*([+-]?(?:inf(?:inity)?|nan|0x[0-9a-f]*\.?[0-9a-f]*(?:p[+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?))/i.exec(text);
  if (!m) return { value: 0, used: 0 };
  const lit = m[1]!.toLowerCase();
  let value: number;
  if (lit.includes('inf')) value = lit.startsWith('-') ? -Infinity : Infinity;
  else if (lit.includes('nan')) value = NaN;
  else if (lit.includes('0x')) {
    const hm = /^([+-]?)0x([0-9a-f]*)\.?([0-9a-f]*)(?:p([+-]?\d+))?$/.exec(lit)!;
    const digits = (hm[2] ?? '') + (hm[3] ?? '');
    value = (digits === '' ? 0 : parseInt(digits, 16)) * 2 ** (Number(hm[4] ?? 0) - 4 * (hm[3] ?? '').length);
    if (hm[1] === '-') value = -value;
  } else value = Number(lit);
  return { value, used: m[0].length };
}

/** Compares two C strings of at most n bytes, as strcmp/strncmp. */
function compareStrings(a: string, b: string): number {
  // glibc's x86-64 strcmp answers the difference of the first differing bytes (unsigned), not just its sign.
  for (let i = 0; ; i++) {
    const x = i < a.length ? a.charCodeAt(i) & 0xff : 0;
    const y = i < b.length ? b.charCodeAt(i) & 0xff : 0;
    if (x !== y || x === 0) return x - y;
  }
}

/** Host C library built-ins by base name (the part of a builtins key before ':'). */
export const hostLibc: Readonly<Record<string, HostBuiltin>> = {
  printf: (ctx, args, types) => {
    const text = format(ctx, args, types, 0);
    ctx.out.writeStdout(text);
    return text.length;
  },
  fprintf: (ctx, args, types) => {
    const text = format(ctx, args, types, 1);
    writeStream(ctx, num(args, 0), text);
    return text.length;
  },
  sprintf: (ctx, args, types) => {
    const text = format(ctx, args, types, 1);
    storeCString(ctx, num(args, 0), text);
    return text.length;
  },
  snprintf: (ctx, args, types) => {
    const text = format(ctx, args, types, 2);
    storeCString(ctx, num(args, 0), text, num(args, 1));
    return text.length;
  },
  puts: (ctx, args) => {
    ctx.out.writeStdout(ctx.memory.readCString(num(args, 0)) + '\n');
    return 1;
  },
  putchar: (ctx, args) => {
    ctx.out.writeStdout(String.fromCharCode(num(args, 0) & 0xff));
    return num(args, 0) & 0xff;
  },
  fflush: (ctx, args) => {
    if (num(args, 0) !== STDERR) ctx.out.flush();
    return 0;
  },
  // C's contract when memory cannot be had: NULL, and the program decides what to do.
  malloc: (ctx, args) => ctx.memory.tryAllocHost(Math.max(1, num(args, 0)), 16) ?? 0,
  calloc: (ctx, args) => {
    const n = num(args, 0) * num(args, 1);
    const p = ctx.memory.tryAllocHost(Math.max(1, n), 16);
    if (p === null) return 0;
    ctx.memory.fill(p, 0, n);
    return p;
  },
  realloc: (ctx, args, _types, loc) => {
    const old = num(args, 0);
    const size = num(args, 1);
    const block = old === 0 ? null : heapBlock(ctx, old, loc, 'realloc()', 'realloc()');
    const p = ctx.memory.tryAllocHost(Math.max(1, size), 16);
    // The old block stays as it was.
    if (p === null) return 0;
    if (block !== null) {
      ctx.memory.copy(p, old, Math.min(size, block.size));
      releaseBlock(ctx.memory, block);
    }
    return p;
  },
  free: (ctx, args, _types, loc) => {
    checkedFree(ctx, num(args, 0), loc, 'free()');
    return undefined;
  },
  // libstdc++'s operator new and delete take their memory from malloc and give it back with free.
  'operator new': (ctx, args, _types, loc) => checkedNew(ctx, 1n, num(args, 0), loc),
  'operator new[]': (ctx, args, _types, loc) => checkedNew(ctx, BigInt(args[0] ?? 0), num(args, 1), loc),
  'operator delete': (ctx, args, _types, loc) => {
    checkedFree(ctx, num(args, 0), loc, 'delete');
    return undefined;
  },
  'operator delete[]': (ctx, args, _types, loc) => {
    checkedFree(ctx, num(args, 0), loc, 'delete[]');
    return undefined;
  },
  memset: (ctx, args) => {
    ctx.memory.fill(num(args, 0), num(args, 1) & 0xff, num(args, 2));
    return num(args, 0);
  },
  memcpy: (ctx, args) => {
    ctx.memory.copy(num(args, 0), num(args, 1), num(args, 2));
    return num(args, 0);
  },
  memmove: (ctx, args) => {
    ctx.memory.copy(num(args, 0), num(args, 1), num(args, 2));
    return num(args, 0);
  },
  memcmp: (ctx, args) => {
    const a = ctx.memory.readBytes(num(args, 0), num(args, 2));
    const b = ctx.memory.readBytes(num(args, 1), num(args, 2));
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return 0;
  },
  strlen: (ctx, args) => BigInt(ctx.memory.readCString(num(args, 0)).length),
  strcmp: (ctx, args) => compareStrings(ctx.memory.readCString(num(args, 0)), ctx.memory.readCString(num(args, 1))),
  strncmp: (ctx, args) => compareStrings(ctx.memory.readCString(num(args, 0)).slice(0, num(args, 2)), ctx.memory.readCString(num(args, 1)).slice(0, num(args, 2))),
  strcpy: (ctx, args) => {
    storeCString(ctx, num(args, 0), ctx.memory.readCString(num(args, 1)));
    return num(args, 0);
  },
  strncpy: (ctx, args) => {
    const n = num(args, 2);
    const src = ctx.memory.readCString(num(args, 1)).slice(0, n);
    const bytes = new Uint8Array(n);
    for (let i = 0; i < src.length; i++) bytes[i] = src.charCodeAt(i);
    ctx.memory.writeBytes(num(args, 0), bytes);
    return num(args, 0);
  },
  strcat: (ctx, args) => {
    const dst = num(args, 0);
    storeCString(ctx, dst + ctx.memory.readCString(dst).length, ctx.memory.readCString(num(args, 1)));
    return dst;
  },
  atoi: (ctx, args) => Number(BigInt.asIntN(32, parseLong(ctx.memory.readCString(num(args, 0)), 10).value)),
  atol: (ctx, args) => parseLong(ctx.memory.readCString(num(args, 0)), 10).value,
  atoll: (ctx, args) => parseLong(ctx.memory.readCString(num(args, 0)), 10).value,
  atof: (ctx, args) => parseDouble(ctx.memory.readCString(num(args, 0))).value,
  strtol: (ctx, args) => strtoInteger(ctx, args),
  strtoll: (ctx, args) => strtoInteger(ctx, args),
  strtoul: (ctx, args) => BigInt.asUintN(64, strtoInteger(ctx, args)),
  strtod: (ctx, args) => strtoFloat(ctx, args),
  strtof: (ctx, args) => Math.fround(strtoFloat(ctx, args)),
  rand: (ctx) => ctx.random.next(),
  srand: (ctx, args) => {
    ctx.random.seed(num(args, 0) >>> 0);
    return undefined;
  },
  exit: (ctx, args) => {
    ctx.flushDevicePrintf();
    ctx.out.flush();
    throw new ProgramExit(num(args, 0) & 0xff);
  },
  abort: (ctx) => {
    ctx.out.discard();
    ctx.out.writeStderr('Aborted\n');
    throw new ProgramExit(134);
  },
  time: (ctx, args) => {
    const t = BigInt(Math.floor(Date.now() / 1000));
    if (num(args, 0) !== 0) ctx.memory.store(num(args, 0), { kind: 'int', bits: 64, signed: true, name: 'time_t' }, t);
    return t;
  },
  clock: () => BigInt(Math.round(performance.now() * 1000)),
};

function strtoInteger(ctx: RuntimeContext, args: readonly Scalar[]): bigint {
  const text = ctx.memory.readCString(num(args, 0));
  const r = parseLong(text, num(args, 2));
  if (num(args, 1) !== 0) ctx.memory.store(num(args, 1), { kind: 'pointer', to: { kind: 'int', bits: 8, signed: true, name: 'char' } }, num(args, 0) + r.used);
  return r.value;
}

function strtoFloat(ctx: RuntimeContext, args: readonly Scalar[]): number {
  const text = ctx.memory.readCString(num(args, 0));
  const r = parseDouble(text);
  if (num(args, 1) !== 0) ctx.memory.store(num(args, 1), { kind: 'pointer', to: { kind: 'int', bits: 8, signed: true, name: 'char' } }, num(args, 0) + r.used);
  return r.value;
}
