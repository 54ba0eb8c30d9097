import { fromBase64, type ScalarKind, type SharedView, type SharedVar } from '../../../protocol/views';
import { pathAt, scalarsIn } from './element-path';

/*
 * The Shared memory panel's table: the block's window as rows of 32 four-byte words, word w in
 * bank w % 32, each word read as the type of the variable declared over it, with what changed,
 * which lanes touched it in the warp's last statement, and the banks that conflicted.
 */

/** Banks of shared memory (4-byte words, word w in bank w % 32). */
export const BANKS = 32;

/** One word of the window. */
export interface BankCell {
  readonly word: number;
  /** The value as its variable's type reads (several for bytes and shorts; '' for the second word of an 8-byte value). */
  readonly text: string;
  /** The element as C names it (`Ads[3]`, `tile[1][0]`, `parts[2].x`), or '' outside every variable. */
  readonly name: string;
  /** Index of the variable it belongs to (for tinting), or -1. */
  readonly varIndex: number;
  readonly changed: boolean;
  /** Lanes that loaded or stored it in the last statement. */
  readonly loads: readonly number[];
  readonly stores: readonly number[];
}

/** An access's one-line summary, and the banks where it conflicted. */
export interface AccessSummary {
  readonly text: string;
  readonly conflictBanks: readonly number[];
}

/** Text of one element of kind `k` at byte `at` of `dv`. */
function elementText(dv: DataView, at: number, k: ScalarKind): string {
  switch (k) {
    case 'f32': return String(Number(dv.getFloat32(at, true).toPrecision(7)));
    case 'f64': return String(Number(dv.getFloat64(at, true).toPrecision(10)));
    case 'i8': return String(dv.getInt8(at));
    case 'u8': return String(dv.getUint8(at));
    case 'bool': return dv.getUint8(at) ? 'true' : 'false';
    case 'i16': return String(dv.getInt16(at, true));
    case 'u16': return String(dv.getUint16(at, true));
    case 'i32': return String(dv.getInt32(at, true));
    case 'u32': return String(dv.getUint32(at, true));
    case 'i64': return String(dv.getBigInt64(at, true));
    case 'u64': return String(dv.getBigUint64(at, true));
    case 'ptr': return `0x${dv.getBigUint64(at, true).toString(16)}`;
    case 'raw': return `0x${dv.getUint32(at, true).toString(16).padStart(8, '0')}`;
  }
}

/** The variable whose bytes hold byte `at`, and its index. */
function varAt(vars: readonly SharedVar[], at: number): number {
  return vars.findIndex((v) => at >= v.offset && at < v.offset + v.size);
}

/** The window's words as cells, in order (row r holds words 32r .. 32r + 31). */
export function bankCells(view: SharedView): BankCell[] {
  const bytes = fromBase64(view.bytes);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const changed = new Set(view.changed);
  const loads = new Map<number, number[]>();
  const stores = new Map<number, number[]>();
  for (const a of view.accesses) {
    const into = a.kind === 'load' ? loads : stores;
    for (const [lane, off] of a.lanes) {
      for (let w = off >> 2; w < (off + a.size + 3) >> 2; w++) {
        const list = into.get(w) ?? [];
        if (!list.includes(lane)) list.push(lane);
        into.set(w, list);
      }
    }
  }
  const cells: BankCell[] = [];
  for (let w = 0; w * 4 < view.size; w++) {
    const at = w * 4;
    const vi = varAt(view.vars, at);
    const v = vi >= 0 ? view.vars[vi]! : null;
    let text = '';
    let name = '';
    if (v) {
      const rel = at - v.offset;
      // Every scalar that starts in the word (bytes and shorts share one); none where an 8-byte value's second half lies.
      const scalars = scalarsIn(v.layout, rel, rel + 4);
      const here = pathAt(v.layout, rel);
      name = v.name + (here.inScalar || scalars.length === 0 ? here.path : scalars[0]!.path);
      if (scalars.length > 0) text = scalars.map((e) => elementText(dv, v.offset + e.start, e.elem)).join(' ');
      else if (!here.inScalar) text = elementText(dv, at, 'raw');
    } else text = elementText(dv, at, 'raw');
    cells.push({ word: w, text, name, varIndex: vi, changed: changed.has(w), loads: loads.get(w) ?? [], stores: stores.get(w) ?? [] });
  }
  return cells;
}

/** Each access of the last statement in words, and the banks that served more than one word. */
export function accessSummaries(view: SharedView): AccessSummary[] {
  return view.accesses.map((a) => {
    const words = new Map<number, Set<number>>();
    for (const [, off] of a.lanes) {
      for (let w = off >> 2; w < (off + a.size + 3) >> 2; w++) {
        const set = words.get(w % BANKS) ?? new Set<number>();
        set.add(w);
        words.set(w % BANKS, set);
      }
    }
    // Banks that served several words; only where the access really cost extra wavefronts (a 16-byte access's half-warps are served apart).
    const conflictBanks = a.wavefronts <= a.ideal ? [] : [...words].filter(([, s]) => s.size > 1).map(([b]) => b).sort((x, y) => x - y);
    const lanes = a.lanes.length;
    const what = `${a.kind} of ${a.size} bytes by ${lanes} lane${lanes === 1 ? '' : 's'}`;
    const cost = a.wavefronts > a.ideal ? `${a.wavefronts} wavefronts: ${Math.ceil(a.wavefronts / Math.max(1, a.ideal))}-way bank conflict (banks ${conflictBanks.join(', ')})` : `${a.wavefronts} wavefront${a.wavefronts === 1 ? '' : 's'}, no bank conflict`;
    return { text: `${what}: ${cost}`, conflictBanks };
  });
}
