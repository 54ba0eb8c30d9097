/*
 * A program dropped on a browser page lives in its own folder under the served folder's
 * .warpscope/dropped/, beside only the files dropped with it: the page never learns where a
 * dropped file came from, so its `#include "neighbour.h"` resolves only when the header was
 * dropped too. When one does not resolve, the compiler's error gets a note saying so.
 */

/** Where a browser host saves dropped files, relative to the folder it serves. */
export const DROPPED_DIR = '.warpscope/dropped';

/** The compiler's first line of a header it could not find: `FILE:LINE:COL: error: 'NAME' file not found`. */
const NOT_FOUND = /^(.+?):(\d+):(\d+): error: '([^']+)' file not found$/;
/** The first line of any diagnostic, or the count that ends them. */
const NEXT = /^(.+?):\d+:\d+: (error|warning|note): |^\d+ errors? generated\.$/;

/** Whether `path` (relative to the served folder, or absolute) was dropped on a page. */
export function isDropped(path: string): boolean {
  return new RegExp(`(^|/)${DROPPED_DIR.replace('.', '\\.')}/`).test(path.replace(/\\/g, '/'));
}

/** Compiler output `text` of program `path` with a note after each header it could not find, when the program was dropped. */
export function explainDroppedIncludes(path: string, text: string): string {
  if (!isDropped(path)) return text;
  const program = path.replace(/\\/g, '/').split('/').pop()!;
  const lines = text.split('\n');
  const out: string[] = [];
  let note: string | null = null;
  for (const [i, line] of lines.entries()) {
    // The note follows the error's source line and caret, before the next diagnostic.
    if (note !== null && NEXT.test(line)) {
      out.push(note);
      note = null;
    }
    const m = NOT_FOUND.exec(line);
    if (m) {
      const [, file, row, col, header] = m;
      const angle = lines[i + 1]?.includes(`<${header}>`) ?? false;
      note = angle
        ? `${file}:${row}:${col}: note: <${header}> is looked for only among the built-in headers; include it as "${header}" and drop it together with ${program}`
        : `${file}:${row}:${col}: note: ${program} was dropped on the page without '${header}': drop the headers it includes together with it, or open ${program} from the folder warpscope serve was started in`;
    }
    out.push(line);
  }
  if (note !== null) out.splice(out[out.length - 1] === '' ? out.length - 1 : out.length, 0, note);
  return out.join('\n');
}
