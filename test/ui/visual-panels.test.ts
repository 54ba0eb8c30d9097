import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import ThreadsPanel from '../../src/renderer/src/panels/ThreadsPanel.svelte';
import SharedMemoryPanel from '../../src/renderer/src/panels/SharedMemoryPanel.svelte';
import { SessionStore } from '../../src/renderer/src/store/session-store.js';
import { accessSummaries, bankCells } from '../../src/renderer/src/shared/bank-cells.js';
import { toBase64, type SharedType, type SharedView } from '../../src/protocol/views.js';
import type { SessionEvent } from '../../src/protocol/messages.js';

/*
 * The Threads and Shared memory panels rendered from a store fed with events (server-side, no
 * browser), and the bank table's arithmetic: typed words, lanes per word, bank conflicts.
 */

function storeWith(events: readonly SessionEvent[]): SessionStore {
  let emit: (e: SessionEvent) => void = () => {};
  const store = new SessionStore({ send: () => {}, onEvent: (l) => (emit = l), onConnection: (l) => l('open') });
  events.forEach((e) => emit(e));
  return store;
}

/** The opening tag of the `name` element carrying attribute text `attr` (Svelte orders attributes its own way). */
function tag(body: string, name: string, attr: string): string {
  const m = new RegExp(`<${name}\\b[^>]*${attr.replace(/[[\]]/g, '\\$&')}[^>]*>`).exec(body);
  return m ? m[0] : '';
}

const stopped: SessionEvent = { kind: 'stopped', stop: { step: 40, focus: { kind: 'device', launch: 1, block: 0, warp: 0, lane: 1, label: 'block (0,0,0) thread (1,0,0)' }, file: 'k.cu', line: 3 } };

const f32: SharedType = { kind: 'scalar', elem: 'f32', size: 4 };

/** A window of 2x4 floats then 4 ints, with float 2 changed and stored by lanes 0 and 1, float 34 words apart loaded by two lanes (a conflict). */
function sharedView(): SharedView {
  const bytes = new Uint8Array(48 * 4);
  const dv = new DataView(bytes.buffer);
  for (let i = 0; i < 8; i++) dv.setFloat32(i * 4, i + 0.5, true);
  dv.setInt32(8 * 4, -7, true);
  return {
    step: 40,
    launch: 1,
    block: 0,
    label: 'block (0,0,0)',
    bytes: toBase64(bytes),
    size: bytes.length,
    vars: [
      { name: 'tile', type: 'float [2][4]', offset: 0, size: 32, layout: { kind: 'array', of: { kind: 'array', of: f32, length: 4, stride: 4 }, length: 2, stride: 16 } },
      { name: 'count', type: 'int [4]', offset: 32, size: 16, layout: { kind: 'array', of: { kind: 'scalar', elem: 'i32', size: 4 }, length: 4, stride: 4 } },
    ],
    changed: [2],
    accesses: [
      { kind: 'store', warp: 0, size: 4, lanes: [[0, 8], [1, 8]], wavefronts: 1, ideal: 1 },
      { kind: 'load', warp: 0, size: 4, lanes: [[4, 4], [5, 4 + 32 * 4]], wavefronts: 2, ideal: 1 },
    ],
  };
}

