import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionCommand, SessionEvent } from '../../src/protocol/messages.js';

/*
 * The Diagnostics panel follows the trace cursor, and compile warnings are rows of the trace's
 * diagnostics table (and still the console's text).
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
    expect(shown(s.events)).toEqual(['compile:warning:4', 'runtime:error:6']);
    // The same recording replayed: at its start only the compiler had spoken.
    const trace = last(s.events, 'opened')!.trace!;
    s.svc.close();
    const r = service();
    await r.send({ kind: 'open', target: { kind: 'trace', path: trace } });
    await r.send({ kind: 'console', line: 'break 12' });
    await r.send({ kind: 'motion', motion: 'run' });
    expect(shown(r.events)).toEqual(['compile:warning:4']);
    await r.send({ kind: 'motion', motion: 'next' });
    expect(shown(r.events)).toEqual(['compile:warning:4', 'runtime:error:6']);
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
