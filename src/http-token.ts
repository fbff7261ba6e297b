import { asciiTable } from "./encode.js";
import { codePointLabel } from "./errors.js";

// RFC 9110 §5.6.2: token = 1*tchar;
// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA
const TCHAR = /*#__PURE__*/ asciiTable("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");

/** True when `text` is a non-empty HTTP token, as method and header names must be. */
export function isToken(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127 || TCHAR[code] === 0) return false;
  }
  return true;
}

/**
 * For a message about `text`, which is no token: where the first character that is no
 * tchar stands (" (U+212A at position 0)"), since a look-alike such as the Kelvin sign
 * cannot be told from "K" in the quoted name; "" for an empty `text`.
 */
export function firstNonTchar(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127 || TCHAR[code] === 0) return ` (${codePointLabel(text, i)} at position ${i})`;
  }
  return "";
}
