import { describe, expect, it } from 'vitest';
import { breakpointMarks } from '../../src/renderer/src/source/breakpoint-marks.js';
import type { BreakpointView } from '../../src/protocol/messages.js';

/* The Source gutter's breakpoint dots: which line, which breakpoint, and whether it can stop the program. */

const bp = (num: number, line: number, more: Partial<BreakpointView> = {}): BreakpointView => ({ num, file: 'a.cu', line, enabled: true, condition: null, temporary: false, ...more });

describe('breakpoint marks', () => {
  it('greys a line whose breakpoints are all disabled, and says so in its tooltip', () => {
    const marks = breakpointMarks([bp(1, 7), bp(2, 10, { enabled: false }), bp(3, 20, { condition: 'i == 3' }), bp(4, 99, { file: 'b.cu' })], 'a.cu');
    expect([...marks.keys()]).toEqual([7, 10, 20]);
    expect(marks.get(7)).toMatchObject({ enabled: true, conditional: false, title: 'Breakpoint 1: click to clear, right-click to edit its condition' });
    expect(marks.get(10)).toMatchObject({ enabled: false, title: 'Breakpoint 2 (disabled): click to clear, right-click to edit its condition' });
    expect(marks.get(20)).toMatchObject({ enabled: true, conditional: true, title: 'Breakpoint 3 if i == 3: click to clear, right-click to edit its condition' });
  });

  it('names a classroom viewer\'s marks the presenter\'s, offering no click', () => {
    const marks = breakpointMarks([bp(1, 7), bp(2, 10, { condition: 'i == 3' })], 'a.cu', true);
    expect(marks.get(7)?.title).toBe("Breakpoint 1: the presenter's");
    expect(marks.get(10)?.title).toBe("Breakpoint 2 if i == 3: the presenter's");
  });

  it('names a tbreak a temporary breakpoint, as gdb does', () => {
    const marks = breakpointMarks([bp(2, 32, { temporary: true }), bp(3, 40, { temporary: true, condition: 'i == 3' })], 'a.cu');
    expect(marks.get(32)?.title).toBe('Temporary breakpoint 2: click to clear, right-click to edit its condition');
    expect(marks.get(40)?.title).toBe('Temporary breakpoint 3 if i == 3: click to clear, right-click to edit its condition');
  });

  it('keeps a line with one enabled breakpoint among disabled ones live, and edits its first one', () => {
    const marks = breakpointMarks([bp(5, 7, { enabled: false }), bp(2, 7, { enabled: false, condition: 'j > 0' }), bp(9, 7)], 'a.cu');
    expect(marks.get(7)).toMatchObject({ enabled: true, conditional: true, first: { num: 2 } });
  });
});
