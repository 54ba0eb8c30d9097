import { parentPort, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { execute } from '../engine/execute.js';
import type { EngineCommand } from '../engine/api.js';

// Runs one engine command off the main thread so the window never freezes; events stream back as messages.
const cmd = workerData as EngineCommand;
const readFile = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};
execute(cmd, { readFile }, (e) => parentPort?.postMessage(e));
