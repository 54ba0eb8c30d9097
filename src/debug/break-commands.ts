import type { DebugSession } from './session.js';
import type { Breakpoint } from './breakpoints.js';
import { lvalueOf, parse } from './expr/index.js';
import { spaceOfAddress, genericAddress } from './eval-context.js';
import { SPACE_CODE } from '../trace/schema.js';
import { signature } from './describe.js';
import { intType } from '../engine/check/types.js';
import { unknownName, unknownNameAt } from './location-context.js';
import { exprContext } from './inspect.js';
import { frameSpy, watchScope } from './watch-scope.js';

/*
 * break, tbreak, condition, watch, rwatch and `info breakpoints`, with gdb's messages.
 */


/** gdb's `$bpnum`: the number of the breakpoint or watchpoint set last. */
function setBpnum(s: DebugSession, num: number): void {
  s.values.setConvenience('bpnum', { type: intType, bytes: new Uint8Array(Int32Array.of(num).buffer), place: null, space: 'generic' });
}

/** `break LOCATION [if COND]`: FILE:LINE, LINE, FUNCTION or __syncthreads. Returns the breakpoint, or null after printing why not. */
export function breakCommand(s: DebugSession, args: string, opts: { temporary: boolean; silent: boolean }): Breakpoint | null {
  const view = s.view;
  const m = /^(.*?)(?:(?:^|\s+)if(?:\s+(.*))?)?$/.exec(args.trim())!;
  const where = m[1]!.trim();
  const condition = m[2]?.trim() ?? null;
  // `break 27 if` with nothing after: gdb's parser asks for the expression.
  if (condition === '' || (condition === null && /(?:^|\s)if$/.test(args.trim()))) {
    s.say('Argument required (expression to compute).');
    return null;
  }
  if (/\s(thread|task)\s+\S+$/.test(where)) {
    s.say(`Breakpoints of one host thread ("${where.replace(/^.*\s(thread|task)\s/, '$1 ')}") are not supported by Warpscope: use a condition on threadIdx and blockIdx.`);
    return null;
  }
  if (!view) {
    s.say('No symbol table is loaded.  Use the "run" command first (breakpoints can be set once the program is loaded).');
    return null;
  }
  if (where === '__syncthreads' || where === '__syncthreads()') {
    const bp = s.bps.addBreak({ kind: 'barrier', at: null, fnName: '__syncthreads', condition: null, temporary: opts.temporary });
    setBpnum(s, bp.num);
    if (!opts.silent) s.say(`Breakpoint ${bp.num} at __syncthreads: stops when the focused block's warps arrive at a barrier.`);
    return bp;
  }
  const target = resolveLocation(s, where);
  if (typeof target === 'string') {
    // One line, without gdb's offer of a pending breakpoint that follows it: every source file is known here.
    s.say(target);
    return null;
  }
  // gdb parses the condition in the location's block: a name nothing there denotes refuses the breakpoint.
  const fn = view.fnAt(target.file, target.line, target.col);
  const bad = condition !== null && fn ? unknownNameAt(view, fn, target, condition) : null;
  if (bad !== null) {
    s.say(bad);
    return null;
  }
  const bp = s.bps.addBreak({ kind: 'line', at: { file: target.file, line: target.line, col: target.col }, fnName: target.fn, condition, temporary: opts.temporary });
  setBpnum(s, bp.num);
  if (!opts.silent) s.say(`${opts.temporary ? 'Temporary breakpoint' : 'Breakpoint'} ${bp.num} at ${target.fn}: file ${target.file}, line ${target.line}.`);
  return bp;
}

/** Where a location (FILE:LINE, LINE, FUNCTION, or empty for the current statement) stops; gdb's message when it names nothing. */
export function resolveLocation(s: DebugSession, where: string): { file: string; line: number; col: number; fn: string } | string {
  const view = s.view!;
  if (where.startsWith('*')) return `Locations at addresses ("${where}") are not supported by Warpscope: it runs source statements, not machine code; give a line or a function.`;
  const offset = /^([+-])\s*(\d+)$/.exec(where);
  if (offset) return relativeLine(s, Number(offset[2]) * (offset[1] === '-' ? -1 : 1));
  const fileLine = /^(?:(.+):)?(\d+)$/.exec(where);
  if (where === '') {
    const r = s.pos !== null ? s.focusRow() : null;
    if (!r) return 'No default breakpoint location now selected.';
    const l = s.trace!.loc(r.loc);
    return { ...l, fn: view.fnAt(l.file, l.line, l.col)?.name ?? '??' };
  }
  if (fileLine) {
    const file = fileLine[1] ? view.resolveFile(fileLine[1]) : (s.listAt?.file ?? view.mainFile);
    if (!file) return `No source file named ${fileLine[1]}.`;
    const at = view.lineStatement(file, Number(fileLine[2]));
    if (!at) return fileLine[1] ? `No line ${fileLine[2]} in file "${file}".` : `No line ${fileLine[2]} in the current file.`;
    return { ...at.stmt, fn: at.fn.name };
  }
  const f = view.fnByName(where);
  const entry = f ? view.entryStatement(f) : null;
  if (!f || !entry) return `Function "${where}" not defined.`;
  return { ...entry, fn: f.name };
}

