import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import type { Tool } from '../../src/analysis/findings.js';
import type { ExecutionListener } from '../../src/engine/runtime/listener.js';
import { Memcheck } from '../../src/analysis/memcheck.js';
import { composeListeners } from '../../src/debug/sanitize/compose.js';
import { readFindings, type FindingRow } from '../../src/debug/sanitize/store.js';
import { reportText } from '../../src/debug/sanitize/text.js';
import { readGolden, parseReport, type GoldenBlock } from '../analysis/golden.js';
import { readFile } from './session-helpers.js';

/*
 * The sanitizers in the debugger: a live session with `set cuda TOOL on` stops at what the tool
 * finds and keeps every finding in the trace. What it keeps must name the lines, threads and blocks
 * the H100's compute-sanitizer named (test/sanitizer/*.txt); a replay of that trace must stop at the
 * same steps; the listener that runs the tools beside the writer must hand the engine only the
 * hooks its members have.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-sanitize-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Drives a session through `commands`, then continues until the program exits; the steps a sanitizer stopped it at. */
async function drive(s: DebugSession, commands: readonly string[]): Promise<{ stops: number[] }> {
  const stops: number[] = [];
  for (const c of commands) await s.execute(c);
  for (let i = 0; s.pos !== null && i < 100; i++) {
    if (s.sanitizerStop !== null) stops.push(s.sanitizerStop);
    await s.execute('continue');
  }
  return { stops };
}

/** A live session of `program` with `tool` on, run to its end: its stops and the trace's findings; then the same commands replayed. */
async function liveAndReplay(program: string, tool: Tool): Promise<{ stops: number[]; replayStops: number[]; findings: FindingRow[] }> {
  const trace = join(dir, `${program}.${tool}.trace`);
  const file = `test/sanitizer/${program}.cu`;
  const live = new DebugSession({ out: () => undefined }, { kind: 'live', file, argv: [program], options: defaultRunOptions, host: { readFile }, tracePath: trace });
  expect(live.prepare()).toBe(true);
  const { stops } = await drive(live, [`set cuda ${tool} on`, 'run']);
  const findings = readFindings(live.trace!.db);
  live.close();
  const replay = DebugSession.replay({ out: () => undefined }, trace);
  if (typeof replay === 'string') throw new Error(replay);
  const r = await drive(replay, ['run']);
  replay.close();
  return { stops, replayStops: r.stops, findings };
}

/** A device error block as both reports can agree on it. */
const key = (b: GoldenBlock): string => JSON.stringify([b.what, b.line, b.thread, b.block, b.access]);

describe('sanitizers in the debugger agree with the H100', () => {
  it.each([
    ['oob_global', 'memcheck'],
    ['misaligned', 'memcheck'],
    ['oob_shared', 'memcheck'],
    ['sync_divergent', 'synccheck'],
    ['uninit', 'initcheck'],
  ] as const)('%s under %s: the findings kept in the trace name the H100 report\'s device errors, and each stops live and replayed', async (program, tool) => {
    const { stops, replayStops, findings } = await liveAndReplay(program, tool);
    const device = findings.filter((r) => r.launch !== 0);
    const golden = readGolden(`test/sanitizer/${program}.${tool}.txt`).blocks.filter((b) => b.thread !== null);
    expect(golden.length).toBeGreaterThan(0);
    expect(parseReport(reportText(device)).blocks.map(key).sort()).toEqual(golden.map(key).sort());
    // One stop per statement that made findings, at that statement, in order; the replay stops at the same ones.
    expect(stops).toEqual([...new Set(device.map((r) => r.step))]);
    expect(replayStops).toEqual(stops);
  });

  it('race_shared under racecheck: one stop per pair of racing lines, the pairs the H100 reports', async () => {
    const { stops, replayStops, findings } = await liveAndReplay('race_shared', 'racecheck');
    const golden = readGolden('test/sanitizer/race_shared.racecheck.txt').blocks;
    const pairs = (lines: readonly (readonly [number, number])[]): string[] => lines.map(([a, b]) => [a, b].sort((x, y) => x - y).join('-')).sort();
    const heads = golden.flatMap((b) => b.partners.map((p) => [b.line!, Number(p.split('@')[1])] as const));
    expect(pairs(findings.map((r) => (r.finding.kind === 'race' ? [r.finding.accesses[0].line, r.finding.accesses[1].line] as const : [0, 0] as const)))).toEqual(pairs(heads));
    // Each stop is at the second access: the focused thread made it, in the block the race names.
    for (const r of findings) {
      if (r.finding.kind !== 'race') throw new Error('not a race');
      expect(r.finding.accesses[1].block).toEqual({ x: 0, y: 0, z: 0 });
    }
    expect(stops).toEqual(findings.map((r) => r.step));
    expect(replayStops).toEqual(stops);
  });
});

