import { mkdirSync, openSync, closeSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/*
 * One recording at a time per trace path. A recording replaces whatever file is at its path, so
 * two at once (two `record -o X` started together) unlinked each other's file and mixed their
 * rows in one WAL. The lock is a file `PATH.lock` holding the recording process's id, made
 * atomically; one left behind by a process that no longer runs (a killed recording) is taken over.
 */

/** Whether process `pid` still runs (signal 0 checks without signalling; EPERM means it runs as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of the trace at `path`: a function that releases it, or why another recording holds it. */
export function lockTrace(path: string): (() => void) | string {
  const lock = `${path}.lock`;
  const mine = String(process.pid);
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      // Released only if still ours: a process that found it stale may have taken it over.
      return () => void (readOr(lock) === mine && rmSync(lock, { force: true }));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const held = holder(lock);
    if (held !== null) return held;
    rmSync(lock, { force: true });
  }
  return 'another recording keeps taking its lock';
}

/** Why the lock at `lock` is held by another recording; null when it is stale or this process's own (a debugger running the program again). */
function holder(lock: string): string | null {
  const text = readOr(lock);
  // Empty: its maker has not written its id yet, unless it died doing so long ago.
  if (text === '') return ageMs(lock) < 5000 ? 'another recording is starting to write it' : null;
  const pid = Number(text);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || !running(pid)) return null;
  return `another recording (process ${pid}) is writing it`;
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** The lock file's text, or '' when it cannot be read. */
function readOr(lock: string): string {
  try {
    return readFileSync(lock, 'utf8');
  } catch {
    return '';
  }
}
