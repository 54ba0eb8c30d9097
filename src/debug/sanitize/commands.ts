import { TOOLS, type Tool } from '../../analysis/findings.js';
import type { DebugSession } from '../session.js';
import { focusOf } from '../focus.js';
import type { Focus } from '../eval-context.js';
import type { Trace } from '../../trace/reader.js';
import { readFindings, recordedTools, type FindingRow } from './store.js';
import { findingSite, findingSummary, reportText, stopHeader, stops, table } from './text.js';

/*
 * The debugger's side of the sanitizers: `set cuda memcheck|racecheck|initcheck|synccheck on|off`,
 * the stops at their findings, and `info cuda sanitizer`. Everything is read from the trace's
 * findings, so a live session and its replay stop and list alike.
 */

const dim = (d: { x: number; y: number; z: number } | null): string => (d === null ? '-' : `(${d.x},${d.y},${d.z})`);

/** Findings read so far per open trace: rows are only ever appended, so a growing recording is read on from where it was. */
const known = new WeakMap<Trace, FindingRow[]>();

/** Every finding the trace holds now. */
function findingsOf(t: Trace): readonly FindingRow[] {
  const rows = known.get(t) ?? [];
  rows.push(...readFindings(t.db, rows.length));
  known.set(t, rows);
  return rows;
}

/** Whether `word` names a sanitizer tool. */
export function isTool(word: string): word is Tool {
  return (TOOLS as readonly string[]).includes(word);
}

/** `set cuda TOOL on|off`: stops at the tool's findings (a live session records with it from its next run). */
export function setSanitizer(s: DebugSession, tool: Tool, value: string): void {
  if (value !== 'on' && value !== 'off') return s.say(`"on" or "off" expected.`);
  if (value === 'off') {
    s.sanitizers.delete(tool);
    return;
  }
  const recorded = s.trace !== null && recordedTools(s.trace.meta).includes(tool);
  if (s.source.kind === 'replay' && !recorded) return s.say(`This trace was recorded without ${tool}: debug the program with "set cuda ${tool} on" before "run" to record it with ${tool}.`);
  s.sanitizers.add(tool);
  // cuda-gdb takes memcheck only before the program runs: the recording under way goes on without it.
  if (s.pos !== null && !recorded) s.say(`${tool.charAt(0).toUpperCase() + tool.slice(1)} will be on from the next "run".`);
}

/** The steps where an enabled sanitizer's findings stop the program, with those findings. */
export function sanitizerStops(s: DebugSession): ReadonlyMap<number, FindingRow[]> {
  const out = new Map<number, FindingRow[]>();
  if (s.sanitizers.size === 0 || s.trace === null) return out;
  for (const r of findingsOf(s.trace)) {
    if (!s.sanitizers.has(r.tool) || !stops(r.finding)) continue;
    const at = out.get(r.step);
    if (at === undefined) out.set(r.step, [r]);
    else at.push(r);
  }
  return out;
}

/** Stops at `step`, where `rows` were found, focused on the first one's thread: what was detected, where, and the report lines. */
export function sanitizerStop(s: DebugSession, step: number, rows: readonly FindingRow[]): void {
  const first = rows[0]!;
  const row = s.trace!.stepRow(step);
  const focus: Focus = first.launch !== 0 ? { kind: 'device', launch: first.launch, block: first.block, warp: first.warp, lane: first.lane } : row ? focusOf(row) : { kind: 'host' };
  // The program's output up to the fault comes before the exception, as on a terminal.
  s.pos = step;
  s.flushOutput();
  s.write(stopHeader(first.finding, s.view!.threadName));
  s.stopAt(step, focus, 'frame');
  s.write(reportText(rows));
  s.sanitizerStop = step;
}

/** `info cuda sanitizer`: every finding so far (up to the current step, or all once the program ended), `*` marking those of the current stop. */
export function infoSanitizer(s: DebugSession): void {
  if (s.trace === null || (s.pos === null && !s.ended)) return s.say('The program is not being run.');
  const tools = recordedTools(s.trace.meta);
  if (tools.length === 0) return s.say('No sanitizer ran in this recording: "set cuda memcheck on" (or racecheck, initcheck, synccheck) before "run".');
  const upTo = s.pos ?? Number.MAX_SAFE_INTEGER;
  const rows = findingsOf(s.trace).filter((r) => r.step <= upTo);
  if (rows.length === 0) return s.say(`No ${tools.join(', ')} findings so far.`);
  const cells = rows.map((r, i) => {
    const site = findingSite(r.finding);
    const mark = r.step === s.sanitizerStop && s.pos === r.step && s.sanitizers.has(r.tool) && stops(r.finding) ? '*' : ' ';
    return [mark, String(i + 1), String(r.step), r.tool, r.launch === 0 ? '-' : String(r.launch - 1), dim(site.block), dim(site.thread), `${site.file}:${site.line}`, findingSummary(r.finding)];
  });
  for (const l of table(['', 'Num', 'Step', 'Tool', 'Kernel', 'BlockIdx', 'ThreadIdx', 'Location', 'Finding'], cells, [false, true, true, false, true, true, true, false, false])) s.say(l);
}
