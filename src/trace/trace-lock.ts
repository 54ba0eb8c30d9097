import { openSync, closeSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeFolder } from './make-folder.js';

/*
 * One recording at a time per trace path. A recording replaces whatever file is at its path, so
 * two at once (two `record -o X` started together) unlinked each other's file and mixed their
 * rows in one WAL. The lock is a file `PATH.lock` holding the recording process's id and, where
 * Linux's /proc tells it, the process's start time, made atomically; one left behind by a process
 * that no longer runs (a killed recording) is taken over. The start time tells a killed
 * recording's id from the same id given since to another process (ids are reused, and soon in a
 * container), which would otherwise lock the path for as long as that process runs.
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

/** When process `pid` started (clock ticks since boot, /proc/PID/stat's 22nd field); null where /proc does not say. */
export function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const field = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return field !== undefined && /^\d+$/.test(field) ? field : null;
  } catch {
    return null;
  }
}

/** What this process writes into its locks: its id, then its start time where known. */
function lockText(): string {
  const started = startTime(process.pid);
  return started === null ? String(process.pid) : `${process.pid} ${started}`;
}

/** Takes the lock of the trace at `path`: a function that releases it, or why another recording holds it. */
export function lockTrace(path: string): (() => void) | string {
  const lock = `${path}.lock`;
  const mine = lockText();
  makeFolder(dirname(path));
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

/**
 * Removes the lock beside the trace at `path` when the recording that left it is gone (killed):
 * whether there was such a lock, so the reader knows the trace is a killed recording's that no
 * process writes any more. A live recording's lock, or this process's own, stays.
 */
export function clearStaleLock(path: string): boolean {
  const lock = `${path}.lock`;
  const text = readOr(lock);
  if (text === '' && ageMs(lock) === Infinity) return false;
  if (holder(lock) !== null || ownedHere(text)) return false;
  rmSync(lock, { force: true });
  return true;
}

/** Whether lock text `text` names this process. */
const ownedHere = (text: string): boolean => Number(text.split(' ')[0]) === process.pid;

/** Why the lock at `lock` is held by another recording; null when it is stale or this process's own (a debugger running the program again). */
function holder(lock: string): string | null {
  const text = readOr(lock);
  // Empty: its maker has not written its id yet, unless it died doing so long ago.
  if (text === '') return ageMs(lock) < 5000 ? 'another recording is starting to write it' : null;
  const [id, started] = text.trim().split(' ');
  const pid = Number(id);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || !running(pid)) return null;
  // The id runs, but a process started at another time holds it now: the recording is gone.
  if (started !== undefined) {
    const now = startTime(pid);
    if (now !== null && now !== started) return null;
  }
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