/** `+N` / `-N`: N lines after or before the selected frame's line (gdb's), or the line listed last when no program runs. */
function relativeLine(s: DebugSession, by: number): { file: string; line: number; col: number; fn: string } | string {
  const view = s.view!;
  const row = s.pos !== null ? s.frameRows()[s.frameIndex] : null;
  const from = row ? s.trace!.loc(row.loc) : s.listAt ?? { file: view.mainFile, line: view.fnByName('main')?.line ?? 1 };
  const line = from.line + by;
  if (line < 1) return `No line ${Math.max(0, line)} in the current file.`;
  const at = view.lineStatement(from.file, line);
  if (!at) return `No line ${line} in the current file.`;
  return { ...at.stmt, fn: at.fn.name };
}

/** `condition N [EXPR]`: breakpoint N stops only where EXPR holds (any of the warp's lanes), or always when EXPR is left out. */
export function conditionCommand(s: DebugSession, args: string): void {
  const m = /^(\S+)\s*(.*)$/.exec(args.trim());
  if (!m) return s.say('Argument required (breakpoint number).');
  const num = m[1]!;
  const expr = m[2]!.trim();
  if (!/^\d+$/.test(num)) return s.say(`Bad breakpoint argument: '${args.trim()}'`);
  const n = Number(num);
  const bp = s.bps.breakpoints.find((b) => b.num === n);
  if (!bp) {
    if (s.bps.watchpoints.some((w) => w.num === n)) return s.say(`Watchpoint ${n} cannot have a condition here: watch the expression, or break on the line with a condition.`);
    return s.say(`No breakpoint number ${n}.`);
  }
  if (bp.kind === 'barrier') return s.say(`Breakpoint ${n} stops at every barrier arrival and takes no condition.`);
  if (expr === '') {
    // gdb says so only when there was a condition to drop, and only to a person at the console.
    if (bp.condition !== null && s.io.interactive) s.say(`Breakpoint ${n} now unconditional.`);
    bp.condition = null;
    return;
  }
  // A condition that does not parse, or names nothing at the breakpoint's location, would never hold; gdb refuses it and keeps the old one.
  const p = parse(expr);
  if (!p.ok) return s.say(p.error);
  const fn = s.view && bp.at ? s.view.fnAt(bp.at.file, bp.at.line, bp.at.col) : null;
  const bad = fn && bp.at ? unknownNameAt(s.view!, fn, bp.at, expr) : null;
  if (bad !== null) return s.say(bad);
  bp.condition = expr;
}

/**
 * `watch EXPR` / `rwatch EXPR`: a watchpoint on the expression's bytes (device memory too, which cuda-gdb cannot watch),
 * deleted with the frame whose variables EXPR names; `watch -l EXPR` (`-location`) watches the bytes alone, with no frame.
 */
export function watchCommand(s: DebugSession, args: string, kind: 'watch' | 'rwatch'): void {
  const located = /^(?:-l|-location)(?:\s+|$)/.exec(args);
  const expr = located ? args.slice(located[0].length).trim() : args;
  if (expr === '') return s.say('Argument required (expression to compute).');
  // gdb names an unknown symbol before anything else, running or not.
  const bad = s.pos === null && s.trace ? unknownName(exprContext(s), expr) : null;
  if (bad !== null) return s.say(bad);
  if (s.pos === null) return s.say('The program is not being run.');
  const spy = frameSpy(s.context());
  const lv = lvalueOf(expr, spy.ctx);
  if (!lv.ok) return s.say(lv.error);
  const f = s.focus;
  const dev = f.kind === 'device' ? f : { launch: 0, block: 0, warp: 0, lane: 0 };
  let target;
  if (lv.place.kind === 'register') {
    if (kind === 'rwatch') return s.say('Cannot watch reads of a register variable: its reads are not recorded.');
    const [fn, idx] = lv.place.name.split(':').map(Number);
    target = { kind: 'register' as const, fnVar: (fn! << 16) | idx!, launch: dev.launch, block: dev.block, warp: dev.warp, lane: dev.lane };
  } else {
    const space = lv.place.space === 'generic' ? spaceOfAddress(lv.place.address) : lv.place.space;
    target = { kind: 'memory' as const, space: SPACE_CODE[space], address: genericAddress(space, lv.place.address, s.view!.sharedReserve), size: lv.size, launch: dev.launch, block: dev.block, thread: dev.warp * 32 + dev.lane };
  }
  const scope = located ? null : watchScope(s, spy.used());
  // gdb names a -location watchpoint by its flag and expression wherever it names the watchpoint.
  const wp = s.bps.addWatch({ kind, expr: located ? `-location ${expr}` : expr, place: lv.place, type: lv.type, target, ...(scope ? { scope } : {}) });
  setBpnum(s, wp.num);
  s.say(`${kind === 'watch' ? 'Hardware watchpoint' : 'Hardware read watchpoint'} ${wp.num}: ${wp.expr}`);
}

