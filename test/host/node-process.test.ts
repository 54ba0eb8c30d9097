import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SessionHost } from '../../src/host/session-host.js';
import { SESSION_DATA_VAR, nodeProcessBackend } from '../../src/host/node-process.js';
import type { SessionEvent } from '../../src/protocol/messages.js';
import { until } from './until.js';

/*
 * The session in a child process of Node, as the Electron window runs it: the built
 * out/main/session-worker.js (`npm run build:app`, which `npm test` runs first) under this
 * Node, opened, run and closed through a SessionHost; a child that dies is reported once as an
 * error event, and a child never outlives its parent.
 */

const worker = resolve('out/main/session-worker.js');
const built = existsSync(worker);
/** A test of the built worker: skipped, saying why, when it is not built. */
const withWorker = (title: string, fn: () => Promise<void>): void =>
  built ? it(title, fn) : it.skip(`${title} — skipped: out/main/session-worker.js is not built (npm run build:app)`, fn);


/** Whether process `pid` still exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number, ms = 10_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (!alive(pid)) return true;
  return false;
}

const printed = (events: SessionEvent[]): string => events.flatMap((e) => (e.kind === 'program-output' ? e.chunks.map((c) => c.text) : [])).join('');

describe('session in a Node child process', () => {
  withWorker('opens, runs to a breakpoint and to the end of a program, then closes and the child is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-child-'));
    copyFileSync('examples/hello.cu', join(dir, 'hello.cu'));
    const backend = nodeProcessBackend(worker, process.execPath, undefined, dir);
    const host = new SessionHost(backend);
    const events: SessionEvent[] = [];
    host.connect((e) => events.push(e));
    const pid = backend.pid!;
    try {
      expect(alive(pid)).toBe(true);
      host.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'hello.cu') } });
      await until(events, (e) => e.kind === 'opened');
      host.send({ kind: 'console', line: 'break hi_from_gpu' });
      host.send({ kind: 'console', line: 'run' });
      expect(await until(events, (e) => e.kind === 'stopped' && e.stop !== null)).toMatchObject({ stop: { line: 9 } });
      host.send({ kind: 'console', line: 'delete' });
      host.send({ kind: 'console', line: 'y' });
      host.send({ kind: 'console', line: 'continue' });
      await until(events, (e) => e.kind === 'exited');
      expect(printed(events)).toBe(`Hi from CPU\n${'Hi from GPU\n'.repeat(8)}`);
      expect(events).toContainEqual({ kind: 'exited', status: 0 });
      // The recording was stored by better-sqlite3 in the child, where traceDir said.
      expect(readdirSync(dir).filter((f) => f.endsWith('.trace'))).toHaveLength(1);
      expect(backend.failure!()).toBeNull();
    } finally {
      await host.close();
    }
    expect(() => process.kill(pid, 0)).toThrow();
    // A closed session is not reported as one that stopped.
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
  });

  it('reports a child that dies once, with its last words, and tells front ends that come later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-child-'));
    const script = join(dir, 'dies.mjs');
    writeFileSync(script, "process.stderr.write('boom: no session here\\n');\nprocess.exit(3);\n");
    const host = new SessionHost(nodeProcessBackend(script, process.execPath));
    const events: SessionEvent[] = [];
    host.connect((e) => events.push(e));
    const message = 'the session stopped: it exited with status 3\nboom: no session here';
    await until(events, (e) => e.kind === 'error');
    expect(events).toEqual([{ kind: 'error', message }]);
    // A page loaded later hears why nothing answers, and so does a command.
    const late: SessionEvent[] = [];
    const conn = host.connect((e) => late.push(e));
    conn.send({ kind: 'sync' });
    expect(late.at(-1)).toEqual({ kind: 'error', message });
    conn.send({ kind: 'console', line: 'run' });
    expect(late.at(-1)).toEqual({ kind: 'error', message });
    await host.close();
  });

  withWorker('reports a session killed under it', async () => {
    const backend = nodeProcessBackend(worker, process.execPath);
    const events: SessionEvent[] = [];
    backend.onEvent((e) => events.push(e));
    process.kill(backend.pid!, 'SIGKILL');
    expect(await until(events, (e) => e.kind === 'error')).toEqual({ kind: 'error', message: 'the session stopped: it was killed by SIGKILL' });
    await backend.close();
  });

  it('reports a Node that cannot be started', async () => {
    const backend = nodeProcessBackend(worker, '/nonexistent/node');
    const events: SessionEvent[] = [];
    backend.onEvent((e) => events.push(e));
    const e = await until(events, (x) => x.kind === 'error');
    expect(e).toMatchObject({ kind: 'error', message: expect.stringMatching(/^the session stopped: \/nonexistent\/node could not be started: .*ENOENT/) });
    await backend.close();
    expect(events.filter((x) => x.kind === 'error')).toHaveLength(1);
  });

  withWorker('exits when its parent dies without closing it, even while it runs a kernel', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-child-'));
    copyFileSync('test/host/spin.cu', join(dir, 'spin.cu'));
    // A parent that forks the session as nodeProcessBackend does, runs a kernel that never ends,
    // says the child's pid once it is busy, and is then killed outright.
    const parent = spawn(process.execPath, ['--input-type=module', '-e', `
      import { fork } from 'node:child_process';
      const env = { ...process.env, ${SESSION_DATA_VAR}: JSON.stringify({ traceDir: ${JSON.stringify(dir)} }) };
      const child = fork(${JSON.stringify(worker)}, [], { execArgv: [], env, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      let ran = false;
      child.on('message', (e) => {
        if (e.kind === 'opened') child.send({ kind: 'console', line: 'run' }), (ran = true);
        else if (ran && e.kind === 'busy' && e.busy) process.stdout.write(child.pid + '\\n');
      });
      child.send({ kind: 'open', target: { kind: 'source', path: ${JSON.stringify(join(dir, 'spin.cu'))} } });
      setInterval(() => {}, 1000);
    `], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((res) => parent.stdout.once('data', (d: Buffer) => res(Number(String(d).trim()))));
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(alive(pid)).toBe(true);
      parent.kill('SIGKILL');
      expect(await gone(pid)).toBe(true);
    } finally {
      // Should this fail, the orphan must not spin on.
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
