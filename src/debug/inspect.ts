import type { DebugSession } from './session.js';
import { printCommand as evalPrint, parsePrint, evaluate, formatValue, examine, lvalueOf, initialExamineState, type ExamineState } from './expr/index.js';
import { EFFECT } from '../trace/schema.js';
import { sizeOf } from '../engine/check/types.js';
import { spaceOfAddress, type Focus } from './eval-context.js';
import { frameHeader, sourceLine } from './describe.js';

/*
 * Looking at the program at the current step: print, display, x, list, locals and arguments,
 * the call stack, and the time-travel questions (history, info writers).
 */

/** `print [/FMT] EXPR`. */
export function printCommand(s: DebugSession, args: string): void {
  if (s.pos === null && !/^\/?\w*\s*\$/.test(args)) return s.say('The program is not being run.');
  const r = evalPrint(args, s.context(), s.values);
  s.say(r.ok ? r.text : r.error);
}

/** `display [/FMT] EXPR`: shows it now and after every stop. */
export function displayCommand(s: DebugSession, args: string): void {
  if (args === '') return s.showDisplays();
  const p = parsePrint(args, 'display');
  if (!p.ok) return s.say(p.error);
  const num = s.displayNext++;
  s.displays.push({ num, expr: p.expr, fmt: args.startsWith('/') ? args.split(/\s+/)[0]! : '' });
  if (s.pos !== null) outputDisplay(s, String(num));
}

/** Prints display number `args` (`1: x = 5`). */
export function outputDisplay(s: DebugSession, args: string): void {
  const d = s.displays.find((x) => x.num === Number(args));
  if (!d || s.pos === null) return;
  const p = parsePrint(`${d.fmt} ${d.expr}`.trim(), 'display');
  if (!p.ok) return;
  const ctx = s.context();
  const r = evaluate(p.expr, ctx, s.values);
  s.say(`${d.num}: ${d.fmt ? d.fmt + ' ' : ''}${d.expr} = ${r.ok ? formatValue(r.value, p.fmt, ctx) : `<error: ${r.error}>`}`);
}

/** `x/NFU ADDR`. */
export function examineCommand(s: DebugSession, args: string): void {
  if (s.pos === null) return s.say('The program is not being run.');
  const r = examine(args, s.context(), s.values, (s.examineState as ExamineState | null) ?? initialExamineState);
  s.examineState = r.state;
  if (r.output) s.io.out(r.output.endsWith('\n') ? r.output : r.output + '\n');
  if (r.error) s.say(r.error);
}

/** `list`, `list N`, `list FILE:N`, `list FUNCTION`: ten lines around the place. */
export function listCommand(s: DebugSession, args: string): void {
  const view = s.view;
  if (!view) return s.say('No symbol table is loaded.  Use the "run" command first.');
  let file = s.listAt?.file ?? view.mainFile;
  let center: number;
  const m = /^(?:(.+):)?(\d+)$/.exec(args);
  if (args === '') {
    center = s.listAt ? s.listAt.line + 5 : 6;
    if (s.listAt && (s as { listed?: boolean }).listed) center = s.listAt.line + 5;
  } else if (m) {
    if (m[1]) file = view.resolveFile(m[1]) ?? m[1];
    center = Number(m[2]);
  } else {
    const f = view.fnByName(args);
    if (!f) return s.say(`Function "${args}" not defined.`);
    file = f.file;
    center = f.line + 1;
  }
  const lines = view.sourceLines(file);
  if (!lines) return s.say(`No source file named ${file}.`);
  const first = Math.max(1, center - 5);
  const last = Math.min(lines.length, first + 9);
  if (first > lines.length) return s.say(`Line number ${first} out of range; "${file}" has ${lines.length} lines.`);
  for (let n = first; n <= last; n++) s.say(`${n}\t${lines[n - 1]}`);
  s.listAt = { file, line: last + 5 };
  (s as { listed?: boolean }).listed = true;
}

