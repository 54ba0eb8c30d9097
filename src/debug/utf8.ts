/**
 * `text` as the byte string (char codes 0..255) of its UTF-8 encoding. The CLI writes the
 * program's output byte for byte (latin1), but diagnostics are Unicode text: a source line with
 * a curly quote or an accented letter, pasted from slides, must reach the terminal as UTF-8,
 * not as the low bytes of its code units.
 */
export function utf8Bytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}
