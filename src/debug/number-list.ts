/*
 * The number lists of delete, disable, enable and undisplay ("1 3-5"), read as gdb's
 * number_or_range_parser reads them: a word that is no number is reported and skipped, never
 * taken for "no argument" (which would mean every breakpoint).
 */

/** One word of a number list: numbers (a range gives each), a word that is none, or a negative number. */
export type ListItem =
  | { readonly kind: 'numbers'; readonly nums: readonly number[] }
  | { readonly kind: 'bad'; readonly word: string; readonly rest: string }
  | { readonly kind: 'negative'; readonly word: string };

/** A range longer than this is refused (gdb would walk it number by number). */
const MAX_RANGE = 10_000;

/** The words of `args` in order; a string is gdb's message for an inverted or overlong range. */
export function numberList(args: string): ListItem[] | string {
  const items: ListItem[] = [];
  for (const m of args.matchAll(/\S+/g)) {
    const word = m[0];
    const range = /^(\d+)-(\d+)$/.exec(word);
    if (/^\d+$/.test(word)) items.push({ kind: 'numbers', nums: [Number(word)] });
    else if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (to < from) return 'inverted range';
      if (to - from >= MAX_RANGE) return `Range ${word} is too long.`;
      items.push({ kind: 'numbers', nums: Array.from({ length: to - from + 1 }, (_, i) => from + i) });
    } else if (/^-\d/.test(word)) items.push({ kind: 'negative', word });
    else items.push({ kind: 'bad', word, rest: args.slice(m.index) });
  }
  return items;
}
