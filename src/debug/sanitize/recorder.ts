import type { ExecutionListener, LaunchEvent } from '../../engine/runtime/listener.js';
import type { WarpCtx } from '../../engine/exec/warp.js';
import type { TraceWriter } from '../../trace/writer.js';
import type { Analysis } from '../../analysis/base.js';
import type { Finding, Tool } from '../../analysis/findings.js';
import { Memcheck } from '../../analysis/memcheck.js';
import { Racecheck } from '../../analysis/racecheck.js';
import { Initcheck } from '../../analysis/initcheck.js';
import { Synccheck } from '../../analysis/synccheck.js';
import { composeListeners } from './compose.js';
import { FindingStore, type FindingRow } from './store.js';

/*
 * A live recording with sanitizers on: the analyses `warpscope check` runs listen beside the
 * trace writer, and each finding is kept with the step of the statement that made it and the
 * thread it names, then stored in the trace whenever the recording commits (so a reader of the
 * trace sees the findings of exactly the steps it sees).
 */

/** The analysis a debugger runs for a tool: compute-sanitizer's defaults (no leak check, shared-memory racecheck). */
function analysisFor(tool: Tool): Analysis {
  switch (tool) {
    case 'memcheck':
      return new Memcheck(false);
    case 'racecheck':
      return new Racecheck('shared');
    case 'initcheck':
      return new Initcheck();
    case 'synccheck':
      return new Synccheck();
  }
}

/** The sanitizers of one recording and the findings not yet stored. */
export class SanitizerRecorder {
  /** What the engine is told: the writer and the analyses composed. */
  readonly listener: ExecutionListener;
  private readonly store: FindingStore;
  private pending: Omit<FindingRow, 'seq'>[] = [];
  /** The running launch's number as the trace numbers launches (rejected ones count), 0 on the host. */
  private launches = 0;
  private launchId = 0;

  constructor(private readonly writer: TraceWriter, tools: readonly Tool[], tracePath: string) {
    this.store = new FindingStore(tracePath, tools);
    const analyses = tools.map((tool) => {
      const a = analysisFor(tool);
      a.onFinding = (f, w, lane) => this.found(tool, f, w, lane);
      return a;
    });
    const launches: ExecutionListener = { statement: () => false, access: () => undefined, apiCall: () => undefined, launch: (e) => this.launch(e) };
    this.listener = composeListeners(writer, [launches, ...analyses]);
  }

  private launch(e: LaunchEvent): void {
    if (e.phase === 'end') this.launchId = 0;
    else {
      this.launches++;
      if (e.phase === 'begin') this.launchId = this.launches;
    }
  }

  private found(tool: Tool, finding: Finding, w: WarpCtx | null, lane: number): void {
    const device = w !== null && !w.host && this.launchId !== 0;
    // A thread's finding belongs to the statement making it, the latest recorded; a runtime call's
    // error, to the next step, as the trace's output and diagnostics do: the call may have run a
    // whole kernel's statements since its own (cudaDeviceSynchronize), and its error comes after them.
    const step = finding.kind === 'api-error' ? this.writer.recordedSteps : Math.max(0, this.writer.recordedSteps - 1);
    this.pending.push({
      step, tool, finding,
      launch: device ? this.launchId : 0,
      block: device ? w.bx + w.gdx * (w.by + w.gdy * w.bz) : 0,
      warp: device ? w.id : 0,
      lane: device ? lane : 0,
    });
  }

  /** Stores the findings made since the last call; call it after the writer committed (sync or finish). */
  flush(last = false): void {
    const rows = this.pending;
    this.pending = [];
    this.store.append(rows);
    if (last) this.store.close();
  }
}
