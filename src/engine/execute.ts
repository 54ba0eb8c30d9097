import { formatDiagnostic, type Diagnostic } from './front/diag.js';
import { compileSource } from './compile-source.js';
import { runProgram } from './runtime/program.js';
import type { EngineCommand, EngineEvent, SourceHost } from './api.js';

/*
 * Carries out one engine command, reporting everything as events. This is the entry
 * the CLI, the Electron main process and the browser host share.
 */

/** Runs `cmd`, emitting its events in order; returns the exit status it ends with. */
export function execute(cmd: EngineCommand, host: SourceHost, emit: (e: EngineEvent) => void): number {
  const compiled = compileSource(cmd.file, host);
  const report = (d: Diagnostic): void => emit({ kind: 'diagnostic', diagnostic: d, rendered: formatDiagnostic(d, compiled.sources) });
  if (!compiled.ok) {
    compiled.diags.forEach(report);
    const errors = compiled.diags.filter((d) => d.severity === 'error').length;
    emit({ kind: 'stderr', text: `${errors} error${errors === 1 ? '' : 's'} generated.\n` });
    emit({ kind: 'exit', status: 1 });
    return 1;
  }
  compiled.warnings.forEach(report);
  const status = runProgram(compiled.program, {
    argv: cmd.argv,
    options: cmd.options,
    sink: { stdout: (text) => emit({ kind: 'stdout', text }), stderr: (text) => emit({ kind: 'stderr', text }) },
    report,
  });
  emit({ kind: 'exit', status });
  return status;
}
