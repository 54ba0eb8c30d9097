import { describe, expect, it } from 'vitest';
import { recordFile } from './record.js';

/*
 * A launch the runtime rejected (<<<0, 32>>>, a block of 1025 threads) is recorded with the
 * configuration it was given, which may hold no thread: its trace is whole, and opens.
 */

describe('a rejected launch', () => {
  it('with a grid of no blocks leaves a trace that opens', () => {
    const t = recordFile('examples/errors.cu');
    const launches = t.db.prepare('SELECT grid_x, outcome FROM launches').all() as { grid_x: number; outcome: string | null }[];
    expect(launches).toContainEqual({ grid_x: 0, outcome: 'rejected 1' });
    t.close();
  });
});
