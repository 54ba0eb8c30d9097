import { formatDiagnostic, type Diagnostic } from './front/diag.js';
import { compileSource } from './compile-source.js';
import { runProgram } from './runtime/program.js';
import { findPreset } from './runtime/presets/index.js';
import type { EngineCommand, EngineEvent, SourceHost } from './api.js';

/*
 * Carries out one engine command, reporting everything as events. This is the entry
 * the CLI, the Electron main process and the browser host share.
 */

/** Runs `cmd`, emitting its events in order; returns the exit status it ends with. */
export function execute(cmd: EngineCommand, host: SourceHost, emit: (e: EngineEvent) => void): number {
  let compiled: ReturnType<typeof compileSource>;
  try {
    // nvcc would build for the simulated GPU's architecture (-arch=sm_XY): it decides __CUDA_ARCH__ and what the headers declare.
    const props = findPreset(cmd.options.device ?? 'h100')?.props;
    compiled = compileSource(cmd.file, host, props ? props.major * 100 + props.minor * 10 : undefined);
  } catch (e) {
    // A bug in Warpscope's front end: name it as ours instead of printing a JavaScript stack trace.
    const d: Diagnostic = { severity: 'error', message: `internal error in Warpscope while compiling: ${e instanceof Error ? e.message : String(e)} (please report it with this program)`, loc: { file: cmd.file, line: 0, col: 0 } };
    emit({ kind: 'diagnostic', diagnostic: d, rendered: render(d, new Map()) });
    emit({ kind: 'exit', status: 70 });
    return 70;
  }
  const sources = compiled.sources;
  const report = (d: Diagnostic): void => emit({ kind: 'diagnostic', diagnostic: d, rendered: render(d, sources) });
  if (!compiled.ok) {
    compiled.diags.forEach(report);
    const errors = compiled.diags.filter((d) => d.severity === 'error').length;
    emit({ kind: 'stderr', text: `${errors} error${errors === 1 ? '' : 's'} generated.\n` });
    emit({ kind: 'exit', status: 1 });
    return 1;
  }
  compiled.warnings.forEach(report);
  const listener = cmd.kind === 'record' ? cmd.listener : undefined;
  listener?.sources?.(sources);
  const status = runProgram(compiled.program, {
    argv: cmd.argv,
    options: cmd.options,
    sink: { stdout: (text) => emit({ kind: 'stdout', text }), stderr: (text) => emit({ kind: 'stderr', text }) },
    report,
    timeline: cmd.options.timeline ? (op) => emit({ kind: 'timeline', op }) : undefined,
    listener,
  });
  emit({ kind: 'exit', status });
  return status;
}

/** clang's format, or `file: error: message` for a diagnostic with no line (it belongs to the whole program). */
function render(d: Diagnostic, sources: ReadonlyMap<string, string>): string {
  if (d.loc.line > 0) return formatDiagnostic(d, sources);
  return `${d.loc.file || 'warpscope'}: ${d.severity}: ${d.message}`;
}
