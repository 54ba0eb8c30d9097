import { describe, expect, it } from 'vitest';
import { stringArgIndexes, toPrintfArgs } from '../../../src/engine/runtime/printf-args.js';
import { doubleType, intType, pointerTo, charType, longType } from '../../../src/engine/check/types.js';

describe('printf argument mapping', () => {
  it('finds %s conversions, counting * widths as arguments', () => {
    expect([...stringArgIndexes('%d %s %*s %.*s %% %ls')]).toEqual([1, 3, 5, 6]);
  });

  it('reads strings from memory and keeps other values typed', () => {
    const args = toPrintfArgs('%d %s %f %p %ld', [-3, 100, 1.5, 200, -7n], [intType, pointerTo(charType), doubleType, pointerTo(intType), longType], (a) => `str@${a}`);
    expect(args).toEqual([
      { kind: 'int', value: -3n },
      { kind: 'string', value: 'str@100' },
      { kind: 'double', value: 1.5 },
      { kind: 'pointer', value: 200n },
      { kind: 'int', value: -7n },
    ]);
  });

  it('passes a null %s as null so the formatter prints (null)', () => {
    expect(toPrintfArgs('%s', [0], [pointerTo(charType)], () => 'x')).toEqual([{ kind: 'string', value: null }]);
  });
});
