import { describe, expect, it } from 'vitest';
import type { Trace } from '../../src/trace/reader.js';
import { recordFile } from './record.js';
import { Cursor } from '../../src/trace/cursor.js';
import { laneValue, type MachineState } from '../../src/trace/state.js';
import { EFFECT } from '../../src/trace/schema.js';

/*
 * Time travel must land on the same machine state whichever way it gets there: from the first
 * step, from a checkpoint, or backwards and forwards again.
 */

const record = (file: string, checkpointEvents: number): Trace => recordFile(file, { checkpointEvents });

/** Everything a debugger can read of a state, as plain data. */
function snapshot(s: MachineState): unknown {
  // A page restored from a checkpoint may be short (zero past its end): compare whole pages.
  const whole = (b: Uint8Array): number[] => [...b, ...new Array<number>(4096 - b.length).fill(0)];
  const pages = (p: { pages: ReadonlyMap<number, Uint8Array> }): [number, number[]][] => [...p.pages].filter(([, b]) => b.some((x) => x !== 0)).sort((a, b) => a[0] - b[0]).map(([k, b]) => [k, whole(b)]);
  const L = s.launch;
  return {
    step: s.step,
    host: pages(s.host), global: pages(s.global), constant: pages(s.constant),
    hostRegs: [...s.hostRegs].sort((a, b) => a[0] - b[0]).map(([k, v]) => [k, String(v)]),
    hostWarp: { ...s.hostWarp, mark: undefined },
    launch: L && {
      id: L.id,
      shared: [...L.shared].sort((a, b) => a[0] - b[0]).map(([k, p]) => [k, pages(p)]),
      regs: [...L.regs].sort((a, b) => a[0] - b[0]).map(([k, m]) => [k, [...m].sort((a, b) => a[0] - b[0]).map(([x, v]) => [x, [...v.slab.tag.subarray(v.base, v.base + 288)]])]),
      // A warp's mark is bookkeeping of the state's dirty set, not machine state.
      warps: [...L.warps].sort((a, b) => a[0] - b[0]).map(([k, { step, mask, loc, exited, frames }]) => [k, { step, mask, loc, exited, frames }]),
    },
  };
}

/** A memory's non-zero pages as text (whole 4 KiB pages: a checkpoint's may be short): cheap to compare for a large memory. */
function memoryText(p: { pages: ReadonlyMap<number, Uint8Array> }): string {
  return [...p.pages].filter(([, b]) => b.some((x) => x !== 0)).sort((a, b) => a[0] - b[0]).map(([k, b]) => {
    const whole = Buffer.alloc(4096);
    whole.set(b);
    return `${k}:${whole.toString('base64')}`;
  }).join('\n');
}

