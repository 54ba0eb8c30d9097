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

/** A terminal screen as xterm.js keeps one, for the sequences an editor writes: text with wrapping, CR, LF, cursor up/right/left, erase below, erase the row. */
class Screen {
  readonly rows: string[][] = [[]];
  x = 0;
  y = 0;
  private wrap = false;
  constructor(private readonly cols: number) {}
  write(s: string): void {
    for (const m of s.match(/\x1b\[\d*[A-Za-z]|[\s\S]/g) ?? []) {
      const csi = /^\x1b\[(\d*)([A-Za-z])$/.exec(m);
      if (csi) {
        const n = Number(csi[1] || 1);
        this.wrap = false;
        if (csi[2] === 'A') this.y = Math.max(0, this.y - n);
        else if (csi[2] === 'C') this.x = Math.min(this.cols - 1, this.x + n);
        else if (csi[2] === 'D') this.x = Math.max(0, this.x - n);
        else if (csi[2] === 'J') this.rows.splice(this.y + 1), (this.rows[this.y] = this.rows[this.y]!.slice(0, this.x));
        else if (csi[2] === 'K' && csi[1] === '2') this.rows[this.y] = [];
        continue;
      }
      if (m === '\r') (this.x = 0), (this.wrap = false);
      else if (m === '\n') this.down();
      else {
        // A character written at the last column leaves the cursor there until the next one wraps it.
        if (this.wrap) (this.x = 0), this.down();
        (this.rows[this.y] ??= [])[this.x] = m;
        if (this.x === this.cols - 1) this.wrap = true;
        else this.x++;
      }
    }
  }
  private down(): void {
    this.wrap = false;
    this.y++;
    this.rows[this.y] ??= [];
  }
  text(): string[] {
    return this.rows.map((r) => Array.from(r, (c) => c ?? ' ').join('').trimEnd());
  }
}

describe('the console line editor with a line longer than the terminal is wide', () => {
  it('redraws every row the line wraps onto, leaving no stale rows, and keeps the cursor on its character', () => {
    const e = new LineEditor();
    e.columns = 20;
    const screen = new Screen(20);
    screen.write(e.render());
    // 12 + 28 characters: the line fills its second row exactly, so the cursor waits at the third.
    const typed = 'print Ads[0]@16 + Bds[10]@16';
    for (const ch of typed) screen.write(e.input(ch).echo);
    expect(screen.text()).toEqual(['(warpscope) print Ad', 's[0]@16 + Bds[10]@16', '']);
    expect([screen.x, screen.y]).toEqual([0, 2]);
    // Backspace back over a row boundary: the third row goes, the second shrinks.
    for (let i = 0; i < 10; i++) screen.write(e.input('\x7f').echo);
    expect(screen.text()).toEqual(['(warpscope) print Ad', 's[0]@16 +']);
    expect([screen.x, screen.y]).toEqual([10, 1]);
    // Left into the first row, then a character typed there pushes the rest along.
    for (let i = 0; i < 11; i++) screen.write(e.input('\x1b[D').echo);
    expect([screen.x, screen.y]).toEqual([19, 0]);
    screen.write(e.input('X').echo);
    expect(screen.text()).toEqual(['(warpscope) print AX', 'ds[0]@16 +']);
    expect([screen.x, screen.y]).toEqual([0, 1]);
    // Enter clears every row of the input: the session echoes the command in its place.
    const done = e.input('\r');
    screen.write(done.echo);
    expect(done.actions).toEqual([{ kind: 'submit', line: 'print AXds[0]@16 + ' }]);
    expect(screen.text()).toEqual(['']);
    expect([screen.x, screen.y]).toEqual([0, 0]);
  });
});
