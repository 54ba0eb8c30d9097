import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTime } from '../../src/trace/trace-lock.js';

/*
 * Two recordings to one trace path at once unlinked each other's file and mixed their rows in
 * one WAL (one of them died with "UNIQUE constraint failed"). A recording now locks its path: a
 * second one is refused in one line while the first runs, and a lock left by a killed recording
 * does not stand in the way.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-lock-'));
const program = 'test/conformance/seeds/hello_world_ids.cu';
// A program that runs until it is killed, launching kernels all the while.
writeFileSync(join(dir, 'endless.cu'), `__global__ void k(int *a) { int s = 0; for (int i = 0; i < 200; i++) s += i ^ threadIdx.x; a[threadIdx.x] = s; }
int main() { int *d; cudaMalloc(&d, 1024); for (;;) { k<<<1, 256>>>(d); cudaDeviceSynchronize(); } }
`);

/** Runs the built CLI (npm test builds it first). */
function ws(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'latin1', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Resolves once the recording writing `trace` has committed a few batches of statements (or after 30 s). */
async function committed(trace: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const db = new Database(trace, { readonly: true, fileMustExist: true });
      try {
        if (Number(db.prepare('SELECT count(*) FROM step_chunks').pluck().get()) >= 3) return;
      } finally {
        db.close();
      }
    } catch {
      // Not made yet, or its schema not yet committed.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('one recording at a time per trace path', () => {
  it('refuses to record over a trace another running recording is writing', () => {
    const trace = join(dir, 'busy.trace');
    // This test's own process stands for a recording that is still running.
    writeFileSync(`${trace}.lock`, String(process.pid));
    const r = ws('record', program, '-o', trace);
    expect(r.stderr).toBe(`warpscope: error: cannot write the trace '${trace}': another recording (process ${process.pid}) is writing it\n`);
    expect(r.status).toBe(1);
    expect(existsSync(trace)).toBe(false);
  });

  it('takes over the lock a killed recording left, and releases it when done', () => {
    const trace = join(dir, 'stale.trace');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(`${trace}.lock`, gone);
    const r = ws('record', program, '-o', trace);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(`${trace}.lock`)).toBe(false);
    expect(ws('replay', trace, '--summary').status).toBe(0);
  });

  it('refuses a lock naming a running process by its id and start time, as recordings write it', () => {
    const trace = join(dir, 'busy-started.trace');
    writeFileSync(`${trace}.lock`, `${process.pid} ${startTime(process.pid) ?? ''}`.trim());
    const r = ws('record', program, '-o', trace);
    expect(r.stderr).toBe(`warpscope: error: cannot write the trace '${trace}': another recording (process ${process.pid}) is writing it\n`);
    expect(r.status).toBe(1);
  });

  it('takes over a lock whose process id now belongs to another process (ids are reused)', () => {
    const trace = join(dir, 'reused.trace');
    // This test's process runs, but it did not start at tick 1 after boot: the recording that wrote the lock is gone.
    writeFileSync(`${trace}.lock`, `${process.pid} 1`);
    const r = ws('record', program, '-o', trace);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(`${trace}.lock`)).toBe(false);
  });

  it('a recording killed with SIGKILL replays up to its last commit, which leaves the .trace file alone; the path records again', async () => {
    const trace = join(dir, 'killed.trace');
    const child = spawn(process.execPath, ['bin/warpscope.mjs', 'record', join(dir, 'endless.cu'), '-o', trace], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await committed(trace);
    child.kill('SIGKILL');
    await exited;
    expect(readFileSync(`${trace}.lock`, 'utf8')).toMatch(new RegExp(`^${child.pid}( \\d+)?$`));
    const summary = ws('replay', trace, '--summary');
    expect(summary.stderr).toBe('');
    expect(summary.stdout).toMatch(/^exit status: +unknown \(the recording was interrupted\)$/m);
    expect(summary.stdout).toMatch(/^statements: +[1-9]\d*$/m);
    expect(summary.status).toBe(0);
    // The first reader folded the WAL in, dropped the dead recording's lock and took the file out of WAL mode.
    for (const left of ['-wal', '-shm', '.lock']) expect(existsSync(trace + left)).toBe(false);
    expect(ws('replay', trace, '--summary').stdout).toBe(summary.stdout);
    const again = ws('record', program, '-o', trace);
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
  }, 60_000);

  it('Ctrl-C (SIGINT) during a recording closes the trace with what was recorded: one file, replayable, status 130', async () => {
    const trace = join(dir, 'interrupted.trace');
    const child = spawn(process.execPath, ['bin/warpscope.mjs', 'record', join(dir, 'endless.cu'), '-o', trace], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await committed(trace);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    // Closed as a finished recording's file is, but without an exit status: nothing beside it.
    for (const left of ['-wal', '-shm', '.lock']) expect(existsSync(trace + left)).toBe(false);
    const summary = ws('replay', trace, '--summary');
    expect(summary.stdout).toMatch(/^exit status: +unknown \(the recording was interrupted\)$/m);
    expect(summary.stdout).toMatch(/^statements: +[1-9]\d*$/m);
    expect(summary.status).toBe(0);
  }, 60_000);
});
