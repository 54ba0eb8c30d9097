import { execute } from '../../../src/engine/execute.js';
import { defaultRunOptions, type EngineEvent, type RunOptions } from '../../../src/engine/api.js';
import type { ExecutionListener } from '../../../src/engine/runtime/listener.js';
import type { Diagnostic } from '../../../src/engine/front/diag.js';

/**
 * What a user sees of a run of `source` (as prog.cu), or with `listener` a recording of it:
 * stdout, stderr with rendered diagnostics, status, and the diagnostics themselves.
 */
export function runSource(source: string, options: Partial<RunOptions> = {}, listener?: ExecutionListener): { stdout: string; stderr: string; status: number; diagnostics: Diagnostic[] } {
  const events: EngineEvent[] = [];
  const all: RunOptions = { ...defaultRunOptions, ...options };
  const host = { readFile: (p: string) => (p === 'prog.cu' ? source : null) };
  const status = listener
    ? execute({ kind: 'record', file: 'prog.cu', argv: ['prog'], options: all, listener }, host, (e) => events.push(e))
    : execute({ kind: 'run', file: 'prog.cu', argv: ['prog'], options: all }, host, (e) => events.push(e));
  const text = (k: 'stdout' | 'stderr'): string => events.map((e) => (e.kind === k ? e.text : e.kind === 'diagnostic' && k === 'stderr' ? e.rendered + '\n' : '')).join('');
  const diagnostics = events.flatMap((e) => (e.kind === 'diagnostic' ? [e.diagnostic] : []));
  return { stdout: text('stdout'), stderr: text('stderr'), status, diagnostics };
}
