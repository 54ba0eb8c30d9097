import type { AddressSpace, EvalContext, Place, Symbol } from '../../../src/debug/expr/context.js';
import type { CType } from '../../../src/engine/check/types.js';
import { charType, floatType, intType, pointerTo, ucharType } from '../../../src/engine/check/types.js';
import { layoutStruct } from '../../../src/engine/check/layout.js';

/*
 * A small in-memory machine state for the expression tests: registers of the focused
 * thread, a global int and float array, shared and local memory, host strings, a struct
 * type and CUDA built-ins.
 */

/** A contiguous block of memory in one space. */
interface Region {
  readonly space: AddressSpace;
  readonly base: number;
  readonly bytes: Uint8Array;
}

export const GLOBAL = 0x7fffd0000000;
export const FDATA = GLOBAL + 0x100;
export const BIG = GLOBAL + 0x1000;
export const HOST = 0x601040;

export const pointType: CType = {
  kind: 'struct',
  info: layoutStruct('point', false, [
    { name: 'x', type: intType },
    { name: 'y', type: intType },
    { name: 'z', type: floatType },
  ]),
};

const ints = (vals: readonly number[]): Uint8Array => new Uint8Array(Int32Array.from(vals).buffer);
const floats = (vals: readonly number[]): Uint8Array => new Uint8Array(Float32Array.from(vals).buffer);
const u64 = (v: number): Uint8Array => new Uint8Array(BigUint64Array.from([BigInt(v)]).buffer);
const ascii = (s: string, size: number): Uint8Array => {
  const b = new Uint8Array(size);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
};
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** The float bit patterns of quiet NaNs (positive and negative). */
const nanBits = new Uint8Array(Uint32Array.from([0x7fc00000, 0xffc00000]).buffer);

