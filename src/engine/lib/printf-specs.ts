/*
 * The conversion specifications of a printf format, as the checker (argument types) and the
 * device printf's buffer model (what each conversion reads) both need them.
 */

/** One conversion: `%` at `start`, whether its width and precision are `*`, its length modifier and conversion letter. */
export interface PrintfSpec {
  readonly start: number;
  readonly starWidth: boolean;
  readonly starPrec: boolean;
  readonly len: string;
  readonly conv: string;
}

/** The conversions of `format` in order (`%%` excluded). */
export function printfSpecs(format: string): PrintfSpec[] {
  const out: PrintfSpec[] = [];
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    const start = i++;
    if (format[i] === '%') continue;
    while (i < format.length && "-+ #0'I".includes(format[i]!)) i++;
    const starWidth = format[i] === '*';
    if (starWidth) i++;
    else while (i < format.length && format[i]! >= '0' && format[i]! <= '9') i++;
    let starPrec = false;
    if (format[i] === '.') {
      i++;
      starPrec = format[i] === '*';
      if (starPrec) i++;
      else while (i < format.length && format[i]! >= '0' && format[i]! <= '9') i++;
    }
    let len = '';
    while (i < format.length && 'hlLqjzt'.includes(format[i]!)) len += format[i++];
    out.push({ start, starWidth, starPrec, len, conv: format[i] ?? '' });
  }
  return out;
}
