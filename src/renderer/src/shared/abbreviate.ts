/*
 * Values shortened to fit a bank table cell: 32 banks share a panel a third of a window wide,
 * so a cell holds a few characters. A number keeps as many significant digits as fit (with k/M/G
 * for large ones, an exponent for tiny ones); anything else is cut with an ellipsis. The cell's
 * tooltip always carries the full text.
 */

/** SI prefixes for 10^3 .. 10^18, as large values are shortened (1000003 -> 1M). */
const SI = ['k', 'M', 'G', 'T', 'P', 'E'];

/** A number as print writes it (C's or JS's spelling), or null when `text` is not one. */
function parseNumber(text: string): number | null {
  if (/^-?(inf|Infinity)$/.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const v = Number(text);
  return Number.isFinite(v) ? v : null;
}

/** Spellings of `v` rounded to `p` significant digits, most familiar first. */
function spellings(v: number, p: number): string[] {
  const r = Number(v.toPrecision(p));
  const plain = String(r);
  const out = [plain];
  const a = Math.abs(r);
  if (a >= 1000) {
    const u = Math.min(SI.length, Math.floor(Math.log10(a) / 3));
    out.push(`${Number((r / 10 ** (3 * u)).toPrecision(p))}${SI[u - 1]}`);
  }
  // 0.25 -> .25 when a character is short.
  if (/^-?0\./.test(plain)) out.push(plain.replace('0.', '.'));
  const [m, e] = r.toExponential(Math.max(0, p - 1)).split('e') as [string, string];
  out.push(`${m.includes('.') ? m.replace(/\.?0+$/, '') : m}e${e.replace('+', '')}`);
  return out;
}

/** A number in at most `n` characters with the most significant digits that fit, or null. */
function fitNumber(v: number, n: number): string | null {
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '-∞';
  for (let p = 17; p >= 1; p--) for (const s of spellings(v, p)) if (s.length <= n) return s;
  return null;
}

/** `text` cut to `n` characters, the last an ellipsis. */
function cut(text: string, n: number): string {
  return n <= 1 ? '…' : `${text.slice(0, n - 1)}…`;
}

/** A cell's value in at most `n` characters (its full text when it fits). */
export function fitValue(text: string, n: number): string {
  if (text.length <= n) return text;
  // Bytes and shorts share a word: booleans shrink to letters, anything else is cut.
  if (/^(true|false)( (true|false))+$/.test(text)) return fitValue(text.split(' ').map((b) => (b === 'true' ? 'T' : 'F')).join(''), n);
  const hex = /^0x0*([0-9a-f]+)$/i.exec(text);
  // A raw word or a pointer: its low digits tell neighbours apart.
  if (hex) return hex[1]!.length <= n ? hex[1]! : `…${hex[1]!.slice(-(n - 1))}`;
  const v = parseNumber(text);
  return (v === null ? null : fitNumber(v, n)) ?? cut(text, n);
}

/** The lanes that touched a word, in at most `n` characters: `L5`, `L5 L6`, `7 lanes`, `7L`. */
export function fitLanes(lanes: readonly number[], n: number): string {
  if (lanes.length === 0) return '';
  const k = lanes.length;
  if (k === 1) return `L${lanes[0]}`;
  const options = [...(k === 2 ? [lanes.map((l) => `L${l}`).join(' ')] : []), `${k} lanes`, `${k}L`];
  return options.find((o) => o.length <= n) ?? options[options.length - 1]!;
}
