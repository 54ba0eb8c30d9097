import type { SourceLoc } from '../front/token.js';
import type { StepCounter, WarpCtx } from './warp.js';
import type { ResidentBlock } from './block.js';

/*
 * Spin detection: a proof that a warp loops forever on memory nobody changes, found in a few
 * dozen iterations rather than after --max-steps.
 *
 * The compiler marks "spin loops" (compile/spin-loops.ts): loops that store nothing and call
 * nothing that could, so all an iteration changes is registers. Their exits depend only on
 * memory and on a few registers (the loop's `vars`). Generated code probes such a loop now and
 * then (probe() below): it keeps a snapshot of the active mask and those registers, and when a
 * later iteration of the same activation, in the same turn of the warp (no other warp ran in
 * between, so memory is unchanged), finds them equal, the loop's course from there repeats
 * itself for as long as memory stays as it is: the warp is *proven* to spin. A proven warp ends
 * its turn at once, so spinners take short turns.
 *
 * The grid (grid.ts) then ends the launch when a whole round of turns consisted of proven
 * spinners resuming and proving again in the same activation: nobody wrote memory in that round,
 * so every spinner's proof still holds and the next round is the same again, forever. Host code
 * is the only thread running while it loops, so a proof there ends the run at once.
 */

/** Counts grid turns (a snapshot is only compared within one) and loop activations. */
export const spinClock = { turn: 0, act: 0 };

/** Iterations of a spin loop's activation before its first probe: a short loop never pays for one. */
export const FIRST_PROBE = 32;
/** Iterations between a snapshot and the probe that compares with it; it doubles while they differ. */
const NEAR = 8;
const FAR = 4096;

/** A warp's probing of its innermost running spin loop, and its latest proof. */
export class SpinState {
  /** Activation (spinClock.act) and turn of the snapshot; 0 / -1 when none. */
  act = 0;
  turn = -1;
  mask = 0;
  vals: (Float64Array | bigint[])[] = [];
  dist = NEAR;
  /** The activation and turn of the latest proof, and the loop it was in. */
  provenAct = 0;
  provenTurn = -1;
  provenLoc: SourceLoc | null = null;
  /** The lanes that were spinning at the proof. */
  provenMask = 0;
  /** spinClock.turn at the start of the warp's latest turn. */
  lastTurn: number;

  constructor() {
    this.lastTurn = spinClock.turn;
  }
}

/** The host's step counter, with what says whether a proven host loop may end the run (not while a debugger could change memory). */
export interface HostCounter extends StepCounter {
  readonly spinStop?: () => boolean;
}

/** Thrown in host code proven to loop forever; the runtime reports it where a hung program would be stopped. */
export class HostSpin extends Error {
  constructor(readonly loc: SourceLoc) {
    super('the host program loops forever');
  }
}

/**
 * A probe at the back-edge of a spin loop (`act`: its activation, `first`: its first iteration,
 * `vals`: the registers its exits depend on). Returns the iterations until the next probe;
 * negative (minus that) when the warp is proven to spin and should end its turn.
 */
export function probe(W: WarpCtx, loc: SourceLoc, act: number, A: number, first: boolean, vals: (Float64Array | bigint[])[]): number {
  if (first) return 1;
  const s = (W.spin ??= new SpinState());
  // The host is the only thread running while it loops; a warp's snapshot only holds within its turn.
  const turn = W.host ? s.turn : spinClock.turn;
  if (s.act === act && s.turn === turn) {
    if (s.mask === A && same(s.vals, vals)) return proven(W, s, loc, act, A);
    s.dist = Math.min(s.dist * 2, FAR);
  } else s.dist = NEAR;
  s.act = act;
  s.turn = turn;
  s.mask = A;
  keep(s, vals);
  return s.dist;
}

function proven(W: WarpCtx, s: SpinState, loc: SourceLoc, act: number, A: number): number {
  if (W.host) {
    if ((W.S as HostCounter).spinStop?.()) throw new HostSpin(loc);
    return s.dist;
  }
  s.provenAct = act;
  s.provenTurn = spinClock.turn;
  s.provenLoc = loc;
  s.provenMask = A;
  s.act = 0;
  return -NEAR;
}

function same(a: readonly (Float64Array | bigint[])[], b: readonly (Float64Array | bigint[])[]): boolean {
  for (let i = 0; i < b.length; i++) {
    const x = a[i]!, y = b[i]!;
    for (let l = 0; l < 32; l++) if (x[l] !== y[l] && !(x[l] !== x[l] && y[l] !== y[l])) return false;
  }
  return true;
}

function keep(s: SpinState, vals: readonly (Float64Array | bigint[])[]): void {
  if (s.vals.length !== vals.length) s.vals = vals.map((v) => (v instanceof Float64Array ? new Float64Array(32) : new Array<bigint>(32).fill(0n)));
  for (let i = 0; i < vals.length; i++) {
    const from = vals[i]!, to = s.vals[i]!;
    if ((from instanceof Float64Array) !== (to instanceof Float64Array)) s.vals[i] = from.slice();
    else for (let l = 0; l < 32; l++) to[l] = from[l]!;
  }
}

/** At the start of a warp's turn: the activation its previous turn ended proven to spin in (0 when it did not). */
export function beginTurn(W: WarpCtx): number {
  const t = ++spinClock.turn;
  const s = W.spin;
  if (s === null) return 0;
  const act = s.provenTurn === s.lastTurn ? s.provenAct : 0;
  s.lastTurn = t;
  return act;
}

/** At the end of a warp's turn: true when the whole turn ran inside activation `act` of a spin loop and ended proven again, so it wrote nothing. */
export function endTurn(W: WarpCtx, act: number): boolean {
  const s = W.spin;
  return act !== 0 && s !== null && s.provenTurn === spinClock.turn && s.provenAct === act;
}

/** Where a launch whose running warps all spin is stuck: the first spinner's loop, and how many threads spin there and elsewhere. */
export function spinReport(blocks: readonly (ResidentBlock | null)[], waiting: number): { loc: SourceLoc; detail: string } {
  const spinning = blocks.flatMap((b) => (b === null ? [] : b.warps.filter((W, w) => b.gens[w] !== null && W.spin?.provenLoc)));
  const loc = spinning[0]!.spin!.provenLoc!;
  let here = 0;
  let elsewhere = 0;
  for (const W of spinning) {
    const n = popc(W.spin!.provenMask);
    if (W.spin!.provenLoc === loc) here += n;
    else elsewhere += n;
  }
  const threads = (n: number): string => `${n} thread${n === 1 ? '' : 's'}`;
  const others = elsewhere > 0 ? ` (and ${threads(elsewhere)} in other loops)` : '';
  const blocked = waiting > 0 ? `; the grid's other ${waiting} block${waiting === 1 ? '' : 's'} cannot start while these hold every SM` : '';
  return { loc, detail: `${threads(here)} ${here === 1 ? 'spins' : 'spin'} in this loop${others}, and nothing that could end it will change${blocked}` };
}

function popc(m: number): number {
  let c = 0;
  for (let x = m; x !== 0; x &= x - 1) c++;
  return c;
}
