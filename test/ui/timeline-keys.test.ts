import { describe, expect, it } from 'vitest';
import { pageSteps, positionText, stepForKey } from '../../src/renderer/src/timeline/keys.js';
import type { TimelineBar } from '../../src/protocol/messages.js';

/* The Timeline cursor's keys, as a slider's and a media player's seek bar's, and what it says of its position. */

describe('timeline keys', () => {
  it('moves a step with the arrows, a tenth of the run with Page Up/Down and to the ends with Home/End', () => {
    expect(pageSteps(199)).toBe(20);
    expect(pageSteps(3)).toBe(1);
    expect(stepForKey('ArrowRight', 50, 199)).toBe(51);
    expect(stepForKey('ArrowUp', 50, 199)).toBe(51);
    expect(stepForKey('ArrowLeft', 50, 199)).toBe(49);
    expect(stepForKey('ArrowDown', 50, 199)).toBe(49);
    expect(stepForKey('PageUp', 50, 199)).toBe(70);
    expect(stepForKey('PageDown', 50, 199)).toBe(30);
    expect(stepForKey('Home', 50, 199)).toBe(0);
    expect(stepForKey('End', 50, 199)).toBe(199);
  });

  it('stays within the recording and leaves other keys alone', () => {
    expect(stepForKey('ArrowLeft', 0, 199)).toBe(0);
    expect(stepForKey('PageDown', 5, 199)).toBe(0);
    expect(stepForKey('ArrowRight', 199, 199)).toBe(199);
    expect(stepForKey('PageUp', 190, 199)).toBe(199);
    expect(stepForKey('a', 5, 199)).toBeNull();
    expect(stepForKey('Enter', 5, 199)).toBeNull();
  });

  it('names the kernel or the operation at the position for a screen reader', () => {
    const bar = (id: number, kind: TimelineBar['kind'], name: string, fromStep: number, toStep: number): TimelineBar => ({ id, stream: 0, kind, name, start: 0, end: 1, fromStep, toStep, launch: null });
    const bars = [bar(1, 'memcpy', 'memcpy HtoD', 10, 10), bar(2, 'kernel', 'AverageShared', 12, 40)];
    expect(positionText(20, '3.1 µs', bars)).toBe('step 20 · 3.1 µs · kernel AverageShared');
    expect(positionText(10, '1.0 µs', bars)).toBe('step 10 · 1.0 µs · memcpy HtoD');
    expect(positionText(5, '0.1 µs', bars)).toBe('step 5 · 0.1 µs');
  });
});
