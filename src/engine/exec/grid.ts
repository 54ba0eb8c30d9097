import type { Scalar, Resumable } from './env.js';
import type { Memory } from '../memory/memory.js';
import { StepLimitError, deviceWork, type StepCounter, type WarpCtx } from './warp.js';
import type { ResidentBlock } from './block.js';
import { StatementSwitch, greedyScheduler, mulberry32, switchesAtStatements, type ScheduledCounter, type SchedulerSpec } from './scheduler.js';
import type { Observer } from '../compile/runtime.js';
import { beginTurn, endTurn, spinClock, spinReport } from './spin.js';
import { prepareLaunch, slotCount, type KernelLaunch, type Launch, type LaunchConfig } from './admission.js';
import { barrierHang, stopped, type LaunchOutcome } from './launch-outcome.js';

/** What a launch needs from the runtime. */
export interface DeviceEnv {
  readonly memory: Memory;
  /** Receives device printf output in GPU order: a warp's text from one turn of its block at a time (see runGrid). */
  printf(text: string): void;
  /** Receives device assert messages (the program's stderr). */
  stderr(text: string): void;
  /** Warp-statements a launch may execute before it is stopped. */
  readonly maxSteps: number;
  /** How many blocks of this launch the simulated GPU holds at once (the runtime works it out from the device preset's SMs and per-SM limits). */
  readonly residentBlocks: number;
  /** Debugger hooks; only reported by programs compiled with `instrument`. */
  readonly observer?: Observer;
  /** How the warps take turns (RunOptions.scheduler); greedy when absent. Round-robin and random switch warps at statements only in code compiled with `instrument`. */
  readonly scheduler?: SchedulerSpec;
  /** End the launch once every running warp is proven to spin on memory none of them writes (exec/spin.ts): nothing outside the launch can write it either. */
  readonly stopSpins?: boolean;
}

/**
 * Warp-statements a warp runs before it gives up its turn at a loop's back-edge. A warp spinning
 * on a flag that another block sets must let that block run; a real-work warp almost never runs
 * this long between barriers, so warps of a block still take turns in their usual order.
 */
const TIME_SLICE = 20000;

/**
 * Runs a grid with its blocks resident at once, as many as an H100 holds: each resident block runs
 * until all its warps wait at a barrier or exit, then the next one does, round and round; a
 * finished block's place goes to the next block of the grid.
 *
 * Within a block's turn the warps run lowest first, and the device printf text of the turn is
 * handed on highest warp first. The two orders are what an H100 shows: atomics serve warp 0 before
 * warp 1 (atomics/warp_order), while printf lines come out of the buffer highest warp first
 * (rules/printf_many_threads, seeds/hello_world_ids). docs/engine.md has the reasoning.
 *
 * That is the greedy scheduler, the default; env.scheduler may ask for round-robin or random
 * turns of one statement each instead (scheduler.ts).
 */
export function* runGrid(k: KernelLaunch, config: LaunchConfig, args: readonly Scalar[], env: DeviceEnv): Resumable<LaunchOutcome> {
  const spec = env.scheduler ?? greedyScheduler;
  const sched = switchesAtStatements(spec) ? new StatementSwitch() : null;
  const S: ScheduledCounter = { n: 0, max: env.maxSteps, lim: env.maxSteps, t: 0, sched };
  // What an empty kernel does is nothing; only an observer hears its warps start and leave.
  if (k.idle && !env.observer) return { kind: 'ok' };
  try {
    const L = prepareLaunch(k, config, args, env.memory, S);
    return yield* spec.kind === 'random' ? runRandom(L, env, S, sched!, spec.seed) : runRounds(L, env, S, sched);
  } finally {
    deviceWork.warpStatements += S.n;
    deviceWork.threadStatements += S.t;
  }
}

/**
 * Greedy and round-robin: rounds over the resident blocks, each block's turn running its warps
 * lowest first. Under greedy a warp's turn lasts until it parks at a barrier, finishes or uses up
 * its time slice; under round-robin (`sched` set) it is one statement.
 */
