import type { DebugSession } from './session.js';
import { genericAddress } from './eval-context.js';
import { effectsOfStep } from './motion.js';
import { valuesPerLane, lowestLane } from '../trace/memory-rows.js';
import { EFFECT, SPACE_CODE } from '../trace/schema.js';
import { SHARED_BASE } from '../engine/memory/layout.js';
import { sharedWavefronts, sharedIdealOfLast } from '../engine/exec/access-cost.js';
import { sizeOf, type CType } from '../engine/check/types.js';
import { typeText } from './expr/ctypes.js';
import { toBase64, type LaunchLayout, type ScalarKind, type SharedAccess, type SharedType, type SharedVar, type SharedView } from '../protocol/views.js';

/*
 * The Shared memory panel's view of the focused block: the window's bytes, its variables as
 * declared (names and types from the debug info), the words that changed, and the shared loads
 * and stores of the focused warp's last statement with the wavefronts their banks cost. Both the
 * changes and the accesses are relative to that statement, so the panel shows what it did.
 */

/** The most bytes of a window the panel is sent (a block's shared memory is at most 227 KiB). */
const MAX_BYTES = 64 * 1024;

const dim = (d: { x: number; y: number; z: number }): string => `(${d.x},${d.y},${d.z})`;

/** How a scalar of type `t` reads, and its size; 'raw' words for what has no scalar reading. */
function scalarOf(t: CType): SharedType {
  switch (t.kind) {
    case 'float':
      return { kind: 'scalar', elem: t.bits === 32 ? 'f32' : 'f64', size: t.bits / 8 };
    case 'int':
      return { kind: 'scalar', elem: `${t.signed ? 'i' : 'u'}${t.bits}` as ScalarKind, size: t.bits / 8 };
    case 'bool':
      return { kind: 'scalar', elem: 'bool', size: 1 };
    case 'pointer':
      return { kind: 'scalar', elem: 'ptr', size: 8 };
    default:
      return { kind: 'scalar', elem: 'raw', size: 4 };
  }
}

/** `t` laid out for the panel: arrays with their strides, structs with their fields' offsets. */
function layoutOf(t: CType): SharedType {
  switch (t.kind) {
    case 'array':
      return { kind: 'array', of: layoutOf(t.of), length: t.length ?? 0, stride: sizeOf(t.of) };
    case 'struct': {
      // A union's bytes read as its first member: one reading per word.
      const fields = t.info.isUnion ? t.info.fields.slice(0, 1) : t.info.fields;
      return { kind: 'struct', size: t.info.size, fields: fields.map((f) => ({ name: f.name, offset: f.offset, type: layoutOf(f.type) })) };
    }
    default:
      return scalarOf(t);
  }
}

/** The running kernel's shared variables, and the window's size (static variables, then the launch's dynamic bytes). */
function sharedLayout(s: DebugSession, launch: number): { vars: SharedVar[]; size: number } {
  const view = s.view!;
  const l = view.launch(launch);
  const sh = view.sharedOfLaunch(launch);
  const vars = (sh?.vars ?? []).map((v): SharedVar => {
    const t = view.typeOf(v);
    const offset = genericAddress('shared', v.address, view.sharedReserve) - SHARED_BASE;
    // An `extern __shared__` array has no length of its own: it spans the bytes the launch gave.
    const spans = t.kind === 'array' && t.length === null && sizeOf(t.of) > 0 ? { ...t, length: Math.floor((l?.shared_bytes ?? 0) / sizeOf(t.of)) } : t;
    return { name: v.name, type: typeText(t), offset, size: sizeOf(spans), layout: layoutOf(spans) };
  });
  // Dynamic shared memory starts at a generic address past the static variables; the launch says how many bytes it has.
  const dynamic = sh ? genericAddress('shared', sh.dynamic, view.sharedReserve) - SHARED_BASE : 0;
  const end = Math.max(0, ...vars.map((v) => v.offset + v.size), l?.shared_bytes ? dynamic + l.shared_bytes : 0);
  return { vars: vars.sort((a, b) => a.offset - b.offset), size: Math.min(MAX_BYTES, Math.ceil(end / 4) * 4) };
}

