/*
 * The console's line editing, as a terminal's readline does it: typing, left/right, Home/End,
 * backspace, history with up/down, Tab completion and Ctrl-C. It turns what xterm.js reports
 * (keys as terminal input sequences) into text to echo and actions for the session.
 */

/** What a key asks of the session. */
export type EditorAction = { readonly kind: 'submit'; readonly line: string } | { readonly kind: 'complete'; readonly line: string } | { readonly kind: 'interrupt' };

/** The result of some input: terminal text to write, and actions. */
export interface EditorOutput {
  readonly echo: string;
  readonly actions: readonly EditorAction[];
}

export const PROMPT = '(warpscope) ';

/** A line being edited, with its history. */
export class LineEditor {
  private buffer = '';
  private cursor = 0;
  private readonly history: string[] = [];
  /** Position in history while browsing (history.length: the line being typed). */
  private index = 0;
  private draft = '';
  /** What the input row starts with: the debugger's prompt, or a question of gdb's waiting for its answer. */
  prompt = PROMPT;
  /** The terminal's width: a line longer than it wraps onto more rows, which a redraw must clear too. */
  columns = 80;
  /** The row of the input (0: the prompt's) where the terminal cursor stands after the last redraw. */
  private row = 0;

  /** The current input line. */
  get line(): string {
    return this.buffer;
  }

  /** The prompt and the line in place of what was drawn of them, with the terminal cursor where the editing cursor is. */
  render(): string {
    const cols = Math.max(1, this.columns);
    const end = this.prompt.length + this.buffer.length;
    let out = `${this.clear()}${this.prompt}${this.buffer}`;
    // A line that fills its last row exactly leaves the cursor waiting to wrap: put it at the next row's start.
    if (end % cols === 0) out += '\r\n';
    const at = this.prompt.length + this.cursor;
    const up = Math.floor(end / cols) - Math.floor(at / cols);
    // On the line's last row the cursor goes back along it; on an earlier row, up and across from its start.
    if (up === 0 && end > at) out += `\x1b[${end - at}D`;
    else if (up > 0) out += `\x1b[${up}A\r${at % cols > 0 ? `\x1b[${at % cols}C` : ''}`;
    this.row = Math.floor(at / cols);
    return out;
  }

  /** Erases the prompt and the line from every row they were drawn on, leaving the cursor at their start. */
  clear(): string {
    const up = this.row > 0 ? `\x1b[${this.row}A` : '';
    this.row = 0;
    return `${up}\r\x1b[J`;
  }

  /** The line drawn again with the cursor after its end, then `text` below it: the input stays on screen above. */
  private below(text: string): string {
    this.cursor = this.buffer.length;
    const out = this.render() + text;
    this.row = 0;
    return out;
  }

  /** Handles terminal input (one key, or pasted text). */
  input(data: string): EditorOutput {
    const actions: EditorAction[] = [];
    let echo = '';
    const seqs = data.match(/\x1b\[[0-9;]*[A-Za-z~]|\x1bO[A-Za-z]|[\s\S]/g) ?? [];
    for (const k of seqs) {
      if (k === '\r' || k === '\n') {
        // An answer to a question is no command to recall, as readline keeps it out of gdb's history.
        const command = this.prompt === PROMPT;
        const line = this.buffer.trim() === '' && command ? (this.history[this.history.length - 1] ?? '') : this.buffer;
        if (command && this.buffer.trim() !== '' && this.history[this.history.length - 1] !== this.buffer) this.history.push(this.buffer);
        this.index = this.history.length;
        this.buffer = '';
        this.cursor = 0;
        // The line leaves the input rows: the session echoes it back as the command it ran.
        echo += this.clear();
        actions.push({ kind: 'submit', line });
        continue;
      }
      if (k === '\x03') {
        echo += this.below('^C\r\n');
        this.buffer = '';
        this.cursor = 0;
        actions.push({ kind: 'interrupt' });
        echo += this.render();
        continue;
      }
      if (k === '\t') {
        actions.push({ kind: 'complete', line: this.buffer });
        continue;
      }
      if (k === '\x7f' || k === '\b') {
        if (this.cursor > 0) {
          this.buffer = this.buffer.slice(0, this.cursor - 1) + this.buffer.slice(this.cursor);
          this.cursor--;
        }
      } else if (k === '\x1b[3~') this.buffer = this.buffer.slice(0, this.cursor) + this.buffer.slice(this.cursor + 1);
      else if (k === '\x1b[A' || k === '\x1bOA') this.browse(-1);
      else if (k === '\x1b[B' || k === '\x1bOB') this.browse(1);
      else if (k === '\x1b[C' || k === '\x1bOC') this.cursor = Math.min(this.buffer.length, this.cursor + 1);
      else if (k === '\x1b[D' || k === '\x1bOD') this.cursor = Math.max(0, this.cursor - 1);
      else if (k === '\x1b[H' || k === '\x1bOH' || k === '\x01') this.cursor = 0;
      else if (k === '\x1b[F' || k === '\x1bOF' || k === '\x05') this.cursor = this.buffer.length;
      else if (k === '\x15') {
        this.buffer = this.buffer.slice(this.cursor);
        this.cursor = 0;
      } else if (k.length === 1 && k >= ' ') {
        this.buffer = this.buffer.slice(0, this.cursor) + k + this.buffer.slice(this.cursor);
        this.cursor++;
      } else continue;
      echo += this.render();
    }
    return { echo, actions };
  }

  /** Applies completions of `line` (what the session answered for Tab): the text to write. */
  complete(line: string, words: readonly string[]): string {
    if (line !== this.buffer || words.length === 0) return '';
    const last = /\S*$/.exec(line)![0];
    const common = words.reduce((a, w) => {
      let n = 0;
      while (n < a.length && a[n] === w[n]) n++;
      return a.slice(0, n);
    });
    const head = line.slice(0, line.length - last.length);
    let listing = '';
    // A file completed for a location keeps the cursor at its colon, for the line number (as gdb does).
    if (words.length === 1) this.buffer = head + words[0] + (words[0]!.endsWith(':') ? '' : ' ');
    else if (common.length > last.length) this.buffer = head + common;
    else listing = this.below('\r\n' + words.join('  ') + '\r\n');
    this.cursor = this.buffer.length;
    return listing + this.render();
  }

  private browse(dir: number): void {
    const next = this.index + dir;
    if (next < 0 || next > this.history.length) return;
    if (this.index === this.history.length) this.draft = this.buffer;
    this.index = next;
    this.buffer = next === this.history.length ? this.draft : this.history[next]!;
    this.cursor = this.buffer.length;
  }
}
