import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/*
 * A trace's folder, made before its file. Node's `mkdirSync(dir, { recursive: true })` never
 * returns under a folder that refuses new entries with ENOENT (/proc/x/y.trace spun forever):
 * making one level at a time turns that refusal into an error the CLI can word.
 */

/** Creates `dir` and its missing parents, one level at a time; throws the first level's error. */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (e) {
      // Another recording made it meanwhile: fine, as long as it is a folder.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw e;
    }
  }
}
