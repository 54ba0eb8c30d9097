import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { contents, recordFile } from './record.js';
import { TraceWriter } from '../../src/trace/writer.js';

/*
 * A recording stores its trace from a worker thread when the CLI is built (dist/trace-sink.js,
 * made by `npm test` before the tests run) and in its own thread otherwise: both must write the
 * same file.
 */

const worker = new URL('../../dist/trace-sink.js', import.meta.url);

describe('trace sink', () => {
  it('has its worker script built beside the CLI', () => {
    expect(existsSync(worker)).toBe(true);
  });

  // host_stores.cu fills many chunks with one-lane register rows, whose int32 values leave half a value to pad.
  for (const file of ['examples/avgfilter.cu', 'test/conformance/seeds/cg_reduce_sum.cu', 'test/trace/programs/host_stores.cu']) {
    it(`${file}: a worker thread and the writer's own thread store the same trace`, () => {
      // Small checkpoint spacing, so many batches end in checkpoints (full and delta).
      const a = recordFile(file, { checkpointEvents: 300, worker });
      const b = recordFile(file, { checkpointEvents: 300, worker: null });
      expect(a.count('checkpoints')).toBeGreaterThan(3);
      expect(contents(a)).toBe(contents(b));
      a.close();
      b.close();
    });

    // A writer whose store is behind compresses chunks itself (0: every batch), leaving its columns to the store.
    it(`${file}: chunks the writer compresses itself store the same trace`, () => {
      const a = recordFile(file, { checkpointEvents: 300, worker, encodeBehind: 0 });
      const b = recordFile(file, { checkpointEvents: 300, worker: null });
      expect(contents(a)).toBe(contents(b));
      a.close();
      b.close();
    });
  }

  // A jump inflates the chunks from its checkpoint on: none may begin before it and hold its rows too.
  it('starts a step chunk and an effect chunk at every checkpoint', () => {
    const t = recordFile('test/conformance/seeds/cg_reduce_sum.cu', { checkpointEvents: 300, worker });
    const cps = t.db.prepare('SELECT step, effect_seq AS seq FROM checkpoints').all() as { step: number; seq: number }[];
    const stepStarts = new Set(t.stepChunks.map((c) => c.first));
    const effectStarts = new Set(t.effectChunks.map((c) => c.first));
    expect(cps.length).toBeGreaterThan(10);
    for (const c of cps) {
      if (c.step < t.stepCount()) expect(stepStarts.has(c.step), `step chunk at ${c.step}`).toBe(true);
      if (c.seq < t.effectCount()) expect(effectStarts.has(c.seq), `effect chunk at ${c.seq}`).toBe(true);
    }
    t.close();
  });

  // The worker of a finished recording stores the process's next one (sink-channel.ts keeps it).
  it('stores recording after recording from one worker the same as in the writer thread', () => {
    for (const file of ['examples/hello.cu', 'examples/avgfilter.cu', 'examples/hello.cu']) {
      const a = recordFile(file, { checkpointEvents: 300, worker });
      const b = recordFile(file, { checkpointEvents: 300, worker: null });
      expect(contents(a)).toBe(contents(b));
      a.close();
      b.close();
    }
  });

  // A window's host or `warpscope serve` records again and again in one process.
  it('keeps no column buffers of finished recordings', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const held = (): number => {
      gc();
      return process.memoryUsage().arrayBuffers;
    };
    // A closed port lets go of what waits on it once the event loop turns: give it turns, for up to
    // 10 s (the storing thread runs at a lower priority: on a machine busy with other tests it lags).
    const settled = async (below: number, turns = 200): Promise<number> => {
      let bytes = held();
      for (let i = 0; i < turns && bytes >= below; i++) {
        await new Promise((r) => setTimeout(r, 50));
        bytes = held();
      }
      return bytes;
    };
    // Short checkpoint spacing: many batches, so the worker hands many column buffers back.
    recordFile('examples/avgfilter.cu', { checkpointEvents: 300, worker }).close();
    const before = await settled(0, 5);
    for (let i = 0; i < 4; i++) recordFile('examples/avgfilter.cu', { checkpointEvents: 300, worker }).close();
    // A batch's columns take about 8 MB: four recordings may not keep more than one batch's more.
    expect(((await settled(before + 10e6)) - before) / 1e6).toBeLessThan(10);
  });

  // The recording thread runs the program; storing is what can wait (sink-worker.ts).
  it.runIf(existsSync('/proc/thread-self'))('stores from a thread of lower priority than the recording', () => {
    recordFile('examples/hello.cu', { worker }).close();
    // A task's nice value is the 17th field after its name (proc(5)); the name, in parentheses, may hold spaces.
    const nice = (tid: string): number => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'latin1').replace(/^.*\) /s, '').split(' ')[16]);
    const main = nice(String(process.pid));
    const niced = readdirSync('/proc/self/task').filter((tid) => nice(tid) > main);
    // The recording's worker stays for the next recording: one thread of the process runs below the others.
    expect(main === 19 || niced.length > 0).toBe(true);
  });

  it('reports a recording whose store failed, and stores the next one whole', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ws-trace-')), 'gone.trace');
    const w = TraceWriter.create(path, { program: 'x.cu', argv: ['x'], device: 'h100', options: {} }, { worker });
    if (typeof w === 'string') throw new Error(w);
    // The store opens the file at the first batch: one removed before then cannot be stored.
    rmSync(path);
    expect(() => w.finish(0)).toThrow();
    const a = recordFile('examples/avgfilter.cu', { checkpointEvents: 300, worker });
    const b = recordFile('examples/avgfilter.cu', { checkpointEvents: 300, worker: null });
    expect(contents(a)).toBe(contents(b));
    a.close();
    b.close();
  });
});
