import { readFileSync } from 'node:fs';
import type { RunOptions } from '../engine/api.js';
import { defaultTracePath } from '../cli/record.js';
import type { ServiceEnv } from './session-service.js';

/** A session service's environment on this machine: files from disk, recordings where `warpscope debug` puts them. */
export function nodeServiceEnv(options?: RunOptions): ServiceEnv {
  return {
    readFile: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return null;
      }
    },
    tracePath: (file) => defaultTracePath(file),
    options,
  };
}
