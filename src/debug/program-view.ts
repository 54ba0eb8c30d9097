import type { CType } from '../engine/check/types.js';
import type { DebugInfo, FunctionInfo, StaticInfo, VarInfo } from '../engine/debuginfo/symbols.js';
import { TypeReader } from '../engine/debuginfo/type-json.js';
import type { LaunchRow, Trace } from '../trace/reader.js';
import { findPreset, h100Preset, type DevicePreset } from '../engine/runtime/presets/index.js';
import { ScopeFinder, type Scope } from './scopes.js';

/*
 * The program as a debugger sees it through a trace: functions, their variables and statement
 * lines, file-scope and shared variables, launches and source text. Nothing here depends on
 * the current step.
 */

/** A source position of a statement. */
export interface Line {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** Read-only facts about the recorded program. */
export class ProgramView {
  readonly info: DebugInfo;
  readonly types: TypeReader;
  readonly launches: LaunchRow[];
  readonly mainFile: string;
  readonly programName: string;
  /** The simulated GPU the program ran on (the H100 for a device name this build does not know). */
  readonly preset: DevicePreset;
  readonly smCount: number;
  /** Bytes at the start of a block's shared window the system keeps (1 KiB since Ampere): cuda-gdb's shared addresses count them. */
  readonly sharedReserve: number;
  private readonly fnById = new Map<number, FunctionInfo>();
  /** The step of the program's first CUDA call or launch (null until one is recorded). */
  private firstCudaStep: number | null = null;

  constructor(readonly trace: Trace) {
    this.info = trace.debugInfo() ?? { functions: [], statics: [], shared: [], structs: {} };
    this.types = new TypeReader(this.info.structs);
    for (const f of this.info.functions) this.fnById.set(f.id, f);
    this.launches = trace.launches();
    this.mainFile = trace.meta.get('program') ?? '';
    const argv = JSON.parse(trace.meta.get('argv') ?? '[]') as string[];
    this.programName = argv[0] ?? this.mainFile.replace(/^.*\/|\.cu$/g, '');
    this.preset = findPreset(trace.meta.get('device') ?? 'h100') ?? h100Preset;
    this.smCount = this.preset.props.multiProcessorCount;
    this.sharedReserve = this.preset.sm.reservedSharedPerBlock;
  }

  /** The host thread's name as gdb shows it: Linux keeps a thread's name to 15 characters. */
  get threadName(): string {
    return this.programName.slice(0, 15);
  }

  /**
   * Whether the CUDA runtime had started by step `step` (a CUDA call or launch before it): from
   * then on the process has the runtime's threads besides main's, and gdb names the thread that
   * stops (`Thread 1 "prog" hit Breakpoint 1, `); before, only `Breakpoint 1, `.
   */
  runtimeStarted(step: number): boolean {
    if (this.firstCudaStep === null) {
      const r = this.trace.db.prepare("SELECT min(step) AS s FROM api_calls WHERE name LIKE 'cu%'").get() as { s: number | null };
      const first = Math.min(r.s ?? Infinity, ...this.launches.map((l) => l.begin_step));
      // A live recording may not have made its first call yet: look again later.
      if (first === Infinity) return false;
      this.firstCudaStep = first;
    }
    return step > this.firstCudaStep;
  }

  /** Launches may grow while a live recording runs. */
  refreshLaunches(): void {
    this.launches.splice(0, this.launches.length, ...this.trace.launches());
  }

  fn(id: number): FunctionInfo | null {
    return this.fnById.get(id) ?? null;
  }

  /** A function by name (kernels and templates by their printed name). */
  fnByName(name: string): FunctionInfo | null {
    return this.info.functions.find((f) => f.name === name || f.name.replace(/<.*$/, '') === name) ?? null;
  }

  /**
   * The static `name` denotes in host code (`host`) or device code: host code's is a __device__ or __constant__
   * variable's host shadow, as cuda-gdb 13 with host focus reads the host symbol (0 where the kernel wrote 42).
   */
  staticNamed(name: string, host: boolean): StaticInfo | null {
    const all = this.info.statics.filter((g) => g.name === name);
    return (host ? all.find((g) => g.shadow) : undefined) ?? all.find((g) => !g.shadow) ?? null;
  }

  /** The type of a variable. */
  typeOf(v: VarInfo | StaticInfo): CType {
    return this.types.read(v.type);
  }

  /** A launch by id. */
  launch(id: number): LaunchRow | null {
    return this.launches.find((l) => l.launch_id === id) ?? null;
  }

  /** The __shared__ layout of the kernel launch `id` ran (its variables, where dynamic shared memory starts); null when it declares none. */
  sharedOfLaunch(id: number): DebugInfo['shared'][number] | null {
    const l = this.launch(id);
    const k = l ? this.fnByName(l.kernel) : null;
    return (k && this.info.shared.find((s) => s.kernel === k.id)) ?? null;
  }

