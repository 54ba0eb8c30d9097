import type { DebugSession } from './session.js';
import { printCommand as evalPrint, parsePrint, evaluate, typeOfExpression, formatValue, examine, examineArgumentError, lvalueOf, initialExamineState, typeText, type ExamineState } from './expr/index.js';
import { valueTypeText } from './expr/format.js';
import { expandStruct, namedType } from './expr/ptype.js';
import { EFFECT, SPACE_CODE } from '../trace/schema.js';
import { lastLaneTouching } from '../trace/memory-rows.js';
import { sizeOf } from '../engine/check/types.js';
import { spaceOfAddress, genericAddress, showPlace, showSymbol, type Focus, type StateContext } from './eval-context.js';
import { printFunction } from './function-values.js';
import { METHOD_NAME, functionName, methodLines } from './struct-methods.js';
import { frameHeader, functionType, listedLine, missingLine, sourceLine } from './describe.js';
import { inScope, innerFirst } from './scopes.js';
import type { StaticInfo } from '../engine/debuginfo/symbols.js';
import { unknownName } from './location-context.js';

/*
 * Looking at the program at the current step: print, display, x, list, locals and arguments,
 * the call stack, and the time-travel questions (history, info writers).
 */

/**
 * The context print-like commands read expressions in: the focused thread's; with no program
 * running, the program's statics as the executable holds them (the state before the first
 * statement; no frame, so no locals), as gdb still prints constants and statics then.
 */
export function exprContext(s: DebugSession): StateContext {
  return s.pos === null ? s.context(0, { kind: 'host' }, Number.MAX_SAFE_INTEGER) : s.context();
}

/** `print [/FMT] EXPR`. */
export function printCommand(s: DebugSession, args: string): void {
  if (s.pos === null && !s.trace) return s.say('The program is not being run.');
  const fn = printFunction(s, args);
  if (fn !== null) return s.say(fn);
  const r = evalPrint(args, exprContext(s), s.values);
  s.say(r.ok ? r.text : r.error);
}

/** `display [/FMT] EXPR`: shows it now and after every stop. */
export function displayCommand(s: DebugSession, args: string): void {
  // A bare display shows nothing with no program running (cuda-gdb 13 on the H100).
  if (args === '') return s.pos === null ? undefined : s.showDisplays();
  const p = parsePrint(args, 'display');
  if (!p.ok) return s.say(p.error);
  // gdb parses the expression where the program stands (its statics before a run): a name nothing there denotes is refused.
  const bad = s.trace ? unknownName(exprContext(s), p.expr) : null;
  if (bad !== null) return s.say(bad);
  const num = s.displayNext++;
  s.displays.push({ num, expr: p.expr, fmt: args.startsWith('/') ? args.split(/\s+/)[0]! : '' });
  showDisplay(s, num);
}

/** Prints display number `args` (`1: x = 5`). */
export function outputDisplay(s: DebugSession, args: string): void {
  if (s.pos !== null) showDisplay(s, Number(args));
}

/**
 * Prints display `num` where the program stands; with no program running (as `display EXPR`
 * shows it when made), what names only statics, which gdb reads from the executable.
 */
function showDisplay(s: DebugSession, num: number): void {
  const d = s.displays.find((x) => x.num === num);
  if (!d || !s.trace) return;
  const p = parsePrint(`${d.fmt} ${d.expr}`.trim(), 'display');
  if (!p.ok) return;
  const ctx = exprContext(s);
  if (s.pos === null && unknownName(ctx, p.expr) !== null) return;
  const r = evaluate(p.expr, ctx, s.values);
  s.say(`${d.num}: ${d.fmt ? d.fmt + ' ' : ''}${d.expr} = ${r.ok ? formatValue(r.value, p.fmt, ctx) : `<error: ${r.error}>`}`);
}

/** `x/NFU ADDR`. */
export function examineCommand(s: DebugSession, args: string): void {
  if (s.pos === null) return s.say(examineArgumentError(args, exprContext(s), s.values, (s.examineState as ExamineState | null) ?? initialExamineState) ?? 'The program is not being run.');
  const r = examine(args, s.context(), s.values, (s.examineState as ExamineState | null) ?? initialExamineState);
  s.examineState = r.state;
  // gdb prints an unreadable unit's error after its address label, on the same line.
  const text = (r.output ?? '') + (r.error ?? '');
  if (text) s.write(text.endsWith('\n') ? text : text + '\n');
}