/**
 * The shared loads and stores of the focused warp's statement at `step`, one per warp
 * instruction. The engine may run an expression lane by lane, so a row need not be one
 * instruction: under SIMT every lane makes the same accesses in the same order, so a lane's n-th
 * load (or store) of a size belongs to the statement's n-th instruction of that kind.
 */
function accessesAt(s: DebugSession, step: number, launch: number, block: number, warp: number): SharedAccess[] {
  const groups = new Map<string, { kind: 'load' | 'store'; size: number; lanes: [number, number][]; addr: Float64Array; mask: number }>();
  const seen = new Map<string, number>();
  for (const { d, i } of effectsOfStep(s.trace!, step)) {
    const kind = d.kind[i]!;
    if ((kind !== EFFECT.load && kind !== EFFECT.store) || d.space[i] !== SPACE_CODE.shared) continue;
    if (d.launch[i] !== launch || d.block[i] !== block || d.warp[i] !== warp) continue;
    const size = d.size[i]!;
    const per = valuesPerLane(kind);
    let at = d.neu[2 * i + 1]!;
    for (let m = d.neu[2 * i]!; m !== 0; m &= m - 1, at += per) {
      const lane = lowestLane(m);
      const laneKey = `${kind}/${size}/${lane}`;
      const n = seen.get(laneKey) ?? 0;
      seen.set(laneKey, n + 1);
      const key = `${kind}/${size}/${n}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { kind: kind === EFFECT.load ? 'load' : 'store', size, lanes: [], addr: new Float64Array(32), mask: 0 }));
      g.addr[lane] = d.values[at]!;
      g.mask |= 1 << lane;
      g.lanes.push([lane, d.values[at]! - SHARED_BASE]);
    }
  }
  return [...groups.values()].map((g) => {
    const wavefronts = sharedWavefronts(g.addr, 0, g.mask, g.size);
    return { kind: g.kind, warp, size: g.size, lanes: g.lanes.sort((x, y) => x[0] - y[0]), wavefronts, ideal: sharedIdealOfLast() };
  });
}

/** The focused block's shared memory at the stop; null when the focus is not a thread of the running launch. */
export function sharedView(s: DebugSession, layout: LaunchLayout | null): SharedView | null {
  const f = s.focus;
  if (f.kind !== 'device' || s.pos === null || !layout || layout.launch !== f.launch) return null;
  const l = s.view!.launch(f.launch)!;
  const { vars, size } = sharedLayout(s, f.launch);
  const read = (step: number): Uint8Array | null => {
    // The window's first byte past the reserved ones: the block's first __shared__ byte.
    const r = s.context(step, f).read({ kind: 'memory', space: 'shared', address: SHARED_BASE }, size);
    return typeof r === 'string' ? null : r;
  };
  const bytes = size > 0 ? read(s.pos) : new Uint8Array(0);
  if (!bytes) return null;
  const last = s.warpState(s.pos, f)?.step ?? -1;
  // Across that statement alone: other warps of the block may have written since it ran.
  const before = size > 0 && last >= 0 && last < s.pos ? read(last) : null;
  const after = before && last + 1 < s.pos ? read(last + 1) : bytes;
  const changed: number[] = [];
  if (before && after) {
    for (let w = 0; w * 4 < size; w++) {
      for (let b = w * 4; b < w * 4 + 4; b++) {
        if (after[b] !== before[b]) {
          changed.push(w);
          break;
        }
      }
    }
  }
  const accesses = last >= 0 ? accessesAt(s, last, f.launch, f.block, f.warp) : [];
  return { step: s.pos, launch: f.launch, block: f.block, label: `block ${dim(s.view!.blockIdx(l, f.block))}`, bytes: toBase64(bytes), size, vars, changed, accesses };
}
