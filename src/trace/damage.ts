/*
 * What a reader throws when a trace holds what no recording writes: a chunk that does not
 * decode, a checkpoint that does not rebuild, a row that names what is not there. It is kept
 * apart from other errors so every reader can report it as a damaged trace, with the reason,
 * instead of an internal error or a value read from garbage.
 */

/** A damaged part of a trace; `message` names it ("effect chunk at 65536 is damaged"). */
export class TraceDamage extends Error {}

/** The one-line message for a trace at `path` that failed to read with `e` (SQLite's own messages may run over several lines). */
export function damagedTrace(path: string, e: unknown): string {
  const reason = (e instanceof Error ? e.message : String(e)).split('\n').find((l) => l.trim() !== '')?.trim() ?? 'unreadable';
  return `'${path}' is a damaged trace (${reason})`;
}

/** Whether `e` says the trace is damaged: a part that did not decode, or SQLite finding its file corrupt. */
export function isTraceDamage(e: unknown): boolean {
  if (e instanceof TraceDamage) return true;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