describe('Threads panel', () => {
  it('lists the focused warp\'s lanes with their state, values and changes', () => {
    const store = storeWith([
      stopped,
      {
        kind: 'warp-table',
        table: {
          step: 40,
          launch: 1,
          block: 0,
          warp: 0,
          label: 'block (0,0,0) warp 0',
          columns: ['threadIdx', 'blockIdx', 'i', 'sum'],
          lanes: [
            { lane: 0, state: 'divergent', values: ['(0,0,0)', '(0,0,0)', '0', '0'], changed: [] },
            { lane: 1, state: 'active', values: ['(1,0,0)', '(0,0,0)', '1', '2.5'], changed: [3] },
          ],
        },
      },
    ]);
    const { body } = render(ThreadsPanel, { props: { store } });
    expect(body).toContain('block (0,0,0) warp 0');
    expect(body.match(/<th[^>]*>(threadIdx|blockIdx|i|sum)<\/th>/g)).toHaveLength(4);
    expect(tag(body, 'tr', 'data-lane="1"')).toMatch(/class="[^"]*focused/);
    expect(tag(body, 'tr', 'data-lane="0"')).not.toMatch(/focused/);
    expect(body).toMatch(/<td class="[^"]*changed[^"]*">2\.5<\/td>/);
    expect(body.match(/class="[^"]*changed/g)).toHaveLength(1);
    expect(body).toContain('divergent');
  });

  it('says so when no warp is in focus', () => {
    expect(render(ThreadsPanel, { props: { store: storeWith([{ kind: 'warp-table', table: null }]) } }).body).toContain('No warp in focus.');
  });
});

describe('Shared memory panel', () => {
  it('reads words as their variables are declared, with lanes and changes', () => {
    const cells = bankCells(sharedView());
    expect(cells).toHaveLength(48);
    expect(cells[2]).toMatchObject({ name: 'tile[0][2]', text: '2.5', changed: true, stores: [0, 1], loads: [] });
    // Word 5 of float tile[2][4] is tile[1][1], as print subscripts it.
    expect(cells[5]).toMatchObject({ name: 'tile[1][1]', text: '5.5' });
    expect(cells[8]).toMatchObject({ name: 'count[0]', text: '-7', changed: false });
    expect(cells[1]!.loads).toEqual([4]);
    expect(cells[33]).toMatchObject({ name: '', text: '0x00000000', loads: [5] });
  });

  it('names the banks an access conflicts in', () => {
    const [store, load] = accessSummaries(sharedView());
    expect(store!.text).toBe('store of 4 bytes by 2 lanes: 1 wavefront, no bank conflict');
    expect(store!.conflictBanks).toEqual([]);
    // Words 1 and 33 share bank 1.
    expect(load!.text).toBe('load of 4 bytes by 2 lanes: 2 wavefronts: 2-way bank conflict (banks 1)');
    expect(load!.conflictBanks).toEqual([1]);
  });

  it('lays the window out as rows of 32 banks, marking the conflicting bank', () => {
    const { body } = render(SharedMemoryPanel, { props: { store: storeWith([stopped, { kind: 'shared-memory', view: sharedView() }]) } });
    expect(body.match(/<tr>/g)).toHaveLength(1 + 2);
    expect(body.match(/data-word="\d+"/g)).toHaveLength(48);
    expect(tag(body, 'th', 'title="bank 1"')).toMatch(/class="[^"]*conflict/);
    expect(tag(body, 'th', 'title="bank 2"')).not.toMatch(/conflict/);
    expect(body.match(/class="[^"]*conflict/g)?.length).toBe(2);
    expect(tag(body, 'td', 'data-name="tile[0][2]"')).toMatch(/class="[^"]*changed/);
    expect(tag(body, 'td', 'data-name="tile[0][2]"')).toMatch(/class="[^"]*stored/);
    expect(tag(body, 'td', 'data-name="tile[0][3]"')).not.toMatch(/changed/);
    expect(tag(body, 'td', 'data-name="tile[1][1]"')).toContain('title="tile[1][1] = 5.5 · word 5 (byte 20) · bank 5"');
    expect(body).toContain('block (0,0,0) · 192 bytes · tile: float [2][4] @0 · count: int [4] @32');
  });

  it('heads a block without shared memory with no separator left dangling', () => {
    const none: SharedView = { ...sharedView(), bytes: '', size: 0, vars: [], changed: [], accesses: [] };
    const { body } = render(SharedMemoryPanel, { props: { store: storeWith([stopped, { kind: 'shared-memory', view: none }]) } });
    expect(body).toMatch(/<span class="sub[^"]*">block \(0,0,0\) · 0 bytes<\/span>/);
    expect(body).toContain('block (0,0,0) declares no shared memory.');
  });
});