  /** The program's source files that hold functions or statements (the main file first; `#line` names presumed ones): what a location may name. */
  sourceFiles(): string[] {
    return [...new Set([this.mainFile, ...this.info.functions.flatMap((f) => [f.file, ...f.stmts.map((st) => st.file)])])];
  }

  /** A recorded file path matching what a user typed (`avgfilter.cu` for `examples/avgfilter.cu`). */
  resolveFile(name: string): string | null {
    const files = this.sourceFiles();
    for (const f of files) if (f === name) return f;
    for (const f of files) if (f.endsWith(`/${name}`)) return f;
    return null;
  }

  /** Where a line breakpoint at FILE:LINE stops: the first statement at or after that line in the function containing it (gdb moves a breakpoint on a blank line down). */
  lineStatement(file: string, line: number): { stmt: Line; fn: FunctionInfo } | null {
    let best: { stmt: Line; fn: FunctionInfo } | null = null;
    // By the line table, as gdb resolves FILE:LINE: a statement a `#line` places in another file is found by that name.
    for (const f of this.info.functions) {
      for (const s of f.stmts) {
        if (s.file !== file || s.line < line) continue;
        if (!best || s.line < best.stmt.line || (s.line === best.stmt.line && s.col < best.stmt.col)) best = { stmt: s, fn: f };
      }
    }
    // Only within a few lines, and only inside the function whose body holds the line.
    if (best && best.stmt.line - line > 20) return null;
    // A `for` line stops once per entry into the loop, as gdb's breakpoint on the loop's first
    // code does: at its init statement when it has one, not at the test made every iteration.
    const text = best ? this.sourceLine(best.stmt.file, best.stmt.line) : null;
    if (best && text && /^for\b/.test(text.slice(best.stmt.col - 1))) {
      const semi = text.indexOf(';', best.stmt.col) + 1;
      const at = best;
      const init = at.fn.stmts.find((x) => x.line === at.stmt.line && x.col > at.stmt.col && x.col < semi);
      if (init) best = { stmt: init, fn: at.fn };
    }
    return best;
  }

  /** The first statement of a function (where `break FUNC` stops). */
  entryStatement(f: FunctionInfo): Line | null {
    return f.stmts[0] ?? null;
  }

  /** The function whose statements include this location. */
  fnAt(file: string, line: number, col: number): FunctionInfo | null {
    for (const f of this.info.functions) if (f.stmts.some((s) => s.file === file && s.line === line && s.col === col)) return f;
    let best: FunctionInfo | null = null;
    for (const f of this.info.functions) if (f.file === file && f.line <= line && (!best || f.line > best.line)) best = f;
    return best;
  }

  /** Source text of a file's line (1-based), or null. */
  sourceLine(file: string, line: number): string | null {
    const lines = this.sourceLines(file);
    return lines && line >= 1 && line <= lines.length ? lines[line - 1]! : null;
  }

  private readonly sourceCache = new Map<string, string[] | null>();
  private lastVisited: string | null = null;

  /** Notes that lines of `file` are printed: true when it is another file than the last (gdb says a file is missing once per visit). */
  visitSource(file: string): boolean {
    const again = this.lastVisited === file;
    this.lastVisited = file;
    return !again;
  }

  /** A recorded file's lines. */
  sourceLines(file: string): string[] | null {
    if (!this.sourceCache.has(file)) this.sourceCache.set(file, this.trace.source(file)?.split('\n') ?? null);
    return this.sourceCache.get(file)!;
  }

  private readonly scopeCache = new Map<string, ScopeFinder | null>();

  /** The lexical scope of a function's local variable (null for parameters, or when the source does not say). */
  scopeOf(fn: FunctionInfo, v: VarInfo): Scope | null {
    if (v.param) return null;
    if (!this.scopeCache.has(fn.file)) {
      const lines = this.sourceLines(fn.file);
      this.scopeCache.set(fn.file, lines ? new ScopeFinder(lines) : null);
    }
    return this.scopeCache.get(fn.file)?.scopeOf({ line: v.line, col: v.col }) ?? null;
  }

  /** The block index (x,y,z) of a linear block number in a launch. */
  blockIdx(l: LaunchRow, linear: number): { x: number; y: number; z: number } {
    return { x: linear % l.grid_x, y: Math.floor(linear / l.grid_x) % l.grid_y, z: Math.floor(linear / (l.grid_x * l.grid_y)) };
  }

  /** The thread index of lane `lane` of warp `warp` in a launch's blocks. */
  threadIdx(l: LaunchRow, warp: number, lane: number): { x: number; y: number; z: number } {
    const t = warp * 32 + lane;
    return { x: t % l.block_x, y: Math.floor(t / l.block_x) % l.block_y, z: Math.floor(t / (l.block_x * l.block_y)) };
  }

  /** Threads per block of a launch. */
  threadsPerBlock(l: LaunchRow): number {
    return l.block_x * l.block_y * l.block_z;
  }
}
