import { readFileSync } from 'node:fs';

/** Reads a source file from disk for the engine; null when it cannot be read (the command says so itself). */
export function readSource(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** What a failed read's error code says to a user ('' where "cannot read" says it all: a missing file). */
function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') return ': it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return ': permission denied';
  return '';
}

/** Why the program file at `path` cannot be run, or null when it can be read: a trace given where a program goes is named as one, not compiled as C. */
export function programProblem(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch (e) {
    return `cannot read '${path}'${reason(e)}`;
  }
  if (text.startsWith('SQLite format 3\0')) return `'${path}' is ${path.endsWith('.trace') ? 'a trace' : 'an SQLite database'}, not a CUDA program${path.endsWith('.trace') ? `; replay it with 'warpscope replay ${path}'` : ''}`;
  return null;
}
