import type { Trace } from '../trace/reader.js';
import type { DiagnosticView } from '../protocol/messages.js';
import { readFindings } from '../debug/sanitize/store.js';
import { findingSite, findingSummary } from '../debug/sanitize/text.js';

/*
 * The Diagnostics panel's data and the Source panel's line markers: compile diagnostics (a
 * recording keeps the compiler's warnings only as the stderr text it printed, so they are read
 * back from that text, as a failed compile's errors are), the run-time diagnostics of the
 * trace's diagnostics table, and what the sanitizers of a debugging session found.
 */

/** A clang-style first line: `prog.cu:12:5: warning: message`. */
const RENDERED = /^(.+?):(\d+):(\d+): (error|warning|note): (.*)$/;

/** Compile diagnostics in compiler output text (the first line of each rendered diagnostic). */
export function parseRendered(text: string, source: DiagnosticView['source'] = 'compile', step: number | null = null): DiagnosticView[] {
  const out: DiagnosticView[] = [];
  for (const line of text.split('\n')) {
    const m = RENDERED.exec(line);
    if (m) out.push({ source, severity: m[4] as DiagnosticView['severity'], message: m[5]!, file: m[1]!, line: Number(m[2]), col: Number(m[3]), step });
  }
  return out;
}

interface DiagRow {
  readonly step: number;
  readonly severity: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

const severity = (s: string): DiagnosticView['severity'] => (s === 'warning' || s === 'note' ? s : 'error');

/** Every diagnostic of the recording so far: compile, run-time, then sanitizer findings. */
export function diagnosticsOf(trace: Trace): DiagnosticView[] {
  const known = new Set(trace.sourcePaths());
  // Compile warnings are what the recording printed to stderr before its first statement.
  const early = trace.db.prepare('SELECT data FROM output WHERE stream = 2 AND step <= 0 ORDER BY seq').pluck().all() as Buffer[];
  const compile = parseRendered(early.map((b) => b.toString('utf8')).join('')).filter((d) => known.has(d.file));
  const rows = trace.db.prepare('SELECT step, severity, message, file, line, col FROM diagnostics ORDER BY seq').all() as DiagRow[];
  const runtime = rows.map((r): DiagnosticView => ({ source: 'runtime', severity: severity(r.severity), message: r.message, file: r.file, line: r.line, col: r.col, step: r.step }));
  const findings = readFindings(trace.db).map((r): DiagnosticView => {
    const site = findingSite(r.finding);
    const sev = r.finding.kind === 'race' ? r.finding.severity : r.finding.kind === 'leak' ? 'warning' : 'error';
    return { source: r.tool, severity: sev, message: findingSummary(r.finding), file: site.file, line: site.line, col: 0, step: r.step };
  });
  return [...compile, ...runtime, ...findings];
}
