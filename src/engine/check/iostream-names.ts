import type { SourceLoc } from '../front/token.js';
import { unsupported } from '../front/diag.js';

/*
 * The names <iostream> and <iomanip> declare in std, as the checker sees them: the three
 * output streams and the manipulators Warpscope runs (check/iostream.ts lowers
 * `std::cout << ...` to them), and the rest of the stream library, which is named as
 * unsupported wherever it is used rather than reported as undeclared.
 */

/** The output streams, by the number the runtime's `ostream.*` built-ins take (runtime/iostream-api.ts). */
export const OSTREAM_IDS: Readonly<Record<string, number>> = { cout: 1, cerr: 2, clog: 3 };

/** Manipulators taking no argument, as `std::cout << std::endl` uses them (each is a built-in `ostream.NAME`). */
export const PLAIN_MANIPULATORS: ReadonlySet<string> = new Set([
  'endl', 'flush', 'fixed', 'scientific', 'defaultfloat', 'hexfloat', 'hex', 'dec', 'oct', 'left', 'right', 'internal', 'boolalpha', 'noboolalpha',
  'showpos', 'noshowpos', 'showbase', 'noshowbase', 'showpoint', 'noshowpoint', 'uppercase', 'nouppercase',
]);

/** <iomanip>'s manipulators taking one argument (`std::setw(8)`), with that argument's kind. */
export const ARG_MANIPULATORS: ReadonlyMap<string, 'int' | 'char'> = new Map([['setw', 'int'], ['setprecision', 'int'], ['setfill', 'char'], ['setbase', 'int']]);

/** What <iostream> declares (through <ostream>, <ios> and the <string> it includes) that Warpscope does not offer. */
const IOSTREAM_OTHERS = [
  'cin', 'wcin', 'wcout', 'wcerr', 'wclog', 'string', 'wstring', 'ostream', 'istream', 'iostream', 'ios', 'ios_base', 'streambuf', 'basic_ostream', 'basic_istream',
  'basic_string', 'ends', 'ws', 'unitbuf', 'nounitbuf', 'skipws', 'noskipws', 'getline', 'to_string', 'stoi', 'stol', 'stoll', 'stoul', 'stoull', 'stof', 'stod', 'streamsize',
];
const IOMANIP_OTHERS = ['setiosflags', 'resetiosflags', 'put_time', 'get_time', 'put_money', 'get_money', 'quoted'];

/** Stream-library names the parser must read as types (`std::string s;`, `void f(std::ostream &os)`), so the checker can name them as unsupported. */
export const iostreamTypeNames: readonly string[] = ['string', 'wstring', 'ostream', 'istream', 'iostream', 'ios', 'ios_base', 'streambuf', 'streamsize'].map((n) => `std::${n}`);

/** A stream-library name: `name` is what follows `std::` (`cout`, `setw`, `ios::sync_with_stdio`). */
export interface IosSym {
  readonly k: 'ios';
  readonly name: string;
}

/** The std members the included headers declare ('iostream', 'iomanip' in TranslationUnit.headers). */
export function iostreamMembers(headers: ReadonlySet<string>): [string, IosSym][] {
  const names: string[] = [];
  if (headers.has('iostream')) names.push(...Object.keys(OSTREAM_IDS), ...PLAIN_MANIPULATORS, ...IOSTREAM_OTHERS);
  if (headers.has('iomanip')) names.push(...ARG_MANIPULATORS.keys(), ...IOMANIP_OTHERS);
  return names.map((n) => [n, { k: 'ios', name: n }]);
}

/** For a stream-library name used without the header that declares it (`std::setw` without <iomanip>): clang's message and the header to include; else null. */
export function missingHeaderMessage(headers: ReadonlySet<string>, name: string): string | null {
  const short = name.replace(/^(::)?std::/, '');
  const header = ARG_MANIPULATORS.has(short) || IOMANIP_OTHERS.includes(short) ? 'iomanip' : isOstream(short) || PLAIN_MANIPULATORS.has(short) || IOSTREAM_OTHERS.includes(short) ? 'iostream' : null;
  if (header === null || headers.has(header)) return null;
  // Unqualified, only names no program would mean otherwise (a variable `left` is just undeclared).
  if (short === name && !isOstream(name) && name !== 'endl' && !ARG_MANIPULATORS.has(name)) return null;
  return `${short === name ? `use of undeclared identifier '${name}'` : `no member named '${short}' in namespace 'std'`}; include <${header}> to use 'std::${short}'`;
}

/** True for cout, cerr and clog. */
export function isOstream(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(OSTREAM_IDS, name);
}

/** Rejects a stream-library name used anywhere `std::cout << ...` does not give it meaning, naming it as unsupported. */
export function iosNameError(name: string, loc: SourceLoc): never {
  if (isOstream(name)) unsupported(loc, `'std::${name}' other than as the left operand of '<<'`);
  if (PLAIN_MANIPULATORS.has(name) || ARG_MANIPULATORS.has(name)) unsupported(loc, `'std::${name}' other than in an output expression ('std::cout << std::${name}')`);
  if (name === 'cin' || name === 'wcin') unsupported(loc, `'std::${name}' (input streams)`);
  unsupported(loc, `'std::${name}'`);
}
