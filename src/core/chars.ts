// One table of ASCII character class flags, so every class question is one lookup.

/** RFC 5234 ALPHA. */
export const ALPHA = 1;
/** RFC 5234 DIGIT. */
export const DIGIT = 2;
/** RFC 3986 §2.3 unreserved, besides ALPHA and DIGIT: `-._~`. */
const UNRESERVED_MARK = 4;
/** RFC 3986 §2.2 reserved: gen-delims and sub-delims. */
export const RESERVED = 8;
/** RFC 9110 §5.6.2 tchar, besides ALPHA and DIGIT. */
const TCHAR_MARK = 16;
/** Hexadecimal digits A–F and a–f (with DIGIT, HEXDIG). */
const HEX_LETTER = 32;
/** `_`, which variable names and `:name` placeholders take besides ALPHA and DIGIT. */
export const UNDERSCORE = 64;

// Written as numbers, so that a bundle which uses none of them drops them (a `|` of constants it keeps).
export const UNRESERVED = 7; // ALPHA | DIGIT | UNRESERVED_MARK
export const TCHAR = 19; // ALPHA | DIGIT | TCHAR_MARK
export const WORD = 67; // ALPHA | DIGIT | UNDERSCORE

const table = /*#__PURE__*/ buildTable();

function buildTable(): Uint8Array {
  const flags = new Uint8Array(128);
  const mark = (chars: string, flag: number) => {
    for (let i = 0; i < chars.length; i++) flags[chars.charCodeAt(i)]! |= flag;
  };
  // A run of letters or digits as its first and last character, as RFC 5234 writes ALPHA (%x41-5A / %x61-7A).
  const markRange = (first: string, last: string, flag: number) => {
    for (let code = first.charCodeAt(0); code <= last.charCodeAt(0); code++) flags[code]! |= flag;
  };
  markRange("A", "Z", ALPHA);
  markRange("a", "z", ALPHA);
  markRange("0", "9", DIGIT);
  mark("-._~", UNRESERVED_MARK);
  mark(":/?#[]@!$&'()*+,;=", RESERVED);
  mark("!#$%&'*+-.^_`|~", TCHAR_MARK);
  markRange("A", "F", HEX_LETTER);
  markRange("a", "f", HEX_LETTER);
  mark("_", UNDERSCORE);
  return flags;
}

/** True when the character `code` is ASCII and in one of the classes of `flags`. */
export function inClass(code: number, flags: number): boolean {
  return code < 128 && (table[code]! & flags) !== 0;
}

/** A C0 control character or DEL: never text in a url, a header or a template. */
export function isControl(code: number): boolean {
  return code < 32 || code === 127;
}

/** True when `text[index]` starts a `%XX` triplet. */
export function isPercentTriplet(text: string, index: number): boolean {
  const hex = DIGIT | HEX_LETTER;
  return (
    text.charCodeAt(index) === 37 &&
    inClass(text.charCodeAt(index + 1), hex) &&
    inClass(text.charCodeAt(index + 2), hex)
  );
}

/** Index of the first character of `text` at or after `from` that is not in `flags`, or `text.length`. */
export function spanOf(text: string, flags: number, from = 0): number {
  let i = from;
  while (i < text.length && inClass(text.charCodeAt(i), flags)) i++;
  return i;
}
