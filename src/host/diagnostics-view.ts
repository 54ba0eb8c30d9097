import type { Trace } from '../trace/reader.js';
import type { DiagnosticView } from '../protocol/messages.js';
import { readFindings } from '../debug/sanitize/store.js';
import { findingSite, findingSummary } from '../debug/sanitize/text.js';
import { readFaultSites } from '../trace/fault-sites.js';
import { exceptionOf } from '../debug/fault-stop.js';

/*
 * The Diagnostics panel's data and the Source panel's line markers: the trace's diagnostics
 * table (rows of step 0 were reported before the first statement: the compiler's), what the
 * sanitizers of a debugging session found, and, at a position, the ones that had happened by then.
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
  const rows = trace.db.prepare('SELECT step, severity, message, file, line, col FROM diagnostics ORDER BY seq').all() as DiagRow[];
  // A row's step counts the statements recorded before it (docs/trace-format.md), so it was reported
  // during statement step - 1: the one `goto` reaches (a deadlock's is the last statement recorded).
  const view = (r: DiagRow, source: 'compile' | 'runtime'): DiagnosticView => ({ source, severity: severity(r.severity), message: r.message, file: r.file, line: r.line, col: r.col, step: source === 'compile' ? null : r.step - 1 });
  const before = rows.filter((r) => r.step <= 0).map((r) => view(r, 'compile'));
  // A trace without rows before the run either had no compile warnings or was recorded by a
  // debugging session before they were stored as rows: its stderr before the run tells which.
  const compile = before.length > 0 ? before : warningsInText(trace);
  const runtime = rows.filter((r) => r.step > 0).map((r) => view(r, 'runtime'));
  const findings = readFindings(trace.db).map((r): DiagnosticView => {
    const site = findingSite(r.finding);
    const sev = r.finding.kind === 'race' ? r.finding.severity : r.finding.kind === 'leak' ? 'warning' : 'error';
    return { source: r.tool, severity: sev, message: findingSummary(r.finding), file: site.file, line: site.line, col: 0, step: r.step };
  });
  return [...compile, ...runtime, ...faultsOf(trace), ...findings];
}

/**
 * The CUDA exceptions of faulted launches (trace meta, not diagnostics rows: the program goes on,
 * its launch failed), at the faulting statement, where the debugger stops. A sanitizer's stop of
 * a launch is left out: its finding is listed already.
 */
function faultsOf(trace: Trace): DiagnosticView[] {
  return [...readFaultSites(trace.meta).values()].flatMap((f): DiagnosticView[] => {
    const row = f.kind === 'aborted' ? null : trace.stepRow(f.step);
    if (!row) return [];
    const loc = trace.loc(row.loc);
    const at = f.address !== undefined ? ` at 0x${f.address.toString(16)}` : '';
    return [{ source: 'runtime', severity: 'error', message: `CUDA Exception: ${exceptionOf(f).name}${at} (${f.message})`, file: loc.file, line: loc.line, col: loc.col, step: f.step }];
  });
}

/** The compile warnings an older trace keeps only as the stderr text printed before its first statement. */
function warningsInText(trace: Trace): DiagnosticView[] {
  const known = new Set(trace.sourcePaths());
  const early = trace.db.prepare('SELECT data FROM output WHERE stream = 2 AND step <= 0 ORDER BY seq').pluck().all() as Buffer[];
  return parseRendered(early.map((b) => b.toString('utf8')).join('')).filter((d) => known.has(d.file));
}

/**
 * What had happened by step `upTo`: compile diagnostics always, sanitizer findings made at a step
 * up to it (a stop at a finding shows it), run-time diagnostics once their statement has run (a
 * stop on a line that will fault has not faulted yet; a deadlock found after the last statement
 * shows once the run has ended, as in a live session, whose recording has no row for it before),
 * or when the debugger stands at its CUDA exception (`faultStop`, the step it stopped at for one).
 */
export function diagnosticsAt(all: readonly DiagnosticView[], upTo: number, faultStop: number | null = null): DiagnosticView[] {
  return all.filter((d) => d.step === null || (d.source === 'runtime' ? d.step < upTo || d.step === faultStop : d.step <= upTo));
}