/** `whatis EXPR|TYPE` / `ptype EXPR|TYPE`: the type, ptype's with its struct written out. */
export function typeCommand(s: DebugSession, args: string, expand = false): void {
  const ctx = exprContext(s);
  const named = namedType(args, ctx);
  // A type that names nothing (`struct nope`): gdb's "No struct type named nope."
  if (typeof named === 'string') return s.say(named);
  const methods = (name: string): string[] => methodLines(s.view!, name);
  if (named) return s.say(`type = ${expand ? expandStruct(typeText(named), named, methods) : typeText(named)}`);
  // A function's name (no variable hiding it) is typed as gdb types it: `whatis main` is `type = int (void)`, `whatis Vec3::dot` a method's.
  const fn = METHOD_NAME.test(args.trim()) && ctx.lookup(args.trim()) === null ? s.view!.fnByName(functionName(args)) : null;
  if (fn) return s.say(`type = ${functionType(s.view!, fn)}`);
  // Typed, not evaluated: `whatis 1/0` is `type = int`; before a run, only statics and constants have names.
  const r = typeOfExpression(args, ctx, s.values);
  if (!r.ok) return s.say(r.error);
  // In device code the type says where the object lives, as cuda-gdb 13 prints it: `type = @generic int * @parameter`, `type = @shared float [16]`.
  const text = valueTypeText(r.value, ctx);
  s.say(`type = ${expand ? expandStruct(text, r.value.type, methods) : text}`);
}

/**
 * `list`, `list N`, `list FILE:N`, `list FUNCTION`, `list FIRST,LAST`, `list -`: ten lines around a place,
 * as gdb lists them: around the current line after a stop or frame (L-5 to L+4), on from the
 * last line listed after a list.
 */
export function listCommand(s: DebugSession, args: string): void {
  const view = s.view;
  if (!view) return s.say('No symbol table is loaded.  Use the "run" command first.');
  if (args.startsWith('*')) return s.say(`Locations at addresses ("${args}") are not supported by Warpscope: it runs source statements, not machine code; give a line or a function.`);
  let file = s.listAt?.file ?? view.mainFile;
  let first: number;
  let last: number | null = null;
  const m = /^(?:(.+):)?(\d+)$/.exec(args);
  // `list FIRST,LAST`, `list FIRST,` (ten lines from FIRST) and `list ,LAST` (ten lines up to LAST).
  const range = /^(?:(.+):)?(\d*)\s*,\s*(\d*)$/.exec(args);
  if (range && (range[2] || range[3])) {
    if (range[1]) file = view.resolveFile(range[1]) ?? range[1];
    last = range[3] ? Number(range[3]) : Number(range[2]) + 9;
    first = range[2] ? Number(range[2]) : last - 9;
  } else if (args === '' || args === '+') {
    const at = s.listAt;
    first = !at ? 1 : at.after ? at.line + 1 : at.line - 5;
  } else if (args === '-') {
    // The ten lines before those listed last (before those a plain list would show around a stop).
    const at = s.listAt;
    const shown = !at ? 1 : at.after ? (at.first ?? at.line - 9) : at.line - 5;
    if (shown <= 1) return s.say(`Already at the start of ${at?.file ?? file}.`);
    last = shown - 1;
    first = last - 9;
  } else if (m) {
    if (m[1]) file = view.resolveFile(m[1]) ?? m[1];
    first = Number(m[2]) - 5;
  } else {
    const f = view.fnByName(args);
    if (!f) return s.say(`Function "${args}" not defined.`);
    file = f.file;
    first = f.line - 4;
  }
  const lines = view.sourceLines(file);
  const known = view.sourceFiles().includes(file);
  // A file the line table names but no source was recorded for: gdb prints the one line it cannot open.
  if (!lines && known) {
    first = Math.max(1, first);
    s.say(missingLine(file, first, view.visitSource(file)));
    s.listAt = { file, line: first, after: true, first };
    return;
  }
  if (!lines) return s.say(`No source file named ${file}.`);
  view.visitSource(file);
  first = Math.max(1, first);
  last = Math.min(lines.length, last ?? first + 9);
  if (first > lines.length) return s.say(`Line number ${first} out of range; "${file}" has ${lines.length} lines.`);
  for (let n = first; n <= last; n++) s.say(listedLine(n, lines[n - 1]!));
  s.listAt = { file, line: last, after: true, first };
}

