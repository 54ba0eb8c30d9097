import type { DebugSession } from './session.js';

/*
 * gdb's yes-or-no questions (its query): kill, quit with the program running, delete with no
 * numbers. Put to a person at a terminal, the next line typed answers it; from a command file,
 * piped input or a button, gdb answers yes itself and says so.
 */

/** A question waiting for the next line typed. */
export interface Question {
  /** The question as asked, without `(y or n) `. */
  readonly text: string;
  readonly yes: () => void | Promise<void>;
  readonly no: () => void;
}

/** `Not confirmed.`: what kill and quit say to a no (gdb's error after its query). */
export const notConfirmed = (s: DebugSession): void => s.say('Not confirmed.');

/** Asks `text`: at a terminal the next line answers it; otherwise gdb's own yes is printed and `yes` runs now. */
export async function confirm(s: DebugSession, text: string, yes: () => void | Promise<void>, no: () => void): Promise<void> {
  // `set confirm off`: gdb takes yes without asking or printing anything.
  if (!s.confirmOn) return yes();
  if (s.io.terminal) {
    s.write(`${text}(y or n) `);
    s.question = { text, yes, no };
    return;
  }
  s.say(`${text}(y or n) [answered Y; input not from terminal]`);
  await yes();
}

/** Takes `line` as the answer to the question asked: y or n by its first letter, anything else asks again. */
export async function answer(s: DebugSession, q: Question, line: string): Promise<void> {
  const c = line.trim().charAt(0).toLowerCase();
  if (c !== 'y' && c !== 'n') return s.write(`Please answer y or n.\n${q.text}(y or n) `);
  s.question = null;
  await (c === 'y' ? q.yes() : q.no());
}

/** The end of input at a question (Ctrl-D): gdb takes yes and says so. */
export async function answerAtEnd(s: DebugSession): Promise<void> {
  const q = s.question;
  if (!q) return;
  s.question = null;
  s.say('EOF [answered Y; input not from terminal]');
  await q.yes();
}

/** The last line of the pending question as a terminal's prompt shows it; null when none is asked. */
export function questionPrompt(s: DebugSession): string | null {
  return s.question ? `${s.question.text.split('\n').pop()!}(y or n) ` : null;
}
