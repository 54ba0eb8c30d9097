import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlockWatches } from '../../src/host/block-watches.js';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import { parseCommand } from '../../src/protocol/validate.js';
import type { SessionCommand, SessionEvent } from '../../src/protocol/messages.js';
import { WARP_WORDS, coversRange, detailIndex, laneState, mergeRanges, snapshotWords } from '../../src/protocol/views.js';

/*
 * Several front ends' grid views over one session: each says which blocks it shows, and every
 * one of them is sent the lanes of its own blocks (the union of the views), not just the last
 * one to report.
 */

describe('block ranges', () => {
  it('merges overlapping and touching ranges and finds a block among them', () => {
    expect(mergeRanges([{ first: 40, count: 10 }, { first: 0, count: 8 }, { first: 8, count: 2 }, { first: 45, count: 20 }, { first: 90, count: 0 }])).toEqual([{ first: 0, count: 10 }, { first: 40, count: 25 }]);
    const r = [{ first: 0, count: 10 }, { first: 40, count: 25 }];
    expect([0, 9, 10, 39, 40, 64, 65].map((b) => detailIndex(r, b))).toEqual([0, 9, -1, -1, 10, 34, -1]);
    expect(coversRange(r, 42, 20)).toBe(true);
    expect(coversRange(r, 5, 10)).toBe(false);
    expect(coversRange(r, 100, 0)).toBe(true);
  });

  it('keeps each front end’s report until it changes or leaves', () => {
    const w = new BlockWatches({ first: 0, count: 64 });
    expect(w.ranges()).toEqual([{ first: 0, count: 64 }]);
    expect(w.report(1, 0, 12)).toBe(true);
    expect(w.report(2, 3000, 40)).toBe(true);
    expect(w.ranges()).toEqual([{ first: 0, count: 12 }, { first: 3000, count: 40 }]);
    // The same report again changes nothing: nothing new is sent.
    expect(w.report(2, 3000, 40)).toBe(false);
    expect(w.report(2, 3010, 40)).toBe(true);
    expect(w.report(1, 0, 0)).toBe(true);
    expect(w.ranges()).toEqual([{ first: 3010, count: 40 }]);
    w.clear();
    expect(w.ranges()).toEqual([{ first: 0, count: 64 }]);
  });

  it('takes a host’s front-end number with a watch-blocks command, and nothing else', () => {
    expect(parseCommand({ kind: 'watch-blocks', first: 3, count: 4, client: 2 })).toEqual({ ok: true, command: { kind: 'watch-blocks', first: 3, count: 4, client: 2 } });
    expect(parseCommand({ kind: 'watch-blocks', first: 3, count: 4 })).toEqual({ ok: true, command: { kind: 'watch-blocks', first: 3, count: 4 } });
    expect(parseCommand({ kind: 'watch-blocks', first: 3, count: 4, client: 'x' })).toMatchObject({ ok: false });
  });
});

describe('lane detail for two front ends', () => {
  it('details the blocks of both views, and drops a view that went away', async () => {
    const events: SessionEvent[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'ws-watch-'));
    const s = new SessionService((e) => events.push(e), { ...nodeServiceEnv(), tracePath: () => join(dir, 'live.trace') });
    const send = (c: SessionCommand): Promise<void> => (s.handle(c), s.idle());
    const lanes = (): Extract<SessionEvent, { kind: 'lane-states' }>[] => events.filter((e): e is Extract<SessionEvent, { kind: 'lane-states' }> => e.kind === 'lane-states');
    try {
      await send({ kind: 'open', target: { kind: 'source', path: 'test/ui/programs/tabs.cu' } });
      await send({ kind: 'console', line: 'break tabs.cu:9' });
      await send({ kind: 'console', line: 'run' });
      await send({ kind: 'watch-blocks', first: 0, count: 20, client: 1 });
      await send({ kind: 'watch-blocks', first: 3000, count: 20, client: 2 });
      const sent = lanes().length;
      // Tab 1 reports again what it shows (as a view does after each snapshot it lacks): nothing is sent back.
      await send({ kind: 'watch-blocks', first: 0, count: 20, client: 1 });
      expect(lanes()).toHaveLength(sent);
      let snap = lanes().pop()!.snapshot!;
      expect(snap.ranges).toEqual([{ first: 0, count: 20 }, { first: 3000, count: 20 }]);
      const words = snapshotWords(snap);
      expect(words).toHaveLength(40 * 2 * WARP_WORDS);
      // Block 0's warp 0 stopped at the store: lanes 0 and 3 store, lane 1 sits the branch out; block 3000 has not started.
      expect([0, 1, 3].map((l) => laneState(words, 0, l, 32))).toEqual(['active', 'divergent', 'active']);
      expect(laneState(words, detailIndex(snap.ranges, 3000) * 2 * WARP_WORDS, 0, 32)).toBe('unstarted');
      await send({ kind: 'watch-blocks', first: 0, count: 0, client: 1 });
      snap = lanes().pop()!.snapshot!;
      expect(snap.ranges).toEqual([{ first: 3000, count: 20 }]);
    } finally {
      s.close();
    }
  });
});