/** `info locals` (the variables of the blocks around the selected frame's statement, innermost block first) or `info args`. */
export function localsCommand(s: DebugSession, args: boolean): void {
  const ctx = s.context();
  const fr = ctx.frame();
  if (!fr) return s.say('No frame selected.');
  const view = s.view!;
  const vars = fr.fn.vars.map((v, j) => ({ v, j, scope: args ? null : view.scopeOf(fr.fn, v) })).filter(({ v, scope }) => {
    if (v.param !== args || v.name.startsWith('__')) return false;
    return args || (v.line <= ctx.at.line && (!scope || inScope(scope, { line: v.line, col: 0 }, ctx.at)));
  });
  const shared = args ? [] : kernelShared(s, fr.fn.id);
  if (vars.length === 0 && shared.length === 0) return s.say(args ? 'No arguments.' : 'No locals.');
  // Innermost block first, each block's variables in declaration order (a shadowed one after the one hiding it).
  vars.sort((a, b) => (a.scope && b.scope ? innerFirst(a.scope, b.scope) : 0) || a.j - b.j);
  for (const { v, j } of vars) {
    const sym = ctx.variable(j);
    s.say(`${v.name} = ${sym ? showSymbol(ctx, sym) : '<optimized out>'}`);
  }
  // A kernel's __shared__ variables are statics of its body: gdb lists them after its locals, the last declared
  // first (cuda-gdb 13 on the H100 listed Bds, then Ads).
  for (const v of shared) s.say(`${v.name} = ${showPlace(ctx, { kind: 'memory', space: 'shared', address: v.address }, s.view!.typeOf(v), false)}`);
}

/** The __shared__ variables of the running kernel when `fn` is that kernel (a device function's frame has none of its own), last declared first. */
function kernelShared(s: DebugSession, fn: number): readonly StaticInfo[] {
  const f = s.focus;
  if (f.kind !== 'device') return [];
  const sh = s.view!.sharedOfLaunch(f.launch);
  if (!sh || sh.kernel !== fn) return [];
  return [...sh.vars].reverse();
}

/** The call stack of the focused warp: innermost first, with each frame's line. */
export function frames(s: DebugSession): { header: string; file: string; line: number }[] {
  const t = s.trace!;
  const l = s.focus.kind === 'device' ? s.view!.launch(s.focus.launch) : null;
  return s.frameRows().flatMap((row, i) => {
    const ctx = s.context(s.pos!, s.focus, i);
    const fr = ctx.frame();
    if (!fr) return [];
    const loc = t.loc(row.loc);
    return [{ header: frameHeader(s.view!, fr.fn, ctx, l), file: loc.file, line: loc.line }];
  });
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
  // gdb reads the level as an expression: `frame x` names the symbol it cannot find.
  const bad = args !== '' && !/^\d+$/.test(args) ? unknownName(s.context(), args) : null;
  if (bad !== null) return s.say(bad);
  if (args !== '') {
    const n = Number(args);
    if (!Number.isInteger(n) || n < 0 || n >= all.length) return s.say(`No frame at level ${args}.`);
    s.frameIndex = n;
  }
  showFrame(s, all);
}

/** `up [N]` / `down [N]`: N frames out or in; as far as there are when N says more (gdb), an error when there is none. */
export function moveFrame(s: DebugSession, args: string, dir: 1 | -1): void {
  if (s.pos === null) return s.say('No stack.');
  const all = frames(s);
  const n = args === '' ? 1 : Number(args);
  if (!Number.isInteger(n)) return s.say(`Invalid number "${args}".`);
  const to = Math.max(0, Math.min(all.length - 1, s.frameIndex + dir * n));
  if (to === s.frameIndex && n !== 0 && args === '') return s.say(dir > 0 ? 'Initial frame selected; you cannot go up.' : 'Bottom (innermost) frame selected; you cannot go down.');
  s.frameIndex = to;
  showFrame(s, all);
}

function showFrame(s: DebugSession, all: { header: string; file: string; line: number }[]): void {
  const f = all[s.frameIndex];
  if (!f) return;
  s.say(`#${s.frameIndex}  ${f.header} at ${f.file}:${f.line}`);
  s.say(sourceLine(s.view!, f.file, f.line));
  // The frame's line becomes gdb's current source line: a bare `list` lists around it.
  s.listAt = { file: f.file, line: f.line, after: false };
}

interface Write {
  readonly step: number;
  /** The write's effect number (where inside its statement it happened). */
  readonly seq: number;
  readonly writer: Focus;
  readonly before: string;
  readonly after: string;
}

