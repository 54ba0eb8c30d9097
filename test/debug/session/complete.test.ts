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

  it('completes a location with functions and files, as gdb does, never with variables', () => {
    expect(s.complete('break ')).toEqual(['AverageShared', 'avgfilter.cu:', 'main', 'print_row']);
    expect(s.complete('b av')).toEqual(['avgfilter.cu:']);
    expect(s.complete('tbreak examples/')).toEqual(['examples/avgfilter.cu:']);
    expect(s.complete('until ma')).toEqual(['main']);
    expect(s.complete('list pr')).toEqual(['print_row']);
    // A condition is an expression: the program's variables again.
    expect(s.complete('break 27 if it')).toEqual(['iters']);
  });

  it('never offers compiler temporaries', () => {
    const all = s.complete('print ');
    expect(all).toEqual(expect.arrayContaining(['Ads', 'IN', 'iters', 'main']));
    expect(all.filter((w) => w.startsWith('__'))).toEqual([]);
    expect(s.complete('print __')).toEqual([]);
    expect(s.complete('display __tmp')).toEqual([]);
  });
});