/** `info locals` (variables declared so far) or `info args`. */
export function localsCommand(s: DebugSession, args: boolean): void {
  const ctx = s.context();
  const fr = ctx.frame();
  if (!fr) return s.say('No frame selected.');
  const row = s.focusRow();
  const line = row ? s.trace!.loc(row.loc).line : 0;
  const vars = fr.fn.vars.filter((v) => v.param === args && (args || v.line <= line));
  if (vars.length === 0) return s.say(args ? 'No arguments.' : 'No locals.');
  const seen = new Set<string>();
  for (const v of [...vars].reverse()) {
    if (seen.has(v.name)) continue;
    seen.add(v.name);
    const r = evaluate(v.name, ctx, s.values);
    s.say(`${v.name} = ${r.ok ? formatValue(r.value, null, ctx) : `<${r.error}>`}`);
  }
}

/** The call stack of the focused warp: innermost first, with each frame's line. */
function frames(s: DebugSession): { header: string; file: string; line: number }[] {
  const t = s.trace!;
  const row = s.focusRow();
  if (!row) return [];
  const depth = s.context().warp()?.frames.length ?? 0;
  const out: { header: string; file: string; line: number }[] = [];
  let at = row;
  for (let i = 0; i < depth; i++) {
    const ctx = s.context(s.pos!, s.focus, i);
    const fr = ctx.frame();
    if (!fr) break;
    const loc = t.loc(at.loc);
    const l = s.focus.kind === 'device' ? s.view!.launch(s.focus.launch) : null;
    out.push({ header: frameHeader(s.view!, fr.fn, ctx, l), file: loc.file, line: loc.line });
    // The caller stands at its latest statement one level out: the call.
    const want = at.depth - 1;
    let found = null;
    for (let st = at.step - 1; st >= 0; st--) {
      const r = t.stepRow(st)!;
      if (r.launch === at.launch && r.block === at.block && r.warp === at.warp && r.depth <= want) {
        found = r;
        break;
      }
    }
    if (!found) break;
    at = found;
  }
  return out;
}

/** `backtrace`. */
export function backtraceCommand(s: DebugSession): void {
  if (s.pos === null) return s.say('No stack.');
  frames(s).forEach((f, i) => s.say(`#${i}  ${f.header} at ${f.file}:${f.line}`));
}

/** `frame [N]`: selects frame N (or shows the selected one). */
export function frameCommand(s: DebugSession, args: string): void {
  if (s.pos === null) return s.say('No stack.');
  const all = frames(s);
  if (args !== '') {
    const n = Number(args);
    if (!Number.isInteger(n) || n < 0 || n >= all.length) return s.say(n < 0 ? 'Bottom (innermost) frame selected; you cannot go down.' : 'Initial frame selected; you cannot go up.');
    s.frameIndex = n;
  }
  const f = all[s.frameIndex];
  if (!f) return;
  s.say(`#${s.frameIndex}  ${f.header} at ${f.file}:${f.line}`);
  s.say(sourceLine(s.view!, f.file, f.line));
}

interface Write {
  readonly step: number;
  readonly writer: Focus;
  readonly before: string;
  readonly after: string;
}

