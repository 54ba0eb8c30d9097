/** A position in a source file: 1-based line and column, as compilers print them. */
export interface SourceLoc {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** The token classes the preprocessor hands to the parser. */
export type TokenKind =
  | 'ident' // identifiers and keywords alike: the parser decides which names are keywords
  | 'int' // integer literal, text kept as written (suffixes included)
  | 'float' // floating literal, text kept as written (suffixes included)
  | 'char' // character literal, text kept as written with quotes
  | 'string' // string literal, text kept as written with quotes (adjacent literals are NOT merged here)
  | 'punct' // operators and punctuators, longest match: '<<=', '->', '::', '...', '##' etc.
  | 'eof';

/** One preprocessed token. `loc` is where it was written; for a token produced by macro expansion, `loc` is the macro use site. */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly loc: SourceLoc;
  /** True when whitespace or a line break preceded this token (needed for stringizing and `<<<` vs `< <`). */
  readonly spaceBefore: boolean;
}
