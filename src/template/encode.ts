import { inClass, isPercentTriplet, RESERVED, UNRESERVED } from "../core/chars.js";

/** RFC 6570 unreserved encoding (`{x}`); undefined for a lone surrogate, which has no UTF-8 form. */
export function encodeUnreserved(text: string): string | undefined {
  // Most names and values are unreserved already: returned as they are, with no call or regular expression.
  let i = 0;
  while (i < text.length && inClass(text.charCodeAt(i), UNRESERVED)) i++;
  if (i === text.length) return text;
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch (error) {
    return noUtf8(error);
  }
  // encodeURIComponent keeps !'()*, which RFC 6570 encodes: rare, so looked for first.
  return /[!'()*]/.test(encoded)
    ? encoded.replace(/[!'()*]/g, (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`)
    : encoded;
}

/** RFC 6570 reserved encoding (§3.1 literals, §3.2.3 `{+x}`): `%XX` kept, a bare `%` as `%25`; undefined for a lone surrogate. */
export function encodeReserved(text: string): string | undefined {
  let i = 0;
  while (i < text.length && (inClass(text.charCodeAt(i), UNRESERVED | RESERVED) || isPercentTriplet(text, i))) i++;
  if (i === text.length) return text;
  let result = "";
  let runStart = 0;
  try {
    for (i = 0; i < text.length; i++) {
      if (text[i] !== "%") continue;
      result += encodeAllowed(text.slice(runStart, i)) + (isPercentTriplet(text, i) ? "%" : "%25");
      runStart = i + 1;
    }
    return result + encodeAllowed(text.slice(runStart));
  } catch (error) {
    return noUtf8(error);
  }
}

/** Undefined for the URIError of a lone surrogate; any other error (a text too long to encode) goes on. */
function noUtf8(error: unknown): undefined {
  if (error instanceof URIError) return undefined;
  throw error;
}

/** encodeURI keeps unreserved and reserved characters, except "[" and "]" which are reserved too. */
function encodeAllowed(text: string): string {
  const encoded = encodeURI(text);
  return encoded.indexOf("%5") === -1 ? encoded : encoded.replaceAll("%5B", "[").replaceAll("%5D", "]");
}