/** `info breakpoints`. */
export function listBreakpoints(s: DebugSession): void {
  const all = [...s.bps.breakpoints, ...s.bps.watchpoints].sort((a, b) => a.num - b.num);
  if (all.length === 0) return s.say('No breakpoints or watchpoints.');
  const typeOf = (b: (typeof all)[number]): string => ('expr' in b ? (b.kind === 'watch' ? 'hw watchpoint' : 'read watchpoint') : 'breakpoint');
  // gdb widens its 14-wide Type column to the longest type listed (a `read watchpoint`), header included.
  const width = Math.max(14, ...all.map((b) => typeOf(b).length));
  // gdb's table without its Address column (as with `set print address off`): there is no machine code to point at.
  s.say(`Num     ${'Type'.padEnd(width)} Disp Enb What`);
  for (const b of all) {
    const type = typeOf(b);
    const disp = 'temporary' in b && b.temporary ? 'del ' : 'keep';
    const fn = 'fnName' in b ? s.view?.fnByName(b.fnName) : null;
    const what = 'expr' in b ? b.expr : b.kind === 'barrier' ? 'at __syncthreads (every barrier arrival)' : `in ${fn ? signature(s.view!, fn) : b.fnName} at ${b.at!.file}:${b.at!.line}`;
    s.say(`${String(b.num).padEnd(8)}${type.padEnd(width)} ${disp} ${b.enabled ? 'y' : 'n'}   ${what}`);
    if ('condition' in b && b.condition) s.say(`\tstop only if ${b.condition}`);
    if (b.hits > 0) s.say(`\tbreakpoint already hit ${b.hits} time${b.hits === 1 ? '' : 's'}`);
    if ('ignore' in b && b.ignore > 0) s.say(`\tWill ignore next ${b.ignore} crossings of breakpoint.`);
    for (const c of b.commands) s.say(`        ${c}`);
  }
}

/** `commands [N...]`: the lines up to `end` run whenever breakpoint (or watchpoint) N stops the program; the last one set by default. */
export function commandsCommand(s: DebugSession, args: string): void {
  const all = [...s.bps.breakpoints, ...s.bps.watchpoints];
  const nums = args.split(/\s+/).filter((w) => w !== '');
  const latest = all.reduce<(typeof all)[number] | null>((a, b) => (a && a.num > b.num ? a : b), null);
  if (nums.length === 0 && !latest) return s.say('No breakpoints specified.');
  const targets = nums.length === 0 ? [latest!] : [];
  for (const n of nums) {
    const b = all.find((x) => String(x.num) === n);
    if (!b) return s.say(`No breakpoint number ${n}.`);
    targets.push(b);
  }
  s.collecting = { into: targets.map((b) => b.commands), lines: [] };
  if (s.io.interactive) s.say(`Type commands for breakpoint(s) ${targets.map((b) => b.num).join(' ')}, one per line.\nEnd with a line saying just "end".`);
}

/** `ignore N COUNT`: breakpoint N lets the program pass its next COUNT crossings. */
export function ignoreCommand(s: DebugSession, args: string): void {
  const [n, c] = args.split(/\s+/).filter((w) => w !== '');
  if (n === undefined) return s.say('Argument required (a breakpoint number).');
  if (!/^\d+$/.test(n)) return s.say(`bad breakpoint number: '${args.trim()}'`);
  const b = s.bps.breakpoints.find((x) => String(x.num) === n);
  if (!b) return s.say(`No breakpoint number ${n}.`);
  if (c === undefined) return s.say('Second argument (specified ignore-count) is missing.');
  if (!/^\d+$/.test(c)) return s.say(`No symbol "${c}" in current context.`);
  b.ignore = Number(c);
  // gdb confirms to a person at the console only (set_ignore_count's from_tty).
  if (!s.io.interactive) return;
  if (b.ignore === 0) s.say(`Will stop next time breakpoint ${n} is reached.`);
  else if (b.ignore === 1) s.say(`Will ignore next crossing of breakpoint ${n}.`);
  else s.say(`Will ignore next ${b.ignore} crossings of breakpoint ${n}.`);
}