/** Builds the fake context. */
export function fakeContext(): EvalContext & { reads: number } {
  const regions: Region[] = [
    // vals[4] at GLOBAL, then zeros[16], then mixed[16]
    { space: 'global', base: GLOBAL, bytes: concat(ints([25, 6, 34, 91]), ints(new Array(16).fill(0)), ints([1, 2, ...new Array(14).fill(0)])) },
    // fdata[8]: 34.3333321f, 1, 1e10, -2.5, 0.1f, nan, -nan, inf
    {
      space: 'global',
      base: FDATA,
      bytes: concat(floats([103 / 3, 1, 1e10, -2.5, 0.1]), nanBits, floats([Infinity])),
    },
    { space: 'global', base: BIG, bytes: ints(Array.from({ length: 300 }, (_, i) => i)) },
    // sdata[16] in shared memory: i * 10
    { space: 'shared', base: 0, bytes: ints(Array.from({ length: 16 }, (_, i) => i * 10)) },
    // pt in local memory, then lp (a float pointer to fdata) at 0xfffd00
    { space: 'local', base: 0xfffc80, bytes: concat(ints([1, 2]), floats([0.5])) },
    { space: 'local', base: 0xfffd00, bytes: u64(FDATA) },
    // host: "hi there" at HOST, name16 "hello" (char[16]) at HOST+0x20, name32 (char[32]) at HOST+0x40, quote at HOST+0x80
    {
      space: 'host',
      base: HOST,
      bytes: concat(ascii('hi there', 0x20), ascii('hello', 16), ascii('hello', 32), ascii('say "hi"\n\'', 16), ascii('a'.repeat(250), 256)),
    },
  ];
  const vars = new Map<string, Symbol>([
    ['vals', { type: { kind: 'array', of: intType, length: 4 }, place: { kind: 'memory', space: 'global', address: GLOBAL } }],
    ['zeros', { type: { kind: 'array', of: intType, length: 16 }, place: { kind: 'memory', space: 'global', address: GLOBAL + 16 } }],
    ['mixed', { type: { kind: 'array', of: intType, length: 16 }, place: { kind: 'memory', space: 'global', address: GLOBAL + 80 } }],
    ['fdata', { type: { kind: 'array', of: floatType, length: 8 }, place: { kind: 'memory', space: 'global', address: FDATA } }],
    ['big', { type: { kind: 'array', of: intType, length: 300 }, place: { kind: 'memory', space: 'global', address: BIG } }],
    ['sdata', { type: { kind: 'array', of: intType, length: 16 }, place: { kind: 'memory', space: 'shared', address: 0 } }],
    ['pt', { type: pointType, place: { kind: 'memory', space: 'local', address: 0xfffc80 } }],
    ['name16', { type: { kind: 'array', of: charType, length: 16 }, place: { kind: 'memory', space: 'host', address: HOST + 0x20 } }],
    ['name32', { type: { kind: 'array', of: charType, length: 32 }, place: { kind: 'memory', space: 'host', address: HOST + 0x30 } }],
    ['quote', { type: { kind: 'array', of: charType, length: 16 }, place: { kind: 'memory', space: 'host', address: HOST + 0x50 } }],
    ['longstr', { type: { kind: 'array', of: charType, length: 256 }, place: { kind: 'memory', space: 'host', address: HOST + 0x60 } }],
    ['i', { type: intType, place: { kind: 'register', name: 'f1:i' } }],
    ['neg', { type: intType, place: { kind: 'register', name: 'neg' } }],
    ['x', { type: floatType, place: { kind: 'register', name: 'x' } }],
    ['p', { type: pointerTo(floatType), place: { kind: 'register', name: 'p' } }],
    ['kp', { type: pointerTo(floatType), place: { kind: 'register', name: 'p', parameter: true } }],
    ['lp', { type: pointerTo(floatType), place: { kind: 'memory', space: 'local', address: 0xfffd00 } }],
    ['plp', { type: pointerTo(pointerTo(floatType)), place: { kind: 'register', name: 'plp' } }],
    ['msg', { type: pointerTo(charType), place: { kind: 'register', name: 'msg' } }],
    ['umsg', { type: pointerTo(ucharType), place: { kind: 'register', name: 'umsg' } }],
    ['bad', { type: pointerTo(charType), place: { kind: 'register', name: 'bad' } }],
    ['nullc', { type: pointerTo(charType), place: { kind: 'register', name: 'nullc' } }],
    ['nullf', { type: pointerTo(floatType), place: { kind: 'register', name: 'nullf' } }],
    ['ppt', { type: pointerTo(pointType), place: { kind: 'register', name: 'ppt' } }],
    ['rpt', { type: pointType, place: { kind: 'register', name: 'rpt' } }],
  ]);
  const regs = new Map<string, Uint8Array>([
    ['f1:i', ints([5])],
    ['neg', ints([-1])],
    ['x', floats([103 / 3])],
    ['p', u64(FDATA)],
    ['plp', u64(0xfffd00)],
    ['msg', u64(HOST)],
    ['umsg', u64(HOST)],
    ['bad', u64(0x10)],
    ['nullc', u64(0)],
    ['nullf', u64(0)],
    ['ppt', u64(0xfffc80)],
    ['rpt', concat(ints([7, 8]), floats([1.5]))],
  ]);
  const builtins = new Map<string, { x: number; y: number; z: number } | number>([
    ['threadIdx', { x: 1, y: 0, z: 0 }],
    ['blockIdx', { x: 2, y: 0, z: 0 }],
    ['blockDim', { x: 128, y: 1, z: 1 }],
    ['gridDim', { x: 4, y: 1, z: 1 }],
    ['warpSize', 32],
    ['laneid', 1],
  ]);
  /** The region of `space` holding [address, address + size); generic addresses search every space but shared. */
  const find = (space: AddressSpace, address: number, size: number): Region | null =>
    regions.find((r) => (space === 'generic' ? r.space !== 'shared' : r.space === space) && address >= r.base && address + size <= r.base + r.bytes.length) ?? null;
  const ctx = {
    reads: 0,
    lookup: (name: string): Symbol | null => vars.get(name) ?? null,
    builtin: (name: string) => builtins.get(name) ?? null,
    read(place: Place, size: number): Uint8Array | string {
      ctx.reads++;
      if (place.kind === 'register') return regs.get(place.name)?.slice(0, size) ?? `No register ${place.name}`;
      const r = find(place.space, place.address, size);
      if (!r) return `Cannot access memory at address 0x${place.address.toString(16)}`;
      return r.bytes.slice(place.address - r.base, place.address - r.base + size);
    },
    qualifiesTypes: (): boolean => true,
    struct: (name: string): CType | null => (name === 'point' ? pointType : null),
  };
  return ctx;
}
