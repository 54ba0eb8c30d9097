import type { SourceLoc } from './token.js';

/** A compiler message tied to a source location. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning' | 'note';
  readonly message: string;
  readonly loc: SourceLoc;
}

/** Either a value or the diagnostics that stopped it: errors stay values until the CLI or UI prints them. */
export type Result<T> = { readonly ok: true; readonly value: T; readonly warnings: readonly Diagnostic[] } | { readonly ok: false; readonly diags: readonly Diagnostic[] };

/** Thrown inside a pass to abandon it; each pass catches it at its boundary and returns a failed Result. */
export class DiagError extends Error {
  constructor(
    readonly diag: Diagnostic,
    /** Notes that follow the error (clang prints them after it). */
    readonly notes: readonly Diagnostic[] = [],
  ) {
    super(diag.message);
  }
}

/** Builds an error diagnostic. */
export function errorAt(loc: SourceLoc, message: string): Diagnostic {
  return { severity: 'error', message, loc };
}

/** Abandons the current pass with an error at `loc`. */
export function fail(loc: SourceLoc, message: string): never {
  throw new DiagError(errorAt(loc, message));
}

/** Abandons the current pass naming a construct Warpscope does not support (never silently miscompute it). */
export function unsupported(loc: SourceLoc, what: string): never {
  throw new DiagError(errorAt(loc, `${what} ${isPlural(what) ? 'are' : 'is'} not supported by Warpscope`));
}

/** Whether a construct's name is plural ("bit-fields", "member function calls"), so the message reads as English. */
function isPlural(what: string): boolean {
  const words = what.replace(/\s*\([^)]*\)$/, '').trim().split(/\s+/);
  if (/ing$/.test(words[0] ?? '')) return false; // "launching kernels from device code" is one activity
  return /[a-z]s$/.test(words[words.length - 1] ?? '') && !/ss$/.test(words[words.length - 1] ?? '');
}

/** Formats a diagnostic as clang/nvcc do: `file:line:col: error: msg`, the source line, and a caret. */
export function formatDiagnostic(d: Diagnostic, sources: ReadonlyMap<string, string>): string {
  const head = `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity}: ${d.message}`;
  const text = sources.get(d.loc.file);
  if (text === undefined) return head;
  const line = text.split('\n')[d.loc.line - 1];
  if (line === undefined) return head;
  const src = line.replace(/\r$/, '');
  const pad = src.slice(0, Math.max(0, d.loc.col - 1)).replace(/[^\t]/g, ' ');
  return `${head}\n${src}\n${pad}^`;
}
