import { readFileSync } from 'node:fs';

/** Reads a source file from disk for the engine; null when it cannot be read (the command says so itself). */
export function readSource(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