describe('cursor', () => {
  const t = record('examples/avgfilter.cu', 300);

  it('stores full and delta checkpoints', () => {
    expect(t.count('checkpoints', 'full = 1')).toBeGreaterThan(0);
    expect(t.count('checkpoints', 'full = 0')).toBeGreaterThan(0);
  });

  it('reaches every step with the same state from a checkpoint as from the first step, in any order', () => {
    const n = t.stepCount();
    const plain = new Cursor(t, false);
    const jumping = new Cursor(t);
    const steps = [n, 0, Math.floor(n / 2), 7, n - 1, Math.floor(n / 3), Math.floor((2 * n) / 3), 130, 129, 1000, 140];
    for (const s of steps) expect(snapshot(jumping.at(s))).toEqual(snapshot(plain.at(s)));
  });

  it('holds the kernel threads registers and shared memory while a launch runs', () => {
    const l = t.launches()[0]!;
    const mid = new Cursor(t).at(l.end_step! - 1);
    expect(mid.launch?.id).toBe(l.launch_id);
    expect(mid.launch!.shared.size).toBe(1);
    // One warp of 16 threads, each with i = threadIdx.x (a register) written: lanes 1..15 hold their index (lane 0's stays 0).
    const lanes = [...mid.launch!.regs.get(0)!.values()].find((v) => laneValue(v, 15) === 15);
    expect(lanes).toBeDefined();
    expect(Array.from({ length: 16 }, (_, l) => laneValue(lanes!, l) ?? 0)).toEqual([...Array(16).keys()]);
    expect(mid.register(l.launch_id, 0, 0, 7, [...mid.launch!.regs.get(0)!].find(([, v]) => v === lanes)![0])).toBe(7);
    expect(new Cursor(t).at(l.end_step! + 1).launch).toBeNull();
  });

  it('agrees at every step where a register row changes form between checkpoints', () => {
    const m = record('test/trace/programs/row_forms.cu', 40);
    expect(m.count('checkpoints', 'full = 1')).toBeGreaterThan(3);
    const plain = new Cursor(m, false);
    const jumping = new Cursor(m);
    for (let s = m.stepCount(); s >= 0; s -= 3) expect(snapshot(jumping.at(s))).toEqual(snapshot(plain.at(s)));
  });

  it('agrees around every checkpoint where launches write a few pages of a large memory between full ones', () => {
    const m = record('test/trace/programs/big_memory.cu', 60);
    expect(m.count('checkpoints', 'full = 1')).toBeGreaterThan(3);
    const plain = new Cursor(m, false);
    const jumping = new Cursor(m);
    // From the last checkpoint back: a memory's groups come from different full checkpoints.
    for (const s of m.checkpointSteps().map((c) => c + 1).reverse()) {
      const a = jumping.at(s);
      const b = plain.at(s);
      for (const space of ['host', 'global'] as const) expect(memoryText(a[space]), `${space} at step ${s}`).toBe(memoryText(b[space]));
    }
  });

  it('agrees over many blocks whose warps retire, with device functions and shared tiles', () => {
    const m = record('examples/conv1d_tiled.cu', 200);
    const n = m.stepCount();
    const plain = new Cursor(m, false);
    const jumping = new Cursor(m);
    for (let k = 1; k <= 12; k++) {
      const s = Math.floor((n * k * 7919) / 12 / 7919) - (k % 3);
      expect(snapshot(jumping.at(s))).toEqual(snapshot(plain.at(s)));
    }
  });

  it('stands inside a statement after a return, from anywhere, as replaying from the first step does', () => {
    const m = record('test/conformance/rules/language_features.cu', 120);
    const leaves: { step: number; seq: number }[] = [];
    for (let c = 0; c < m.effectChunks.length; c++) {
      const d = m.effectChunk(c);
      for (let i = 0; i < d.count; i++) if (d.kind[i] === EFFECT.leave && d.launch[i] !== 0) leaves.push({ step: d.step[i]!, seq: m.effectChunks[c]!.first + i });
    }
    expect(leaves.length).toBeGreaterThan(10);
    const plain = new Cursor(m, false);
    const jumping = new Cursor(m);
    const picks = [leaves[leaves.length - 1]!, leaves[0]!, leaves[leaves.length >> 1]!, leaves[3]!, leaves[4]!, leaves[leaves.length - 2]!];
    for (const { step, seq } of picks) {
      const fresh = new Cursor(m, false);
      const full = snapshot(fresh.at(step + 1)) as { launch: { warps: [number, { frames: unknown[] }][] } };
      const before = snapshot(new Cursor(m, false).at(step + 1, seq)) as typeof full;
      const after = snapshot(new Cursor(m, false).at(step + 1, seq + 1)) as typeof full;
      // The return popped one frame off the warp; the rest of the statement may pop more.
      const frames = (x: typeof full): number => x.launch.warps.reduce((n, [, w]) => n + w.frames.length, 0);
      expect(frames(after)).toBe(frames(before) - 1);
      expect(frames(full)).toBeLessThanOrEqual(frames(after));
      expect(snapshot(jumping.at(step + 1, seq + 1))).toEqual(after);
      expect(snapshot(plain.at(step + 1, seq + 1))).toEqual(after);
      // On to the statement's end, and back into it.
      expect(snapshot(jumping.at(step + 1))).toEqual(full);
      expect(snapshot(jumping.at(step + 1, seq))).toEqual(before);
    }
  });
});
