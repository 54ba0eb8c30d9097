import { describe, expect, it } from 'vitest';
import { Memory, MemoryFault, DeviceMemoryLimit, GLOBAL_BASE, CHUNK_BYTES, F32, I32, U8, F64, PTR, I64 } from '../../../src/engine/memory/index.js';
import { SimulatorError } from '../../../src/engine/exec/env.js';
import { intType, floatType, doubleType, longType, pointerTo } from '../../../src/engine/check/types.js';

describe('Memory', () => {
  it('allocates device memory 256-aligned at realistic addresses and frees it', () => {
    const m = new Memory();
    const a = m.allocGlobal(100)!;
    const b = m.allocGlobal(100)!;
    expect(a).toBe(GLOBAL_BASE);
    expect(b - a).toBe(256);
    expect(m.allocation(a + 50)).toEqual({ base: a, size: 100, space: 'global' });
    expect(m.freeGlobal(a)).toBe(true);
    expect(m.freeGlobal(a)).toBe(false);
    expect(m.allocGlobal(16)).toBe(a);
    expect(m.isDevice(a)).toBe(true);
    expect(m.isHost(a)).toBe(false);
  });

  it('returns null past the 80 GB budget', () => {
    const m = new Memory();
    expect(m.allocGlobal(80 * 1024 ** 3)).toBeNull();
    expect(m.allocGlobal(40 * 1024 ** 3)).not.toBeNull();
    expect(m.allocGlobal(40 * 1024 ** 3)).toBeNull();
  });

  it('does not fault past an allocation inside its 2 MiB mapping, faults outside any mapping', () => {
    const m = new Memory();
    const a = m.allocGlobal(64)!;
    m.devStore(a + 4096, I32, 7, 0);
    expect(m.devLoad(a + 4096, I32, 0)).toBe(7);
    expect(() => m.devLoad(a + CHUNK_BYTES, I32, 3)).toThrow(MemoryFault);
    try {
      m.devLoad(a + CHUNK_BYTES, I32, 3);
    } catch (e) {
      expect(e).toMatchObject({ kind: 'illegal-address', lane: 3, space: 'global' });
    }
    m.freeGlobal(a);
    expect(() => m.devLoad(a, I32, 0)).toThrow(/illegal/);
  });

  it('requires natural alignment on the device only', () => {
    const m = new Memory();
    const a = m.allocGlobal(64)!;
    expect(() => m.devLoad(a + 2, F32, 0)).toThrow(expect.objectContaining({ kind: 'misaligned' }));
    const h = m.allocHost(16);
    m.hostStore(h + 1, I32, -5);
    expect(m.hostLoad(h + 1, I32)).toBe(-5);
  });

  it('keeps host and device apart', () => {
    const m = new Memory();
    const h = m.allocHost(16);
    const d = m.allocGlobal(16)!;
    expect(() => m.devLoad(h, I32, 0)).toThrow(expect.objectContaining({ kind: 'illegal-address', space: 'host' }));
    expect(() => m.hostLoad(d, I32)).toThrow(MemoryFault);
    const mg = m.allocGlobal(16, true)!;
    m.hostStore(mg, I32, 9);
    expect(m.devLoad(mg, I32, 0)).toBe(9);
    expect(() => m.hostLoad(0, U8)).toThrow(MemoryFault);
  });

  it('round-trips scalars little-endian through the API', () => {
    const m = new Memory();
    const h = m.allocHost(64);
    m.store(h, intType, -2);
    expect(Array.from(m.readBytes(h, 4))).toEqual([0xfe, 0xff, 0xff, 0xff]);
    m.store(h + 8, floatType, 0.1);
    expect(m.load(h + 8, floatType)).toBe(Math.fround(0.1));
    m.store(h + 16, doubleType, 0.1);
    expect(m.load(h + 16, doubleType)).toBe(0.1);
    m.store(h + 24, longType, -3n);
    expect(m.load(h + 24, longType)).toBe(-3n);
    m.store(h + 32, pointerTo(intType), GLOBAL_BASE + 8);
    expect(m.load(h + 32, pointerTo(intType))).toBe(GLOBAL_BASE + 8);
    expect(m.hostLoad(h + 24, I64)).toBe(-3n);
    expect(m.hostLoad(h + 32, PTR)).toBe(GLOBAL_BASE + 8);
    expect(m.hostLoad(h + 16, F64)).toBe(0.1);
  });

  it('copies, fills and reads C strings across spaces', () => {
    const m = new Memory();
    const h = m.allocHost(16);
    const d = m.allocGlobal(16)!;
    m.writeBytes(h, new TextEncoder().encode('hi!\0'));
    m.copy(d, h, 4);
    expect(m.readCString(d)).toBe('hi!');
    m.fill(d, 0x41, 2);
    expect(m.readCString(d)).toBe('AA!');
  });

  it('answers a host allocation it cannot hold with null (what malloc returns), and one the runtime needs with an error', () => {
    const m = new Memory();
    expect(m.tryAllocHost(2 ** 41)).toBeNull();
    const p = m.tryAllocHost(64)!;
    expect(m.allocation(p)).toEqual({ base: p, size: 64, space: 'host' });
    expect(() => m.allocHost(2 ** 41)).toThrow(SimulatorError);
  });

  it('says whether a faulting access wrote or read', () => {
    const m = new Memory();
    const fault = (f: () => void): MemoryFault => {
      try {
        f();
      } catch (e) {
        return e as MemoryFault;
      }
      throw new Error('no fault');
    };
    expect(fault(() => m.hostStore(0, I32, 1))).toMatchObject({ write: true, address: 0, size: 4 });
    expect(fault(() => m.hostLoad(8, F64))).toMatchObject({ write: false, address: 8, size: 8 });
    expect(fault(() => m.fill(16, 0, 4))).toMatchObject({ write: true });
  });

  it('stops an access past the 4 GiB of device memory it backs with a limit of its own, not a fault', () => {
    const m = new Memory();
    const a = m.allocGlobal(6 * 2 ** 30)!;
    expect(() => m.devStore(a + 6 * 2 ** 30 - 4, I32, 1, 0)).toThrow(new DeviceMemoryLimit(6 * 2 ** 30, 'this device access', false));
    expect(() => m.fill(a + 5 * 2 ** 30, 1, 16)).toThrow('Warpscope cannot back more than 4 GiB of device memory (this runtime call reaches 5 GiB past the start of device memory)');
  });
});
