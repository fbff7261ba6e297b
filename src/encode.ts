import { EndpointError, ErrorCodes, quote } from "./errors.js";

/**
 * A lookup table of ASCII characters: 1 at the code of each character of `chars`.
 * Made by a call marked pure, so a bundle that never uses a table drops it (its
 * argument must be literal text for that: bundlers keep a template literal's parts).
 */
export function asciiTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}

// RFC 3986 §2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
const UNRESERVED = /*#__PURE__*/ asciiTable("-._~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");

// RFC 3986 §2.2 reserved = gen-delims / sub-delims, which reserved expansion keeps too.
const RESERVED_OR_UNRESERVED = /*#__PURE__*/ asciiTable("-._~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:/?#[]@!$&'()*+,;=");

/** A C0 control character or DEL: never text in a url, a header or a template. */
export function isControl(code: number): boolean {
  return code < 32 || code === 127;
}

/**
 * True when RFC 6570 reserved expansion (`{+x}`) leaves `text` exactly as it is:
 * only unreserved and reserved characters and `%XX` triplets. Such a text is its own
 * `{+x}` expansion and can be inserted as written.
 */
export function isReservedVerbatim(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 37 /* % */) {
      if (!isPercentTriplet(text, i)) return false;
      i += 2;
    } else if (code > 127 || RESERVED_OR_UNRESERVED[code] === 0) {
      return false;
    }
  }
  return true;
}

function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** True when `text[index]` starts a `%XX` triplet. */
export function isPercentTriplet(text: string, index: number): boolean {
  return (
    text.charCodeAt(index) === 37 && isHexDigit(text.charCodeAt(index + 1)) && isHexDigit(text.charCodeAt(index + 2))
  );
}

/**
 * Percent-encodes everything but the unreserved characters, as RFC 6570 encodes
 * the values of `{?x}` (so space is `%20`, `*` is `%2A`). `name` is the parameter
 * named in the error for a lone surrogate, which has no UTF-8 form.
 */
export function encodeUnreserved(text: string, name: string): string {
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code > 127 || UNRESERVED[code] === 0) break;
    i++;
  }
  if (i === text.length) return text;
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    throw new EndpointError(ErrorCodes.INVALID_PARAMETER, `parameter ${quote(name)} contains a lone UTF-16 surrogate`);
  }
  // encodeURIComponent leaves !'()* alone; RFC 6570 unreserved encoding does not. They are rare: scan first.
  let mark = 0;
  while (mark < encoded.length && !isSubDelimMark(encoded.charCodeAt(mark))) mark++;
  if (mark === encoded.length) return encoded;
  let result = encoded.slice(0, mark);
  for (let j = mark; j < encoded.length; j++) {
    const code = encoded.charCodeAt(j);
    result += isSubDelimMark(code) ? `%${code.toString(16).toUpperCase()}` : encoded[j];
  }
  return result;
}

/** `!`, `'`, `(`, `)` or `*`: kept by encodeURIComponent, encoded by RFC 6570. */
function isSubDelimMark(code: number): boolean {
  return code === 33 || code === 39 || code === 40 || code === 41 || code === 42;
}

/**
 * Escapes each `%` that does not start a `%XX` triplet as `%25`. RFC 6570 §3.2.3
 * lets reserved expansion keep pct-encoded triplets, but a bare `%` must be encoded.
 */
export function escapeStrayPercent(text: string): string {
  if (text.indexOf("%") === -1) return text;
  let result = "";
  for (let i = 0; i < text.length; i++) {
    result += text[i] === "%" && !isPercentTriplet(text, i) ? "%25" : text[i];
  }
  return result;
}

/**
 * Encodes literal template text (RFC 6570 §3.1): characters allowed in a URI
 * (unreserved, reserved, pct-encoded triplets) are copied, everything else is
 * pct-encoded as UTF-8, a bare `%` as `%25`. Returns `undefined` for a lone surrogate.
 */
export function encodeLiteral(text: string): string | undefined {
  let result = "";
  let runStart = 0;
  try {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) !== 37) continue;
      result += encodeAllowed(text.slice(runStart, i));
      if (isPercentTriplet(text, i)) {
        result += text.slice(i, i + 3);
        i += 2;
      } else {
        result += "%25";
      }
      runStart = i + 1;
    }
    return result + encodeAllowed(text.slice(runStart));
  } catch {
    return undefined;
  }
}

/** encodeURI keeps unreserved and reserved characters, except "[" and "]" which are reserved too. */
function encodeAllowed(text: string): string {
  if (text === "") return text;
  const encoded = encodeURI(text);
  return encoded.indexOf("%5") === -1 ? encoded : encoded.replaceAll("%5B", "[").replaceAll("%5D", "]");
}
