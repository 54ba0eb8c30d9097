import { afterAll, describe, expect, it } from 'vitest';
import { DebugSession } from '../../../src/debug/session.js';

/* Tab completion in the REPL: commands, their sub-commands, then the program's names. */

describe('completion', () => {
  const s = DebugSession.replay({ out: () => undefined }, 'traces/avgfilter.trace');
  if (typeof s === 'string') throw new Error(s);
  // Closing lets SQLite fold its -wal/-shm files back into the demo trace.
  afterAll(() => s.close());

  it('completes commands, info and cuda sub-commands, and symbols', () => {
    expect(s.complete('rev')).toEqual(['reverse-continue', 'reverse-finish', 'reverse-next', 'reverse-step', 'reverse-stepi']);
    expect(s.complete('info lo')).toEqual(['locals']);
    expect(s.complete('info cuda la')).toEqual(['lanes', 'launch']);
    expect(s.complete('info cuda threads bl')).toEqual(['block']);
    expect(s.complete('info cuda lanes warp 2 l')).toEqual(['lane']);
    expect(s.complete('info cuda launch t')).toEqual(['trace']);
    expect(s.complete('set scheduler r')).toEqual(['random', 'round-robin']);
    expect(s.complete('print Ad')).toEqual(['Ads']);
    expect(s.complete('break Aver')).toEqual(['AverageShared']);
  });
});
