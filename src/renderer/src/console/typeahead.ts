/*
 * What is typed in the console while a command runs, kept as a terminal keeps typeahead: each
 * line goes to the line editor once the prompt is back, one line per prompt (the next waits for
 * the command the line before it runs), so a student typing ahead loses nothing.
 */

/** Console input typed while busy. */
export class Typeahead {
  private pending = '';

  /** Keeps `data` (keys as terminal input sequences) for the next prompt. */
  push(data: string): void {
    this.pending += data;
  }

  /** Forgets what was typed (Ctrl-C interrupts the command it was typed behind). */
  clear(): void {
    this.pending = '';
  }

  /** The input for the prompt now: up to and with the first Enter, or all of it; the rest waits. */
  next(): string {
    const end = this.pending.search(/[\r\n]/);
    const now = end < 0 ? this.pending : this.pending.slice(0, end + 1);
    this.pending = this.pending.slice(now.length);
    return now;
  }
}
