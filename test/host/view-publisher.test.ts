import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionCommand, SessionEvent } from '../../src/protocol/messages.js';
import { BLOCK_STATE, fromBase64, laneState, snapshotWords, WARP_WORDS } from '../../src/protocol/views.js';
import { bankCells } from '../../src/renderer/src/shared/bank-cells.js';

/*
 * The visual panels' events as a session sends them at stops of avgfilter.cu (one block of 16
 * threads, two shared float arrays): lane states as bitmasks, the focused warp's variables
 * lane by lane, and the block's shared memory with the last statement's accesses.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-views-'));
copyFileSync('traces/avgfilter.trace', join(dir, 'avgfilter.trace'));

function service(): { events: SessionEvent[]; send: (c: SessionCommand) => Promise<void>; close: () => void } {
  const events: SessionEvent[] = [];
  const env = { ...nodeServiceEnv(), tracePath: () => join(dir, 'live.trace') };
  const s = new SessionService((e) => events.push(e), env);
  return { events, send: (c) => (s.handle(c), s.idle()), close: () => s.close() };
}

const last = <K extends SessionEvent['kind']>(events: readonly SessionEvent[], kind: K): Extract<SessionEvent, { kind: K }> | undefined =>
  events.filter((e): e is Extract<SessionEvent, { kind: K }> => e.kind === kind).pop();

describe('visual panels of a session', () => {
  it('packs lane states: the divergent if leaves lanes 0 and 15 out', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    expect(last(s.events, 'layout')!.layout).toBeNull();
    await s.send({ kind: 'console', line: 'break avgfilter.cu:27' });
    await s.send({ kind: 'console', line: 'run' });
    const layout = last(s.events, 'layout')!.layout!;
    expect(layout).toMatchObject({ kernel: 'AverageShared', grid: { x: 1, y: 1, z: 1 }, block: { x: 16, y: 1, z: 1 }, blocks: 1, threadsPerBlock: 16, warpsPerBlock: 1 });
    let snap = last(s.events, 'lane-states')!.snapshot!;
    expect(snap.ranges).toEqual([{ first: 0, count: 1 }]);
    let words = snapshotWords(snap);
    expect(words).toHaveLength(WARP_WORDS);
    const states = (w: Uint32Array): string[] => Array.from({ length: 17 }, (_, l) => laneState(w, 0, l, 16));
    expect(states(words)).toEqual(['divergent', ...Array<string>(14).fill('active'), 'divergent', 'none']);
    expect(fromBase64(snap.blockStates)[0]).toBe(BLOCK_STATE.active);
    s.close();
  });

  it('tabulates the focused warp and the block\'s shared memory, marking what the last statement changed', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    await s.send({ kind: 'console', line: 'break avgfilter.cu:27' });
    await s.send({ kind: 'console', line: 'run' });
    await s.send({ kind: 'console', line: 'next' });
    const table = last(s.events, 'warp-table')!.table!;
    expect(table.columns.slice(0, 2)).toEqual(['threadIdx', 'blockIdx']);
    expect(table.columns).toEqual(expect.arrayContaining(['A', 'out', 'iters', 'i', 'j']));
    expect(table.lanes).toHaveLength(16);
    const i = table.columns.indexOf('i');
    expect(table.lanes[5]!.values[0]).toBe('(5,0,0)');
    expect(table.lanes[5]!.values[i]).toBe('5');
    const shared = last(s.events, 'shared-memory')!.view!;
    const floats = { kind: 'array', of: { kind: 'scalar', elem: 'f32', size: 4 }, length: 16, stride: 4 };
    expect(shared.vars.map((v) => [v.name, v.type, v.layout, v.size])).toEqual([
      ['Ads', 'float [16]', floats, 64],
      ['Bds', 'float [16]', floats, 64],
    ]);
    const bytes = fromBase64(shared.bytes);
    const f32 = new Float32Array(bytes.buffer, bytes.byteOffset, shared.size / 4);
    const bds = shared.vars[1]!.offset / 4;
    // Bds[1] = (25 + 6 + 34) / 3, stored by line 27 just now: changed, and stored by lane 1.
    expect(f32[bds + 1]).toBeCloseTo(65 / 3, 5);
    expect(shared.changed).toContain(bds + 1);
    expect(shared.changed).not.toContain(bds);
    const store = shared.accesses.find((a) => a.kind === 'store')!;
    expect(store.lanes).toContainEqual([1, (bds + 1) * 4]);
    expect(store.lanes).toHaveLength(14);
    expect(store).toMatchObject({ size: 4, wavefronts: 1, ideal: 1 });
    expect(shared.accesses.filter((a) => a.kind === 'load')).toHaveLength(3);
    // Focus moves with `cuda`: the table follows to the lane, the block stays.
    await s.send({ kind: 'console', line: 'cuda thread (7,0,0)' });
    expect(last(s.events, 'stopped')!.stop!.focus).toMatchObject({ lane: 7 });
    expect(last(s.events, 'warp-table')!.table!.lanes[7]!.values[i]).toBe('7');
    s.close();
  });

  it('reads an extern __shared__ array over the bytes its launch gave it, as print does', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'test/host/dynamic_shared.cu' } });
    await s.send({ kind: 'console', line: 'break 7' });
    await s.send({ kind: 'console', line: 'run' });
    const shared = last(s.events, 'shared-memory')!.view!;
    expect(shared.vars.map((v) => [v.name, v.type, v.size])).toEqual([['buf', 'float []', 32]]);
    const cells = bankCells(shared).slice(0, 8);
    expect(cells.map((c) => [c.name, c.text])).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => [`buf[${i}]`, String(i * 1.5)]));
    s.close();
  });

  it('types shared variables as ptype does and names their words as print subscripts them', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'test/host/shared_shapes.cu' } });
    await s.send({ kind: 'console', line: 'break 20' });
    await s.send({ kind: 'console', line: 'run' });
    const shared = last(s.events, 'shared-memory')!.view!;
    // Dimensions outermost first, as C declares them and `ptype tile` prints `float [4][5]`.
    expect(shared.vars.map((v) => `${v.name}: ${v.type}`)).toEqual(['tile: float [4][5]', 'parts: Part [3]', 'd: double [2]', 'v: float4 [2]', 'c: unsigned char [2][3]']);
    const cells = new Map(bankCells(shared).map((c) => [c.word, c]));
    const at = (name: string, member = 0): { name: string; text: string } => {
      const v = shared.vars.find((x) => x.name === name)!;
      return cells.get(v.offset / 4 + member)!;
    };
    // Word 5 of float tile[4][5] is tile[1][0], not tile[5] (a whole row to print).
    expect(at('tile', 5)).toMatchObject({ name: 'tile[1][0]', text: '5.5' });
    expect(at('tile', 19)).toMatchObject({ name: 'tile[3][4]', text: '19.5' });
    // Arrays of structs name the member: Part is { float x; int n; char tag; }, 12 bytes.
    expect(at('parts', 3)).toMatchObject({ name: 'parts[1].x', text: '2' });
    expect(at('parts', 4)).toMatchObject({ name: 'parts[1].n', text: '-1' });
    expect(at('parts', 8)).toMatchObject({ name: 'parts[2].tag', text: '99' });
    // A double's second word belongs to it and shows nothing; float4's members are x, y, z, w.
    expect(at('d', 3)).toMatchObject({ name: 'd[1]', text: '' });
    expect(at('d', 2)).toMatchObject({ name: 'd[1]', text: '0.3333333333' });
    expect(at('v', 6)).toMatchObject({ name: 'v[1].z', text: '3' });
    // Bytes four to a word, across rows: the word is named by its first byte.
    expect(at('c', 0)).toMatchObject({ name: 'c[0][0]', text: '0 10 20 30' });
    expect(at('c', 1)).toMatchObject({ name: 'c[1][1]', text: '40 50' });
    s.close();
  });

  it('shows warps waiting at a barrier and warps not started, as info cuda warps does', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'examples/avgfilter_barrier_bug.cu' } });
    await s.send({ kind: 'console', line: 'break __syncthreads' });
    await s.send({ kind: 'console', line: 'run' });
    await s.send({ kind: 'console', line: 'continue' });
    const layout = last(s.events, 'layout')!.layout!;
    expect(layout).toMatchObject({ threadsPerBlock: 256, warpsPerBlock: 8 });
    const words = snapshotWords(last(s.events, 'lane-states')!.snapshot!);
    const warp = (w: number): string[] => Array.from({ length: 32 }, (_, l) => laneState(words, w * WARP_WORDS, l, 32));
    // Warps 0 and 1 arrived at line 21's barrier; warps 2..7 have not run yet.
    expect(new Set([...warp(0), ...warp(1)])).toEqual(new Set(['barrier']));
    expect(new Set(warp(2))).toEqual(new Set(['unstarted']));
    expect(fromBase64(last(s.events, 'lane-states')!.snapshot!.blockStates)[0]).toBe(BLOCK_STATE.barrier);
    s.close();
  });

  it('marks the variables the warp\'s last statement changed, lane by lane', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    await s.send({ kind: 'console', line: 'break avgfilter.cu:22' });
    await s.send({ kind: 'console', line: 'run' });
    // The last statement was `int i = threadIdx.x`: every lane's i but lane 0's (0 before and after) changed.
    const table = last(s.events, 'warp-table')!.table!;
    const i = table.columns.indexOf('i');
    expect(table.lanes[0]!.values[i]).toBe('0');
    expect(table.lanes[0]!.changed).toEqual([]);
    expect(table.lanes[5]!.changed).toEqual([i]);
    expect(table.lanes.filter((l) => l.changed.includes(i))).toHaveLength(15);
    // Nothing shared was written yet.
    expect(last(s.events, 'shared-memory')!.view!.changed).toEqual([]);
    s.close();
  });

  it('marks as changed only the shared words the focused warp\'s own last statement wrote, not another warp\'s since', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'test/host/two_warps_shared.cu' } });
    await s.send({ kind: 'console', line: 'break 6' });
    await s.send({ kind: 'console', line: 'run' });
    await s.send({ kind: 'console', line: 'next' });
    // Warp 0's store: its own 32 words.
    const stored = last(s.events, 'shared-memory')!.view!;
    expect(stored.accesses.map((a) => a.kind)).toEqual(['store']);
    expect(stored.changed).toEqual(Array.from({ length: 32 }, (_, w) => w));
    await s.send({ kind: 'console', line: 'delete' });
    await s.send({ kind: 'console', line: 'y' });
    await s.send({ kind: 'console', line: 'break 8' });
    await s.send({ kind: 'console', line: 'continue' });
    // Warp 0 passed the barrier (its last statement) after warp 1 stored s[32..63]: the barrier changed nothing.
    const shared = last(s.events, 'shared-memory')!.view!;
    expect(last(s.events, 'stopped')!.stop!.focus).toMatchObject({ warp: 0 });
    expect(new Int32Array(fromBase64(shared.bytes).slice().buffer)[40]).toBe(81);
    expect(shared.accesses).toEqual([]);
    expect(shared.changed).toEqual([]);
    s.close();
  });

  it('details only the blocks the grid view watches', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    await s.send({ kind: 'console', line: 'break avgfilter.cu:27' });
    await s.send({ kind: 'console', line: 'run' });
    await s.send({ kind: 'watch-blocks', first: 1, count: 10 });
    const snap = last(s.events, 'lane-states')!.snapshot!;
    expect(snap.ranges).toEqual([]);
    expect(snapshotWords(snap)).toHaveLength(0);
    s.close();
  });

  it('shows each frame of a recursion that two finishes return to within one statement', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'test/conformance/rules/language_features.cu' } });
    await s.send({ kind: 'console', line: 'break fact if n == 1 && threadIdx.x == 3' });
    await s.send({ kind: 'console', line: 'run' });
    const n = (): string => {
      const table = last(s.events, 'warp-table')!.table!;
      return table.lanes[3]!.values[table.columns.indexOf('n')]!;
    };
    expect(n()).toBe('1');
    await s.send({ kind: 'console', line: 'finish' });
    expect(n()).toBe('2');
    const first = last(s.events, 'stopped')!.stop!;
    await s.send({ kind: 'console', line: 'finish' });
    // The same statement, line and thread: the panels move on all the same.
    expect(last(s.events, 'stopped')!.stop).toEqual(first);
    expect(n()).toBe('3');
    s.close();
  });
});
