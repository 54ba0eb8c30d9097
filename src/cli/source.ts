import { readFileSync } from 'node:fs';

/** Reads a source file from disk for the engine; null when it cannot be read (the command says so itself). */
export function readSource(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Why the program file at `path` cannot be run, or null when it can be read: a trace given where a program goes is named as one, not compiled as C. */
export function programProblem(path: string): string | null {
  const text = readSource(path);
  if (text === null) return `cannot read '${path}'`;
  if (text.startsWith('SQLite format 3\0')) return `'${path}' is ${path.endsWith('.trace') ? 'a trace' : 'an SQLite database'}, not a CUDA program${path.endsWith('.trace') ? `; replay it with 'warpscope replay ${path}'` : ''}`;
  return null;
}
