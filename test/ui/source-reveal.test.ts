import { describe, expect, it } from 'vitest';
import { revealScrollTop, wasShown } from '../../src/renderer/src/source/reveal.js';

/*
 * Where the Source panel scrolls to show a stop or a clicked diagnostic: lines of 19 pixels in a
 * view of 380 (20 lines).
 */

const H = 19;
const at = (line: number): { top: number; height: number } => ({ top: (line - 1) * H, height: H });

describe('revealing a source line', () => {
  it('leaves a line with three lines of context each side where it is', () => {
    expect(revealScrollTop({ top: 0, height: 380 }, at(4))).toBeNull();
    expect(revealScrollTop({ top: 0, height: 380 }, at(17))).toBeNull();
  });

  it('centres a line below the view, at its bottom edge, or without context under it', () => {
    const centred = 47 * H - 1 * H - (380 - H) / 2;
    expect(revealScrollTop({ top: 0, height: 380 }, at(47))).toBe(Math.round(centred));
    // Line 20 is the view's last: no context below it.
    expect(revealScrollTop({ top: 0, height: 380 }, at(20))).toBe(Math.round(19 * H - (380 - H) / 2));
    expect(revealScrollTop({ top: 0, height: 380 }, at(18))).not.toBeNull();
  });

  it('centres a line above the view, never scrolling above the first line', () => {
    expect(revealScrollTop({ top: 40 * H, height: 380 }, at(30))).toBe(Math.round(29 * H - (380 - H) / 2));
    expect(revealScrollTop({ top: 10 * H, height: 380 }, at(2))).toBe(0);
  });

  it('keeps less context in a view a few lines high, and a centred line stays put', () => {
    const view = { top: 0, height: 3 * H };
    const top = revealScrollTop(view, at(10))!;
    expect(revealScrollTop({ top, height: view.height }, at(10))).toBeNull();
  });

  it('tells whether a line showed in the view before it changed size', () => {
    expect(wasShown({ top: 0, height: 380 }, at(20))).toBe(true);
    expect(wasShown({ top: 0, height: 380 }, at(21))).toBe(false);
    expect(wasShown({ top: 5 * H, height: 380 }, at(5))).toBe(false);
  });
});