/** Every write to an lvalue up to step `upTo` (step, writer, the value before and after), and whether it is a register variable. */
function writesTo(s: DebugSession, expr: string, upTo: number): { writes: Write[]; register: boolean } | string {
  const ctx = s.context();
  const lv = lvalueOf(expr, ctx, s.values);
  if (!lv.ok) return lv.error;
  const focus = s.focus;
  const dev = focus.kind === 'device' ? focus : { launch: 0, block: 0, warp: 0, lane: 0 };
  const place = lv.place;
  const regKey = place.kind === 'register' ? place.name.split(':').map(Number) : null;
  const spaceName = place.kind === 'memory' ? (place.space === 'generic' ? spaceOfAddress(place.address) : place.space) : null;
  const space = spaceName ? SPACE_CODE[spaceName] : -1;
  const address = place.kind === 'memory' && spaceName ? genericAddress(spaceName, place.address, s.view!.sharedReserve) : 0;
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
      let lane = -1;
      if (regKey) {
        if (kind === EFFECT.register && d.address[i] === ((regKey[0]! << 16) | regKey[1]!) && d.launch[i] === dev.launch && d.block[i] === dev.block && d.warp[i] === dev.warp && ((d.neu[2 * i]! >>> dev.lane) & 1) === 1) lane = dev.lane;
      } else if ((kind === EFFECT.store || kind === EFFECT.bulk) && d.space[i] === space && place.kind === 'memory') {
        const local = space === 3 && dev.launch !== 0;
        const mine = (space !== 2 && !local) || (d.launch[i] === dev.launch && d.block[i] === dev.block && (!local || d.warp[i] === dev.warp));
        if (!mine) lane = -1;
        else if (kind === EFFECT.store) lane = lastLaneTouching(d, i, address, size, local ? dev.lane : -1);
        else {
          const a = d.address[i]!;
          if ((!local || d.lane[i] === dev.lane) && a < address + size && address < a + t.blob(d.neu[2 * i]!).neu.length) lane = d.lane[i]!;
        }
      }
      if (lane < 0) continue;
      const writer: Focus = d.launch[i] === 0 ? { kind: 'host' } : { kind: 'device', launch: d.launch[i]!, block: d.block[i]!, warp: d.warp[i]!, lane };
      // Every row is a write of its own, even several in one step: a warp's atomics on one cell are a row per lane, in the order they applied.
      // The value just before and just after the write: inside its statement, where a call may have returned first.
      const seq = ix.first + i;
      const show = (cut: number): string => showPlace(s.context(st + 1, focus, s.frameIndex, cut), place, lv.type);
      out.push({ step: st, seq, writer, before: show(seq), after: show(seq + 1) });
    }
  }
  // A store of the value already there is still a store (cudaMemset's zeros over cudaMalloc's); a
  // register row may repeat what the trace holds (registers.ts), so only its changes tell.
  return { writes: out.filter((w) => w.before !== w.after || !regKey), register: regKey !== null };
}

/** Who a write was made by, as a line fragment (its line: the statement the writer stood in, a caller's after a return). */
function writerText(s: DebugSession, w: Write): string {
  const row = s.focusRow(w.step + 1, w.writer, w.seq);
  const loc = row ? s.trace!.loc(row.loc) : { file: '?', line: 0 };
  if (w.writer.kind === 'host') return `host  ${loc.file}:${loc.line}`;
  const l = s.view!.launch(w.writer.launch)!;
  const b = s.view!.blockIdx(l, w.writer.block);
  const th = s.view!.threadIdx(l, w.writer.warp, w.writer.lane);
  return `kernel ${w.writer.launch - 1} block (${b.x},${b.y},${b.z}) thread (${th.x},${th.y},${th.z})  ${loc.file}:${loc.line}`;
}

/** `history EXPR`: every write to the location over the whole recording. */
export async function historyCommand(s: DebugSession, args: string): Promise<void> {
  // As gdb's commands that take an expression (watch, output) say when it is missing.
  if (args === '') return s.say('Argument required (expression to compute).');
  if (s.pos === null) return s.say('The program is not being run.');
  // Later writes too: a live session records the rest of the run first, so it answers as a replay does.
  if (!(await s.recordTo(null))) s.say(`[Interrupted: the recording ends at step ${s.limit()}]`);
  const ws = writesTo(s, args, s.limit());
  if (typeof ws === 'string') return s.say(ws);
  if (ws.writes.length === 0) return s.say(ws.register ? `No change to ${args} was recorded.` : `No write to ${args} was recorded.`);
  for (const w of ws.writes) s.say(`step ${String(w.step).padStart(6)}  ${writerText(s, w)}  ${w.before} -> ${w.after}${s.happened(w.step, w.seq) ? '' : '  (later)'}`);
}

/** `info writers EXPR`: the write that gave the location its current value. */
export function writersCommand(s: DebugSession, args: string): void {
  if (args === '') return s.say('Argument required (expression to compute).');
  const ws = writesTo(s, args, s.pos!);
  if (typeof ws === 'string') return s.say(ws);
  // Inside a statement (after a finish), what it writes after the return has not happened.
  const w = ws.writes.filter((x) => s.happened(x.step, x.seq)).pop();
  // A register variable's assignment of the value it held is not told apart from no assignment.
  if (!w) return s.say(ws.register ? `${args} has not changed yet: it holds the value its function began with.` : `${args} has not been written yet: it holds its initial value.`);
  s.say(`${args} = ${w.after} was written at step ${w.step} by ${writerText(s, w)} (it was ${w.before}).`);
}
