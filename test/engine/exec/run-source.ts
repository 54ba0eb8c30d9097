import { execute } from '../../../src/engine/execute.js';
import { defaultRunOptions, type EngineEvent } from '../../../src/engine/api.js';
import type { Diagnostic } from '../../../src/engine/front/diag.js';

/** What a user sees of a run of `source` (as prog.cu): stdout, stderr with rendered diagnostics, status, and the diagnostics themselves. */
export function runSource(source: string): { stdout: string; stderr: string; status: number; diagnostics: Diagnostic[] } {
  const events: EngineEvent[] = [];
  const status = execute({ kind: 'run', file: 'prog.cu', argv: ['prog'], options: defaultRunOptions }, { readFile: (p) => (p === 'prog.cu' ? source : null) }, (e) => events.push(e));
  const text = (k: 'stdout' | 'stderr'): string => events.map((e) => (e.kind === k ? e.text : e.kind === 'diagnostic' && k === 'stderr' ? e.rendered + '\n' : '')).join('');
  const diagnostics = events.flatMap((e) => (e.kind === 'diagnostic' ? [e.diagnostic] : []));
  return { stdout: text('stdout'), stderr: text('stderr'), status, diagnostics };
}
