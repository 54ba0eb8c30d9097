import { execute } from '../engine/execute.js';
import type { EngineEvent, RunOptions, SourceHost } from '../engine/api.js';
import { HANG_STATUS } from '../engine/runtime/host-env.js';
import type { Analysis } from './base.js';
import type { CheckResult, Finding, Tool } from './findings.js';
import { Memcheck } from './memcheck.js';
import { Racecheck, type RaceMemory } from './racecheck.js';
import { Initcheck } from './initcheck.js';
import { Synccheck } from './synccheck.js';

/*
 * Runs a program exactly as `warpscope run` does, with one analysis listening, and collects what
 * it found. The program's events go to `emit` unchanged; the result is null when the program did
 * not compile (its diagnostics were emitted).
 */

/** What to check and how to run it. */
export interface CheckRequest {
  readonly tool: Tool;
  readonly file: string;
  readonly argv: readonly string[];
  readonly options: RunOptions;
  readonly leakCheck: boolean;
  /** The memories racecheck watches ('shared', compute-sanitizer's, when absent). */
  readonly racecheckMemory?: RaceMemory;
  /** Told of each finding as the analysis makes it (races ungrouped), while the program runs. */
  readonly onFinding?: (f: Finding) => void;
}

/** The analysis for a tool. */
function analysisFor(tool: Tool, leakCheck: boolean, raceMemory: RaceMemory): Analysis {
  switch (tool) {
    case 'memcheck':
      return new Memcheck(leakCheck);
    case 'racecheck':
      return new Racecheck(raceMemory);
    case 'initcheck':
      return new Initcheck();
    case 'synccheck':
      return new Synccheck();
  }
}

/** Runs `req` on the simulator under its tool; null when the program did not compile. */
export function runCheck(req: CheckRequest, host: SourceHost, emit: (e: EngineEvent) => void): CheckResult | null {
  const analysis = analysisFor(req.tool, req.leakCheck, req.racecheckMemory ?? 'shared');
  if (req.onFinding) analysis.onFinding = req.onFinding;
  const status = execute({ kind: 'record', file: req.file, argv: req.argv, options: req.options, listener: analysis }, host, emit);
  if (!analysis.compiled) return null;
  // The engine stops a run that would never end with `timeout`'s status, as if it had been killed
  // (a program that exits with 124 itself reads the same).
  const stopped = status === HANG_STATUS;
  return { tool: req.tool, findings: analysis.finish(!stopped), leakCheck: req.leakCheck, status, stopped };
}
