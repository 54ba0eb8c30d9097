import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serve, openPage, shots, servedFolder, withBrowser, runToLine, typeCommand } from './serve-helpers.js';
import { placeLabel } from '../../src/renderer/src/timeline/axis-labels.js';

/*
 * The Timeline's axis labels stay readable under its cursor: at step 0 the cursor stands on the
 * axis's first tick, where its line and handle crossed the "0 µs" label; the label moves beside it.
 */

const dir = servedFolder('ws-timeline-axis-', ['traces/avgfilter.trace']);
let browser: Browser;
withBrowser((b) => (browser = b));

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the timeline axis under the cursor', () => {
  it('places a label the cursor would cross beside it, on the side with room', () => {
    // Away from the cursor a label stays where its tick wants it.
    expect(placeLabel({ x: 200, anchor: 'middle' }, 24, 100, 78, 600)).toEqual({ x: 200, anchor: 'middle' });
    expect(placeLabel({ x: 78, anchor: 'start' }, 24, null, 78, 600)).toEqual({ x: 78, anchor: 'start' });
    // The cursor on the first tick: "0 µs" reads right of it.
    expect(placeLabel({ x: 78, anchor: 'start' }, 24, 78, 78, 600)).toEqual({ x: 86, anchor: 'start' });
    // The cursor on the last tick: no room on the right, so left of it.
    expect(placeLabel({ x: 600, anchor: 'end' }, 30, 600, 78, 600)).toEqual({ x: 592, anchor: 'end' });
  });

  it('shows "0 µs" clear of the cursor at step 0', async () => {
    const s = await serve('avgfilter.trace', dir);
    const { page, errors } = await openPage(browser, s.url);
    try {
      await runToLine(page, 27, 'Breakpoint 1 at AverageShared');
      await page.locator('.xterm').click();
      await typeCommand(page, 'goto 0');
      const slider = page.getByRole('slider', { name: 'Trace position' });
      await expect.poll(async () => slider.getAttribute('aria-valuenow')).toBe('0');
      const zero = page.locator('section[aria-label="Timeline"] text.axis', { hasText: /^0(\.0)? µs$/ });
      const label = (await zero.boundingBox())!;
      const line = (await page.locator('section[aria-label="Timeline"] .cursor line').boundingBox())!;
      const handle = (await page.locator('section[aria-label="Timeline"] .cursor .handle').boundingBox())!;
      await page.locator('section[aria-label="Timeline"]').screenshot({ path: join(shots, 'timeline-axis-cursor-step0.png') });
      expect(overlap(label, line)).toBe(false);
      expect(overlap(label, handle)).toBe(false);
      // It still reads next to the axis's start, right of the cursor.
      expect(label.x).toBeGreaterThan(handle.x + handle.width);
      expect(label.x - (handle.x + handle.width)).toBeLessThan(10);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await s.stop();
    }
  }, 60_000);
});