function* runRounds(L: Launch, env: DeviceEnv, S: StepCounter, sched: StatementSwitch | null): Resumable<LaunchOutcome> {
  const { M, nw, sharedSize } = L;
  const obs = env.observer?.barrier ? env.observer : null;
  // A warp whose kernel returned leaves its activation (instrumented kernels do not say so themselves: stmt.ts).
  const leaves = env.observer?.leave ? env.observer : null;
  const ends = env.observer?.turnEnd ? env.observer : null;
  // A slot takes the next block when the round reaches it empty, so a block that ends in its
  // first turn hands its state straight to the next one: barrier-free grids run block after block
  // in one state, and blocks start in grid order either way.
  const slots = new Array<ResidentBlock | null>(slotCount(L, env.residentBlocks)).fill(null);
  let B: ResidentBlock = L.admit()!;
  slots[0] = B;
  let cur: WarpCtx = B.warps[0]!;
  // The warp whose turn is under way (a launch that stops in it ends its turn too).
  let running: WarpCtx | null = null;
  // Warps that ended without running a statement: each counts as a step, so a huge grid of them stops too.
  let idle = 0;
  try {
    while (L.pending() || slots.some((b) => b !== null)) {
      // Whether every turn of this round was a proven spinner spinning on (spin.ts).
      let quiet = env.stopSpins === true;
      for (let s = 0; s < slots.length; s++) {
        const b = slots[s] ?? L.admit();
        if (!b) continue;
        if (b !== slots[s]) quiet = false;
        slots[s] = B = b;
        M.setShared(B.shared, sharedSize);
        const { warps, gens, waiting, midStatement } = B;
        // Every warp that is not parked runs until it parks at a barrier or finishes, lowest warp
        // first: an H100 serves warp 0's atomics before warp 1's.
        let alive = 0;
        let sliced = false;
        for (let w = 0; w < nw; w++) {
          const g = gens[w];
          if (!g) continue;
          if (!waiting[w]) {
            cur = warps[w]!;
            M.setLocal(cur.local, cur.stride);
            S.max = Math.min(S.lim, S.n + TIME_SLICE);
            sched?.begin(midStatement[w] === 1);
            running = cur;
            const act = beginTurn(cur);
            for (;;) {
              const r = g.next();
              if (r.done) {
                gens[w] = null;
                leaves?.leave?.(cur);
                if (cur.loc.line === 0 && S.n + ++idle > S.lim) return { kind: 'step-limit', steps: S.lim, idle: L.started() };
                break;
              }
              if (typeof r.value === 'number') {
                // 1: parked at a barrier; 2: its time slice (or the scheduler's statement) ended.
                if (r.value === 2) {
                  sliced = true;
                  if (sched) midStatement[w] = sched.switched ? 1 : 0;
                } else {
                  waiting[w] = 1;
                  midStatement[w] = 1;
                  obs?.barrier?.('arrive', B.idx, w, cur.barMask, cur.barLoc);
                }
                break;
              }
              yield r.value;
              // Whoever had the program suspended may have changed its memory.
              spinClock.turn++;
              quiet = false;
              M.setShared(B.shared, sharedSize);
              M.setLocal(cur.local, cur.stride);
            }
            running = null;
            ends?.turnEnd?.(cur);
            if (!endTurn(cur, act)) quiet = false;
          }
          if (gens[w]) alive++;
        }
        handPrintf(B, env);
        if (alive === 0) {
          L.retire(B);
          slots[s] = null;
          continue;
        }
        if (sliced) continue;
        // Every live warp is parked now. sm_70+ barriers count threads: they release once every
        // non-exited thread waits at one. Lanes that diverged away from a barrier wait for their
        // warp to reconverge, so they never arrive: the block hangs, as the GPU would.
        const hang = openBarrier(B, obs);
        if (hang) return hang;
        quiet = false;
      }
      // Nobody wrote memory this round and every running warp still spins on it: so it goes on forever.
      if (quiet) {
        const P = slots.find((x) => x?.parked().some((W) => W !== null));
        return P ? stopped(new StepLimitError(S.lim), P, cur) : { kind: 'step-limit', steps: S.n, spin: spinReport(slots, L.total - L.started()) };
      }
    }
  } catch (e) {
    return stopped(e, B, cur);
  } finally {
    if (running !== null) ends?.turnEnd?.(running);
    // A turn cut short (fault, hang, step limit) still hands on what its warps printed.
    handPrintf(B, env);
  }
  return { kind: 'ok' };
}

/**
 * Random: every turn is one statement of a warp drawn by a seeded PRNG from the ready warps
 * (neither parked at a barrier nor finished) of all resident blocks. A block whose last ready
 * warp parks has its barrier opened (or its hang reported) at once; a finished block's slot takes
 * the next block of the grid.
 */
