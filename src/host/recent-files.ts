import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { OpenTarget, SessionEvent } from '../protocol/messages.js';

/*
 * Recently opened files, kept in a small JSON file (an array of paths, most recent first) so a
 * restarted app or server offers them again. A missing or unreadable file is an empty list: the
 * list is a convenience, never a reason to fail.
 */

/** How many files the list keeps. */
export const MAX_RECENT = 10;

/** A persisted most-recent-first list of opened files. */
export class RecentFiles {
  private paths: string[] | null = null;

  constructor(private readonly file: string) {}

  /** The paths, most recent first. */
  list(): readonly string[] {
    this.paths ??= this.load();
    return this.paths;
  }

  /** Puts `path` first (once) and saves the list. */
  add(path: string): void {
    this.paths = [path, ...this.list().filter((p) => p !== path)].slice(0, MAX_RECENT);
    this.save();
  }

  /** Empties the list. */
  clear(): void {
    this.paths = [];
    this.save();
  }

  private load(): string[] {
    try {
      const raw: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string' && p !== '').slice(0, MAX_RECENT) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(this.file, JSON.stringify(this.paths ?? [], null, 1) + '\n');
    } catch {
      // A read-only config folder loses the list, not the session.
    }
  }
}

/**
 * Which open requests succeeded: the session answers each 'open' with exactly one 'opened' or
 * 'open-failed', in order, so requests wait in a queue and the answer settles the oldest.
 */
export class OpenTracker {
  private readonly waiting: string[] = [];

  constructor(private readonly onOpened: (path: string) => void) {}

  /** An open of `target` was sent to the session. */
  requested(target: OpenTarget): void {
    this.waiting.push(target.path);
  }

  /** Hears the session's events. */
  event(e: SessionEvent): void {
    if (e.kind !== 'opened' && e.kind !== 'open-failed') return;
    const path = this.waiting.shift();
    if (path !== undefined && e.kind === 'opened') this.onOpened(path);
  }
}

/** The open target a path stands for (by its extension). */
export function targetOf(path: string): OpenTarget {
  return { kind: path.endsWith('.trace') ? 'trace' : 'source', path };
}
