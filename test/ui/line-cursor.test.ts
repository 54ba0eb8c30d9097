import { describe, expect, it } from 'vitest';
import { cursorText, lineForKey, pageLines } from '../../src/renderer/src/source/line-cursor.js';

/* The Source view's cursor line from the keyboard: where each key takes it, within the file. */

describe('the Source cursor line', () => {
  it('moves a line, a screenful or to an end, and stays within the file', () => {
    expect(lineForKey('ArrowDown', 1, 70, 20)).toBe(2);
    expect(lineForKey('ArrowUp', 1, 70, 20)).toBe(1);
    expect(lineForKey('PageDown', 60, 70, 20)).toBe(70);
    expect(lineForKey('PageUp', 15, 70, 20)).toBe(1);
    expect(lineForKey('End', 3, 70, 20)).toBe(70);
    expect(lineForKey('Home', 30, 70, 20)).toBe(1);
    expect(lineForKey('ArrowLeft', 30, 70, 20)).toBeNull();
  });

  it('pages a screenful less one line, at least one', () => {
    expect(pageLines(380, 19)).toBe(19);
    expect(pageLines(10, 19)).toBe(1);
  });

  it('tells a screen reader the line, its breakpoint, the stop and its code', () => {
    expect(cursorText(27, '    x = 1;', 'breakpoint 1', true)).toBe('Line 27, breakpoint 1, the program is stopped here: x = 1;');
    expect(cursorText(3, '  ', null, false)).toBe('Line 3: blank');
  });
});
