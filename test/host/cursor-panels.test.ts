import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import { runningBar } from '../../src/host/timeline-view.js';
import type { LaunchRow } from '../../src/trace/reader.js';
import type { SessionCommand, SessionEvent, TimelineBar } from '../../src/protocol/messages.js';

/*
 * The Diagnostics panel follows the trace cursor, compile warnings are rows of the trace's
 * diagnostics table (and still the console's text), and the Timeline shows the kernel a live
 * recording stands in before the model has timed it.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-cursor-'));

function service(): { events: SessionEvent[]; svc: SessionService; send: (c: SessionCommand) => Promise<void> } {
  const events: SessionEvent[] = [];
  let n = 0;
  const env = { ...nodeServiceEnv(), tracePath: () => join(dir, `c${n++}-${Date.now()}.trace`) };
  const svc = new SessionService((e) => events.push(e), env);
  return { events, svc, send: (c) => (svc.handle(c), svc.idle()) };
}

const last = <K extends SessionEvent['kind']>(events: readonly SessionEvent[], kind: K): Extract<SessionEvent, { kind: K }> | undefined =>
  events.filter((e): e is Extract<SessionEvent, { kind: K }> => e.kind === kind).pop();
const shown = (events: readonly SessionEvent[]): string[] => last(events, 'diagnostics')!.diagnostics.map((d) => `${d.source}:${d.severity}:${d.line}`);

// Line 4 warns (division by zero) and writes past the 4 ints it was given; line 12 dereferences null.
const PROGRAM = '#include <stdio.h>\n__global__ void k(int *a) {\n  int z = 0;\n  a[threadIdx.x + 4] = 7 / 0 * z;\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 4 * sizeof(int));\n  k<<<1, 4>>>(d);\n  cudaDeviceSynchronize();\n  int *p = 0;\n  *p = 3;\n  return 0;\n}\n';

describe('the Diagnostics panel at the cursor', () => {
  const src = join(dir, 'late.cu');
  writeFileSync(src, PROGRAM);

  it('lists a run-time error once its statement ran, and compile warnings always', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    expect(shown(s.events)).toEqual(['compile:warning:4']);
    await s.send({ kind: 'console', line: 'break 12' });
    await s.send({ kind: 'motion', motion: 'run' });
    expect(last(s.events, 'stopped')!.stop).toMatchObject({ line: 12 });
    expect(shown(s.events)).toEqual(['compile:warning:4']);
    await s.send({ kind: 'motion', motion: 'next' });
    expect(last(s.events, 'exited')!.status).toBe(139);
    expect(shown(s.events)).toEqual(['compile:warning:4', 'runtime:error:12']);
    // The same recording replayed: at its start only the compiler had spoken.
    const trace = last(s.events, 'opened')!.trace!;
    s.svc.close();
    const r = service();
    await r.send({ kind: 'open', target: { kind: 'trace', path: trace } });
    await r.send({ kind: 'console', line: 'break 12' });
    await r.send({ kind: 'motion', motion: 'run' });
    expect(shown(r.events)).toEqual(['compile:warning:4']);
    await r.send({ kind: 'motion', motion: 'next' });
    expect(shown(r.events)).toEqual(['compile:warning:4', 'runtime:error:12']);
    r.svc.close();
  });

  it('lists a sanitizer finding from the step that made it, not after a reverse step', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    await s.send({ kind: 'console', line: 'set cuda memcheck on' });
    await s.send({ kind: 'motion', motion: 'run' });
    const at = last(s.events, 'stopped')!.stop!;
    const found = last(s.events, 'diagnostics')!.diagnostics.filter((d) => d.source === 'memcheck');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.line === 4 && d.step !== null && d.step <= at.step)).toBe(true);
    // Back before the store that made it, by a reverse step and by the timeline's goto.
    await s.send({ kind: 'motion', motion: 'reverse-step' });
    expect(last(s.events, 'stopped')!.stop!.step).toBeLessThan(Math.min(...found.map((d) => d.step!)));
    expect(shown(s.events)).toEqual(['compile:warning:4']);
    await s.send({ kind: 'goto', step: at.step });
    expect(last(s.events, 'diagnostics')!.diagnostics.filter((d) => d.source === 'memcheck')).toEqual(found);
    await s.send({ kind: 'goto', step: 2 });
    expect(shown(s.events)).toEqual(['compile:warning:4']);
    s.svc.close();
  });
});

describe('compile warnings in the trace', () => {
  const src = join(dir, 'warn.cu');
  writeFileSync(src, '#include <stdio.h>\nint main() {\n  int z = 0;\n  if (z) printf("%d\\n", 7 / 0);\n  printf("ok\\n");\n  return 0;\n}\n');

  it('are rows of the diagnostics table before the run, and still the console\'s text', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    await s.send({ kind: 'motion', motion: 'run' });
    const trace = last(s.events, 'opened')!.trace!;
    s.svc.close();
    const db = new Database(trace, { readonly: true });
    const rows = db.prepare('SELECT step, severity, message, file, line, col, rendered FROM diagnostics').all();
    const stderr = (db.prepare('SELECT data FROM output WHERE stream = 2').pluck().all() as Buffer[]).map((b) => b.toString()).join('');
    db.close();
    expect(rows).toEqual([{ step: 0, severity: 'warning', message: 'division by zero is undefined', file: src, line: 4, col: 27, rendered: stderr }]);
    expect(stderr).toMatch(/^.*warn\.cu:4:27: warning: division by zero is undefined\n/);
    // replay prints the console's text, as `run` printed it.
    const run = execFileSync(process.execPath, ['bin/warpscope.mjs', 'run', src], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const replay = execFileSync(process.execPath, ['bin/warpscope.mjs', 'replay', trace, '--output'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(replay).toBe(run);
  });

  it('are listed once from a recording that stored them as rows, and from the text of one that did not', async () => {
    const recorded = join(dir, 'warn-record.trace');
    execFileSync(process.execPath, ['bin/warpscope.mjs', 'record', src, '-o', recorded], { stdio: 'ignore' });
    const old = join(dir, 'warn-old.trace');
    execFileSync(process.execPath, ['bin/warpscope.mjs', 'record', src, '-o', old], { stdio: 'ignore' });
    // A trace from before warnings were rows: only its stderr text holds them.
    const db = new Database(old);
    db.prepare('DELETE FROM diagnostics').run();
    db.close();
    for (const path of [recorded, old]) {
      const s = service();
      await s.send({ kind: 'open', target: { kind: 'trace', path } });
      expect(last(s.events, 'diagnostics')!.diagnostics).toEqual([{ source: 'compile', severity: 'warning', message: 'division by zero is undefined', file: src, line: 4, col: 27, step: null }]);
      s.svc.close();
    }
  });
});

// A kernel of about 300,000 statements: more than a live session records in one slice.
const BUSY = '__global__ void busy(int *out, int n) {\n  int acc = 0;\n  for (int i = 0; i < n; i++) {\n    acc += i;\n  }\n  out[threadIdx.x] = acc;\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 32 * sizeof(int));\n  busy<<<1, 32>>>(d, 100000);\n  cudaDeviceSynchronize();\n  return 0;\n}\n';

describe('the Timeline while a kernel runs', () => {
  it('shows the kernel the cursor is in as running, then as the model timed it', async () => {
    const src = join(dir, 'busy.cu');
    writeFileSync(src, BUSY);
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    await s.send({ kind: 'console', line: 'break busy.cu:4' });
    await s.send({ kind: 'motion', motion: 'run' });
    const stop = last(s.events, 'stopped')!.stop!;
    const t = last(s.events, 'timeline')!.timeline;
    expect(t.complete).toBe(false);
    const running = t.bars.filter((b) => b.running);
    expect(running).toEqual([expect.objectContaining({ kind: 'kernel', name: 'busy', launch: 1, stream: 0, toStep: t.steps })]);
    const bar = running[0]!;
    expect(bar.fromStep).toBeLessThanOrEqual(stop.step);
    // It starts after the operations before it, and ends after it starts.
    expect(bar.start).toBeGreaterThanOrEqual(Math.max(...t.bars.filter((b) => !b.running).map((b) => b.end)));
    expect(bar.end).toBeGreaterThan(bar.start);
    // Typed at the console, delete asks first (as gdb at a terminal).
    await s.send({ kind: 'console', line: 'delete' });
    await s.send({ kind: 'console', line: 'y' });
    await s.send({ kind: 'motion', motion: 'continue' });
    const done = last(s.events, 'timeline')!.timeline;
    expect(done.complete).toBe(true);
    const kernels = done.bars.filter((b) => b.kind === 'kernel');
    expect(kernels).toHaveLength(1);
    expect(kernels[0]).toMatchObject({ name: 'busy', launch: 1, fromStep: bar.fromStep });
    expect(kernels[0]!.running).toBeUndefined();
    s.svc.close();
  });

  it('puts a running kernel on the stream its launch site used last, after that stream\'s last operation', () => {
    const launch = (id: number, loc: number, begin: number, end: number | null): LaunchRow => ({ launch_id: id, kernel: 'k', grid_x: 1, grid_y: 1, grid_z: 1, block_x: 32, block_y: 1, block_z: 1, shared_bytes: 0, loc_id: loc, begin_step: begin, end_step: end, outcome: end === null ? null : 'ok' });
    const bar = (b: Partial<TimelineBar> & Pick<TimelineBar, 'id' | 'stream' | 'start' | 'end' | 'fromStep' | 'toStep'>): TimelineBar => ({ kind: 'kernel', name: 'k', launch: null, ...b });
    const bars = [
      bar({ id: 1, stream: 2, start: 1000, end: 4000, fromStep: 10, toStep: 50, launch: 1 }),
      bar({ id: 2, stream: 0, start: 5000, end: 9000, fromStep: 50, toStep: 90, launch: 2 }),
      bar({ id: 3, stream: 2, kind: 'memcpy', name: 'cudaMemcpyAsync', start: 4000, end: 4500, fromStep: 90, toStep: 90 }),
    ];
    // Launch 3 comes from launch 1's line: stream 2, after its copy, as long as k's last run.
    expect(runningBar([launch(1, 7, 10, 50), launch(2, 8, 50, 90), launch(3, 7, 95, null)], bars, 120)).toEqual(
      bar({ id: -3, stream: 2, start: 4500, end: 8500, fromStep: 95, toStep: 120, launch: 3, running: true }),
    );
    // Nothing runs once the last launch ended; a first launch goes to the default stream.
    expect(runningBar([launch(1, 7, 10, 50)], bars.slice(0, 1), 60)).toBeNull();
    expect(runningBar([launch(1, 7, 10, null)], [], 60)).toMatchObject({ stream: 0, start: 0, end: 2000, running: true });
  });
});

// A kernel that waits for a value nobody writes, storing as it goes (so no spin proof ends it): it runs until Ctrl-C (or --max-steps).
const SPIN = '__global__ void spin(int *a) {\n  int i = threadIdx.x;\n  while (a[0] == 0) { a[1] = ++i; }\n  a[1] = i;\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 64);\n  cudaMemset(d, 0, 64);\n  spin<<<1, 32>>>(d);\n  cudaDeviceSynchronize();\n  return 0;\n}\n';

describe('the Timeline of a kernel that never finishes', () => {
  it('grows while the program runs, and Stop ends a run that would not end by itself', async () => {
    const src = join(dir, 'spin.cu');
    writeFileSync(src, SPIN);
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    const from = s.events.length;
    s.svc.handle({ kind: 'motion', motion: 'run' });
    await new Promise((r) => setTimeout(r, 1500));
    // Still running, the panel has seen the recording grow: the copies and the spinning kernel.
    const during = s.events.slice(from);
    expect(during.filter((e) => e.kind === 'busy').map((e) => e.kind === 'busy' && e.busy)).toEqual([true]);
    const t = last(during, 'timeline')!.timeline;
    expect(t.steps).toBeGreaterThan(1000);
    expect(t.bars.map((b) => `${b.kind}:${b.running === true}`)).toEqual(['memset:false', 'kernel:true']);
    // A kill while it runs interrupts the run first rather than waiting for it forever.
    await s.send({ kind: 'console', line: 'kill', button: true });
    const text = s.events.flatMap((e) => (e.kind === 'output' ? [e.text] : [])).join('');
    expect(text).toContain('Program received signal SIGINT');
    expect(text).toMatch(/\[Inferior 1 \(process \d+\) killed\]/);
    expect(last(s.events, 'stopped')!.stop).toBeNull();
    s.svc.close();
  });

  it('shows a kernel that deadlocked at a barrier as failed, up to where the run ended', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: 'traces/avgfilter_barrier_bug.trace' } });
    const t = last(s.events, 'timeline')!.timeline;
    const kernels = t.bars.filter((b) => b.kind === 'kernel');
    // Launch 1 ran steps [531, 603) and hung there: the recording (603 steps) ends with it.
    expect(kernels).toEqual([expect.objectContaining({ name: 'Average', launch: 1, fromStep: 531, toStep: 603, failed: 'deadlock' })]);
    expect(kernels[0]!.running).toBeUndefined();
    expect(kernels[0]!.start).toBeGreaterThanOrEqual(Math.max(...t.bars.filter((b) => b.kind === 'memcpy').map((b) => b.end)));
    expect(kernels[0]!.end).toBeGreaterThan(kernels[0]!.start);
    s.svc.close();
  });
});
