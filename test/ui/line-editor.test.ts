import { describe, expect, it } from 'vitest';
import { LineEditor } from '../../src/renderer/src/console/line-editor.js';

/* The browser console's Tab completion of a location, as gdb's readline completes it. */

describe('the console line editor completing a location', () => {
  it('stops a file at its colon, for the line number to follow', () => {
    const e = new LineEditor();
    e.input('break avg');
    e.complete('break avg', ['avgfilter.cu:']);
    expect(e.line).toBe('break avgfilter.cu:');
    // A function is a whole argument: a space follows it.
    const f = new LineEditor();
    f.input('break Aver');
    f.complete('break Aver', ['AverageShared']);
    expect(f.line).toBe('break AverageShared ');
  });
});