function* runRandom(L: Launch, env: DeviceEnv, S: StepCounter, sched: StatementSwitch, seed: number): Resumable<LaunchOutcome> {
  const { M, nw, sharedSize } = L;
  const obs = env.observer?.barrier ? env.observer : null;
  // A warp whose kernel returned leaves its activation (instrumented kernels do not say so themselves: stmt.ts).
  const leaves = env.observer?.leave ? env.observer : null;
  const ends = env.observer?.turnEnd ? env.observer : null;
  const rng = mulberry32(seed);
  const slots = new Array<ResidentBlock | null>(slotCount(L, env.residentBlocks)).fill(null);
  const slotOf = new Map<ResidentBlock, number>();
  // The ready warps as (block, warp) pairs; a warp that leaves is swapped with the last pair.
  const readyB: ResidentBlock[] = [];
  const readyW: number[] = [];
  const enqueue = (b: ResidentBlock): void => {
    for (let w = 0; w < nw; w++) if (b.gens[w] && !b.waiting[w]) readyB.push(b), readyW.push(w);
  };
  const fill = (s: number): void => {
    const b = L.admit();
    slots[s] = b;
    if (b) slotOf.set(b, s), enqueue(b);
  };
  for (let s = 0; s < slots.length; s++) fill(s);
  let idle = 0;
  let B: ResidentBlock = slots[0]!;
  let cur: WarpCtx = B.warps[0]!;
  let running: WarpCtx | null = null;
  try {
    while (readyB.length > 0) {
      const i = rng() % readyB.length;
      const w = readyW[i]!;
      B = readyB[i]!;
      const g = B.gens[w]!;
      M.setShared(B.shared, sharedSize);
      cur = B.warps[w]!;
      M.setLocal(cur.local, cur.stride);
      S.max = Math.min(S.lim, S.n + TIME_SLICE);
      sched.begin(B.midStatement[w] === 1);
      running = cur;
      spinClock.turn++;
      let left = false;
      for (;;) {
        const r = g.next();
        if (r.done) {
          B.gens[w] = null;
          left = true;
          leaves?.leave?.(cur);
          if (cur.loc.line === 0 && S.n + ++idle > S.lim) return { kind: 'step-limit', steps: S.lim, idle: L.started() };
          break;
        }
        if (typeof r.value === 'number') {
          if (r.value === 2) B.midStatement[w] = sched.switched ? 1 : 0;
          else {
            B.waiting[w] = 1;
            B.midStatement[w] = 1;
            left = true;
            obs?.barrier?.('arrive', B.idx, w, cur.barMask, cur.barLoc);
          }
          break;
        }
        yield r.value;
        spinClock.turn++;
        M.setShared(B.shared, sharedSize);
        M.setLocal(cur.local, cur.stride);
      }
      running = null;
      ends?.turnEnd?.(cur);
      handPrintf(B, env);
      if (!left) continue;
      const last = readyB.length - 1;
      readyB[i] = readyB[last]!;
      readyW[i] = readyW[last]!;
      readyB.pop();
      readyW.pop();
      let live = false;
      let ready = false;
      for (let v = 0; v < nw; v++) {
        if (!B.gens[v]) continue;
        live = true;
        if (!B.waiting[v]) ready = true;
      }
      if (ready) continue;
      if (!live) {
        L.retire(B);
        fill(slotOf.get(B)!);
        continue;
      }
      // Every live warp of the block is parked: the barrier opens, or can never open (see runRounds).
      const hang = openBarrier(B, obs);
      if (hang) return hang;
      enqueue(B);
    }
  } catch (e) {
    return stopped(e, B, cur);
  } finally {
    if (running !== null) ends?.turnEnd?.(running);
    handPrintf(B, env);
  }
  return { kind: 'ok' };
}

/** Opens the barrier every live warp of `B` is parked at, telling the observer; the hang instead when some thread can never arrive. */
function openBarrier(B: ResidentBlock, obs: Observer | null): LaunchOutcome | null {
  const missing = B.barrierShortfall();
  if (missing !== null) return barrierHang(B, missing);
  B.releaseBarrier(obs ? (W) => obs.barrier?.('release', B.idx, W.id, W.barMask, W.barLoc) : null);
  return null;
}

/** Hands the device printf text of a block's turn to the env, highest warp first (the order an H100's printf buffer shows). */
function handPrintf(B: ResidentBlock, env: DeviceEnv): void {
  for (let w = B.warps.length - 1; w >= 0; w--) {
    const W = B.warps[w]!;
    if (W.printed.length === 0) continue;
    env.printf(W.printed);
    W.printed = '';
  }
}
