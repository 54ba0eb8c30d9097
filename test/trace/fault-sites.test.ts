import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '../../src/engine/execute.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { Trace } from '../../src/trace/reader.js';
import { readFaultSites } from '../../src/trace/fault-sites.js';

/** Records a program file into a fresh trace (as `warpscope record` does) and opens it. */
function record(file: string): Trace {
  const path = join(mkdtempSync(join(tmpdir(), 'ws-fault-')), 't.trace');
  const w = TraceWriter.create(path, { program: file, argv: ['p'], device: 'h100', options: {} });
  if (typeof w === 'string') throw new Error(w);
  const status = execute({ kind: 'record', file, argv: ['p'], options: defaultRunOptions, listener: w }, { readFile: (p) => readFileSync(p, 'utf8') }, () => {});
  w.finish(status);
  const t = Trace.open(path);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

describe('fault sites in a trace', () => {
  it('names the faulting launch, thread and statement of an illegal store', () => {
    const t = record('test/ui/programs/fault.cu');
    const sites = [...readFaultSites(t.meta).values()];
    expect(sites).toHaveLength(1);
    const site = sites[0]!;
    // Thread (37,0,0) of block (1,0,0): warp 1, lane 5, at line 11.
    expect(site).toMatchObject({ launch: 1, block: 1, warp: 1, lane: 5, kind: 'illegal-address', code: 700, message: 'an illegal memory access was encountered' });
    expect(site.address).toBe(0x7f4c3a000000 + ((1 << 26) + 101) * 4);
    const row = t.stepRow(site.step)!;
    expect(row).toMatchObject({ launch: 1, block: 1, warp: 1 });
    expect(t.loc(row.loc).line).toBe(11);
    expect(t.launches()[0]!.outcome).toBe('fault');
    t.close();
  });

  it('reads a trace without any as having none', () => {
    const t = record('examples/hello.cu');
    expect(readFaultSites(t.meta).size).toBe(0);
    expect(readFaultSites(new Map([['format', 'warpscope-trace']])).size).toBe(0);
    t.close();
  });
});