/** Every write to an lvalue up to step `upTo`: step, writer and the value before and after. */
function writesTo(s: DebugSession, expr: string, upTo: number): Write[] | string {
  const ctx = s.context();
  const lv = lvalueOf(expr, ctx, s.values);
  if (!lv.ok) return lv.error;
  const focus = s.focus;
  const dev = focus.kind === 'device' ? focus : { launch: 0, block: 0, warp: 0, lane: 0 };
  const place = lv.place;
  const regKey = place.kind === 'register' ? place.name.split(':').map(Number) : null;
  const space = place.kind === 'memory' ? ['host', 'global', 'shared', 'local', 'constant'].indexOf(place.space === 'generic' ? spaceOfAddress(place.address) : place.space) : -1;
  const out: Write[] = [];
  const t = s.trace!;
  const size = sizeOf(lv.type);
  for (let c = 0; c < t.effectChunks.length; c++) {
    const ix = t.effectChunks[c]!;
    if (ix.firstStep >= upTo) break;
    const d = t.effectChunk(c);
    for (let i = 0; i < d.count; i++) {
      const st = d.step[i]!;
      if (st >= upTo) break;
      const kind = d.kind[i]!;
      let hit = false;
      if (regKey) hit = kind === EFFECT.register && d.address[i] === ((regKey[0]! << 16) | regKey[1]!) && d.launch[i] === dev.launch && d.block[i] === dev.block && d.warp[i] === dev.warp && d.lane[i] === dev.lane;
      else if ((kind === EFFECT.store || kind === EFFECT.bulk) && d.space[i] === space && place.kind === 'memory') {
        const a = d.address[i]!;
        const n = kind === EFFECT.bulk ? t.blob(d.neu[2 * i]!).neu.length : d.size[i]!;
        hit = a < place.address + size && place.address < a + n;
        if (space === 2) hit &&= d.launch[i] === dev.launch && d.block[i] === dev.block;
        if (space === 3 && dev.launch !== 0) hit &&= d.launch[i] === dev.launch && d.block[i] === dev.block && d.warp[i] === dev.warp && d.lane[i] === dev.lane;
      }
      if (!hit) continue;
      const writer: Focus = d.launch[i] === 0 ? { kind: 'host' } : { kind: 'device', launch: d.launch[i]!, block: d.block[i]!, warp: d.warp[i]!, lane: d.lane[i]! };
      const show = (step: number): string => {
        const r = evaluate(expr, s.context(step, focus), s.values);
        return r.ok ? formatValue(r.value, null, s.context(step, focus)) : `<${r.error}>`;
      };
      const last = out[out.length - 1];
      if (last && last.step === st) continue;
      out.push({ step: st, writer, before: show(st), after: show(st + 1) });
    }
  }
  return out.filter((w) => w.before !== w.after || w.writer.kind === 'device');
}

/** Who a write was made by, as a line fragment. */
function writerText(s: DebugSession, w: Write): string {
  const row = s.trace!.stepRow(w.step);
  const loc = row ? s.trace!.loc(row.loc) : { file: '?', line: 0 };
  if (w.writer.kind === 'host') return `host  ${loc.file}:${loc.line}`;
  const l = s.view!.launch(w.writer.launch)!;
  const b = s.view!.blockIdx(l, w.writer.block);
  const th = s.view!.threadIdx(l, w.writer.warp, w.writer.lane);
  return `kernel ${w.writer.launch - 1} block (${b.x},${b.y},${b.z}) thread (${th.x},${th.y},${th.z})  ${loc.file}:${loc.line}`;
}

/** `history EXPR`: every write to the location over the whole recording. */
export function historyCommand(s: DebugSession, args: string): void {
  if (s.pos === null) return s.say('The program is not being run.');
  const ws = writesTo(s, args, s.trace!.stepCount());
  if (typeof ws === 'string') return s.say(ws);
  if (ws.length === 0) return s.say(`No write to ${args} was recorded.`);
  for (const w of ws) s.say(`step ${String(w.step).padStart(6)}  ${writerText(s, w)}  ${w.before} -> ${w.after}${w.step < s.pos ? '' : '  (later)'}`);
}

/** `info writers EXPR`: the write that gave the location its current value. */
export function writersCommand(s: DebugSession, args: string): void {
  const ws = writesTo(s, args, s.pos!);
  if (typeof ws === 'string') return s.say(ws);
  const w = ws[ws.length - 1];
  if (!w) return s.say(`${args} has not been written yet: it holds its initial value.`);
  s.say(`${args} = ${w.after} was written at step ${w.step} by ${writerText(s, w)} (it was ${w.before}).`);
}
