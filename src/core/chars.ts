/**
 * The one table of ASCII character classes: each entry holds the flags of the classes
 * its character belongs to, so every "is this a token character / unreserved / a
 * variable-name character" question is one lookup.
 */
export const Chars = {
  /** RFC 5234 ALPHA. */
  ALPHA: 1,
  /** RFC 5234 DIGIT. */
  DIGIT: 2,
  /** RFC 3986 §2.3 unreserved, besides ALPHA and DIGIT: `-._~`. */
  UNRESERVED_MARK: 4,
  /** RFC 3986 §2.2 reserved: gen-delims and sub-delims. */
  RESERVED: 8,
  /** RFC 9110 §5.6.2 tchar, besides ALPHA and DIGIT. */
  TCHAR_MARK: 16,
  /** Hexadecimal digits A–F and a–f (with DIGIT, HEXDIG). */
  HEX_LETTER: 32,
  /** `_`, which variable names and `:name` placeholders take besides ALPHA and DIGIT. */
  UNDERSCORE: 64,
} as const;

export const UNRESERVED = Chars.ALPHA | Chars.DIGIT | Chars.UNRESERVED_MARK;
export const TCHAR = Chars.ALPHA | Chars.DIGIT | Chars.TCHAR_MARK;
export const WORD = Chars.ALPHA | Chars.DIGIT | Chars.UNDERSCORE;

const table = /*#__PURE__*/ buildTable();

function buildTable(): Uint8Array {
  const flags = new Uint8Array(128);
  const mark = (chars: string, flag: number) => {
    for (let i = 0; i < chars.length; i++) flags[chars.charCodeAt(i)]! |= flag;
  };
  mark("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", Chars.ALPHA);
  mark("0123456789", Chars.DIGIT);
  mark("-._~", Chars.UNRESERVED_MARK);
  mark(":/?#[]@!$&'()*+,;=", Chars.RESERVED);
  mark("!#$%&'*+-.^_`|~", Chars.TCHAR_MARK);
  mark("ABCDEFabcdef", Chars.HEX_LETTER);
  mark("_", Chars.UNDERSCORE);
  return flags;
}

/** True when the character `code` is ASCII and in one of the classes of `flags`. */
export function isIn(code: number, flags: number): boolean {
  return code < 128 && (table[code]! & flags) !== 0;
}

/** A C0 control character or DEL: never text in a url, a header or a template. */
export function isControl(code: number): boolean {
  return code < 32 || code === 127;
}

/** True when `text[index]` starts a `%XX` triplet. */
export function isPercentTriplet(text: string, index: number): boolean {
  const hex = Chars.DIGIT | Chars.HEX_LETTER;
  return (
    text.charCodeAt(index) === 37 && isIn(text.charCodeAt(index + 1), hex) && isIn(text.charCodeAt(index + 2), hex)
  );
}

/** Index of the first character of `text` at or after `from` that is not in `flags`, or `text.length`. */
export function spanOf(text: string, flags: number, from = 0): number {
  let i = from;
  while (i < text.length && isIn(text.charCodeAt(i), flags)) i++;
  return i;
}
