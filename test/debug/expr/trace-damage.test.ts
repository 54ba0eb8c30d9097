import { describe, expect, it } from 'vitest';
import type { Place } from '../../../src/debug/expr/context.js';
import { TraceDamage } from '../../../src/trace/damage.js';
import { fakeContext } from './fake-context.js';
import { p } from './helpers.js';

/*
 * A value read from a damaged part of a trace is no value at all: the damage reaches the session,
 * which says the trace is damaged, instead of printing "Internal error: ..." or `<error: ...>`
 * as if one expression had failed.
 */

/** The fake context, whose reads of `kind` places find a damaged checkpoint. */
function damagedReads(kind: Place['kind']): ReturnType<typeof fakeContext> {
  const ctx = fakeContext();
  const read = ctx.read.bind(ctx);
  ctx.read = (place: Place, size: number) => {
    if (place.kind === kind) throw new TraceDamage('the checkpoint at step 7 is damaged');
    return read(place, size);
  };
  return ctx;
}

describe('values read from a damaged trace', () => {
  it('evaluating throws the damage on', () => {
    expect(() => p('i', damagedReads('register'))).toThrow(TraceDamage);
  });

  it('formatting throws the damage on (a char pointer reads its string as it prints)', () => {
    expect(p('msg')).toMatch(/^0x[0-9a-f]+ "/);
    expect(() => p('msg', damagedReads('memory'))).toThrow(TraceDamage);
  });
});
