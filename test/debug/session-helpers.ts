import { readFileSync } from 'node:fs';

/* What the debugger's session tests give a DebugSession: a source host over the real files, and a console to read back. */

/** Reads a program's file as a live session's source host does; null when it cannot be read. */
export const readFile = (p: string): string | null => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return null;
  }
};

/** A session's console: everything printed since the last take(). */
export function capture(): { io: { out: (t: string) => void }; take: () => string } {
  let text = '';
  return {
    io: { out: (t) => void (text += t) },
    take: () => {
      const t = text;
      text = '';
      return t;
    },
  };
}
