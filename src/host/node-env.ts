import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunOptions } from '../engine/api.js';
import { defaultTracePath } from '../cli/record.js';
import type { ServiceEnv } from './session-service.js';

/** A session service's environment on this machine: files from disk, recordings where `warpscope debug` puts them (or in `traceDir`). */
export function nodeServiceEnv(options?: RunOptions, traceDir?: string): ServiceEnv {
  return {
    readFile: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return null;
      }
    },
    tracePath: (file) => (traceDir ? join(traceDir, defaultTracePath(file).replace(/^traces\//, '')) : defaultTracePath(file)),
    options,
  };
}