describe('sanitizer settings and listing', () => {
  it('a replayed trace recorded without a tool says so, and lists no findings', async () => {
    const trace = join(dir, 'plain.trace');
    const live = new DebugSession({ out: () => undefined }, { kind: 'live', file: 'test/sanitizer/oob_global.cu', argv: ['oob_global'], options: defaultRunOptions, host: { readFile }, tracePath: trace });
    expect(live.prepare()).toBe(true);
    await live.execute('run');
    live.close();
    let out = '';
    const replay = DebugSession.replay({ out: (t) => void (out += t) }, trace);
    if (typeof replay === 'string') throw new Error(replay);
    await replay.execute('set cuda memcheck on');
    expect(out).toBe('This trace was recorded without memcheck: debug the program with "set cuda memcheck on" before "run" to record it with memcheck.\n');
    out = '';
    await replay.execute('run');
    // No sanitizer ran: the out-of-bounds read goes unnoticed and the program runs to its end.
    expect(out).toContain('exited normally');
    out = '';
    await replay.execute('info cuda sanitizer');
    expect(out).toBe('No sanitizer ran in this recording: "set cuda memcheck on" (or racecheck, initcheck, synccheck) before "run".\n');
    out = '';
    await replay.execute('set cuda memcheck maybe');
    expect(out).toBe('"on" or "off" expected.\n');
    replay.close();
  });
});

describe('composeListeners', () => {
  /** A listener that logs what it hears. */
  const logger = (name: string, log: string[], suspend = false): ExecutionListener => ({
    statement: () => {
      log.push(`${name}:statement`);
      return suspend;
    },
    access: () => void log.push(`${name}:access`),
    apiCall: () => void log.push(`${name}:api`),
    launch: () => void log.push(`${name}:launch`),
    turnEnd: () => void log.push(`${name}:turnEnd`),
  });

  it('has a hook only where a member has it, so the engine compiles no access checks for a writer alone', () => {
    const log: string[] = [];
    const plain = composeListeners(logger('w', log), [logger('a', log)]);
    expect(plain.guard).toBeUndefined();
    expect(plain.traffic).toBeUndefined();
    expect(plain.memory).toBeUndefined();
    expect(plain.turnEnd).toBeDefined();
    const checked = composeListeners(logger('w', log), [new Memcheck(false)]);
    expect(checked.guard).toBeDefined();
    expect(checked.memory).toBeDefined();
  });

  it('tells analyses of a statement before the writer and returns the writer\'s answer; the writer hears everything else first', () => {
    const log: string[] = [];
    const l = composeListeners(logger('w', log, true), [logger('a', log), logger('b', log)]);
    const warp = null as unknown as Parameters<ExecutionListener['statement']>[0];
    const loc = { file: 'x.cu', line: 1, col: 1 };
    expect(l.statement(warp, 1, loc, 0)).toBe(true);
    l.turnEnd!(warp);
    expect(log).toEqual(['a:statement', 'b:statement', 'w:statement', 'w:turnEnd', 'a:turnEnd', 'b:turnEnd']);
  });
});
