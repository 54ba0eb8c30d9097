/*
 * A growable little-endian byte buffer with typed views over it. Typed views are kept for the
 * aligned fast paths of device code; the DataView serves unaligned host accesses.
 */

/** A contiguous piece of the simulated address space backed by one ArrayBuffer. */
export class Region {
  buf: ArrayBuffer;
  u8!: Uint8Array;
  i8!: Int8Array;
  u16!: Uint16Array;
  i16!: Int16Array;
  u32!: Uint32Array;
  i32!: Int32Array;
  f32!: Float32Array;
  f64!: Float64Array;
  u64!: BigUint64Array;
  i64!: BigInt64Array;
  dv!: DataView;

  constructor(
    readonly base: number,
    capacity: number,
  ) {
    this.buf = new ArrayBuffer(roundCap(capacity));
    this.views();
  }

  /** Bytes currently backed. */
  get capacity(): number {
    return this.buf.byteLength;
  }

  /** Grows the backing store to hold at least `bytes` bytes (contents kept, new bytes zero). */
  ensure(bytes: number): void {
    if (bytes <= this.buf.byteLength) return;
    let cap = Math.max(this.buf.byteLength * 2, 4096);
    while (cap < bytes) cap *= 2;
    const nb = new ArrayBuffer(roundCap(cap));
    new Uint8Array(nb).set(this.u8);
    this.buf = nb;
    this.views();
  }

  /** Replaces the contents with a zeroed buffer of exactly `bytes` (rounded to 8). */
  reset(bytes: number): void {
    if (this.buf.byteLength === roundCap(bytes)) {
      this.u8.fill(0);
      return;
    }
    this.buf = new ArrayBuffer(roundCap(bytes));
    this.views();
  }

  private views(): void {
    const b = this.buf;
    this.u8 = new Uint8Array(b);
    this.i8 = new Int8Array(b);
    this.u16 = new Uint16Array(b);
    this.i16 = new Int16Array(b);
    this.u32 = new Uint32Array(b);
    this.i32 = new Int32Array(b);
    this.f32 = new Float32Array(b);
    this.f64 = new Float64Array(b);
    this.u64 = new BigUint64Array(b);
    this.i64 = new BigInt64Array(b);
    this.dv = new DataView(b);
  }
}

function roundCap(n: number): number {
  return Math.max(8, Math.ceil(n / 8) * 8);
}

/** Reads a scalar of access kind `code` at byte offset `o` (any alignment). */
export function readAt(r: Region, o: number, code: number): number | bigint {
  const dv = r.dv;
  switch (code) {
    case 0: return dv.getUint8(o);
    case 1: return dv.getInt8(o);
    case 2: return dv.getUint16(o, true);
    case 3: return dv.getInt16(o, true);
    case 4: return dv.getUint32(o, true);
    case 5: return dv.getInt32(o, true);
    case 6: return dv.getFloat32(o, true);
    case 7: return dv.getFloat64(o, true);
    case 8: return dv.getBigUint64(o, true);
    case 9: return dv.getBigInt64(o, true);
    case 10: return dv.getUint32(o, true) + dv.getUint32(o + 4, true) * 4294967296;
    default: return dv.getUint8(o) !== 0 ? 1 : 0;
  }
}

/** Writes a scalar of access kind `code` at byte offset `o` (any alignment). */
export function writeAt(r: Region, o: number, code: number, v: number | bigint): void {
  const dv = r.dv;
  switch (code) {
    case 0: case 1: dv.setUint8(o, Number(v) & 255); return;
    case 2: case 3: dv.setUint16(o, Number(v) & 65535, true); return;
    case 4: case 5: dv.setUint32(o, Number(v) >>> 0, true); return;
    case 6: dv.setFloat32(o, Number(v), true); return;
    case 7: dv.setFloat64(o, Number(v), true); return;
    case 8: case 9: dv.setBigUint64(o, BigInt.asUintN(64, typeof v === 'bigint' ? v : BigInt(Math.trunc(v))), true); return;
    case 10: {
      const n = Number(v);
      dv.setUint32(o, n >>> 0, true);
      dv.setUint32(o + 4, Math.floor(n / 4294967296) >>> 0, true);
      return;
    }
    default: dv.setUint8(o, Number(v) !== 0 ? 1 : 0);
  }
}
