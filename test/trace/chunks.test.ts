import { describe, expect, it } from 'vitest';
import { recordFile } from './record.js';
import { Cursor } from '../../src/trace/cursor.js';
import { EFFECT } from '../../src/trace/schema.js';

/*
 * A warp instruction's lanes share one effect row, and a row may be the last of its chunk: every
 * lane must still reach the trace, whichever thread stores it.
 */

const worker = new URL('../../dist/trace-sink.js', import.meta.url);

describe('effect chunks', () => {
  for (const [name, w] of [['in a worker thread', worker], ['in the writer thread', null]] as const) {
    it(`keeps every store lane across chunk boundaries (${name})`, () => {
      const t = recordFile('test/trace/programs/many_stores.cu', { worker: w });
      expect(t.effectChunks.length).toBeGreaterThan(1);
      const launch = t.launches()[0]!;
      // 64 x 256 threads x 40 iterations of `out[i] = ...`.
      let lanes = 0;
      for (let c = 0; c < t.effectChunks.length; c++) {
        const d = t.effectChunk(c);
        for (let i = 0; i < d.count; i++) if (d.kind[i] === EFFECT.store && d.launch[i] === launch.launch_id) for (let m = d.neu[2 * i]!; m !== 0; m &= m - 1) lanes++;
      }
      expect(lanes).toBe(64 * 256 * 40);
      // The kernel's last store row is its last warp's: lane 31's address is out[16383], which ends as 39 * 3 + 16383.
      const d = t.effectChunk(t.effectChunks.length - 1);
      let row = d.count - 1;
      while (d.kind[row] !== EFFECT.store || d.launch[row] !== launch.launch_id) row--;
      expect(d.neu[2 * row]).toBe(0xffffffff);
      const address = d.values[d.neu[2 * row + 1]! + 3 * 31]!;
      const bytes = new Cursor(t).at(launch.end_step!).global.read(address, 4);
      expect(new DataView(bytes.buffer, bytes.byteOffset).getInt32(0, true)).toBe(39 * 3 + 16383);
      t.close();
    });

    it(`keeps every load lane across chunk boundaries, a warp instruction to a row (${name})`, () => {
      const t = recordFile('test/trace/programs/many_loads.cu', { worker: w });
      expect(t.effectChunks.length).toBeGreaterThan(1);
      const launch = t.launches()[0]!;
      let lanes = 0;
      let rows = 0;
      for (let c = 0; c < t.effectChunks.length; c++) {
        const d = t.effectChunk(c);
        for (let i = 0; i < d.count; i++) {
          if (d.kind[i] !== EFFECT.load || d.launch[i] !== launch.launch_id) continue;
          rows++;
          for (let m = d.neu[2 * i]!; m !== 0; m &= m - 1) lanes++;
        }
      }
      // 64 x 256 threads x 60 iterations of two loads, in 64 x 8 warps x 60 x 2 full rows.
      expect(lanes).toBe(64 * 256 * 60 * 2);
      expect(rows).toBe(64 * 8 * 60 * 2);
      t.close();
    });

    it(`keeps a store that ends a chunk (${name})`, () => {
      const t = recordFile('test/trace/programs/host_stores.cu', { worker: w });
      let lanes = 0;
      let endsOnStore = false;
      for (let c = 0; c < t.effectChunks.length; c++) {
        const d = t.effectChunk(c);
        for (let i = 0; i < d.count; i++) if (d.kind[i] === EFFECT.store) for (let m = d.neu[2 * i]!; m !== 0; m &= m - 1) lanes++;
        endsOnStore ||= c < t.effectChunks.length - 1 && d.kind[d.count - 1] === EFFECT.store;
      }
      expect(endsOnStore).toBe(true);
      expect(lanes).toBe(4 * 40000);
      // a[39999] as the trace's memory holds it after the loop: every store arrived.
      const d = t.effectChunk(t.effectChunks.length - 1);
      let row = d.count - 1;
      while (d.kind[row] !== EFFECT.store) row--;
      const address = d.values[d.neu[2 * row + 1]!]!;
      const bytes = new Cursor(t).at(t.stepCount()).host.read(address, 4);
      expect(new DataView(bytes.buffer, bytes.byteOffset).getInt32(0, true)).toBe(3 * 39999);
      t.close();
    });
  }
});
