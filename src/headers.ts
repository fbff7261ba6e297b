import { isControl } from "./encode.js";
import { codePointLabel, describe, EndpointError, ErrorCodes, quote } from "./errors.js";
import { firstNonTchar, isToken } from "./http-token.js";
import { REMOVED } from "./layers.js";
import type { HeaderValue } from "./types.js";
import { isPlainObject, setOwn } from "./values.js";

/**
 * Throws unless `name` is an HTTP token. Checked as written, before lowercasing:
 * `toLowerCase` turns some non-ASCII letters into ASCII ones (the Kelvin sign "K" → "k").
 */
export function assertHeaderName(name: string): void {
  if (!isToken(name)) {
    throw new EndpointError(ErrorCodes.INVALID_HEADER, `header name ${quote(name)} is not an HTTP token${firstNonTchar(name)}`);
  }
}

/**
 * Throws unless `value` is a finite number or a string an HTTP header can carry
 * (RFC 9110 §5.5 field-value: tab, space, visible ASCII, and obs-text U+0080–U+00FF).
 * CR, LF and NUL would split or end the header line; other control characters and
 * anything above U+00FF (which has no one-byte form) make fetch or Node's http refuse
 * the request when it is sent, far from the mistake.
 */
export function assertHeaderValue(name: string, value: unknown): asserts value is HeaderValue {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return;
  } else if (typeof value === "string") {
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code === 9 || (code <= 255 && !isControl(code))) continue;
      throw new EndpointError(
        ErrorCodes.INVALID_HEADER,
        `header ${quote(name)} has a value with ${codePointLabel(value, i)} at position ${i}; a header value holds tab, space, visible ASCII and U+0080–U+00FF only`,
      );
    }
    return;
  }
  throw new EndpointError(
    ErrorCodes.INVALID_HEADER,
    `header ${quote(name)} must be a string or a finite number, got ${typeof value === "number" ? value : typeof value}`,
  );
}

/**
 * The header changes an options object asks for: lowercase names, validated
 * values, and `REMOVED` for a `null` or `undefined` value (which removes the
 * header, a default one included). Keys apply in order, as one `.header()` call
 * each would: usually one map of changes; a name removed and then set again by a
 * later key (`{ accept: null, Accept: "x" }`) starts a second map, so the header is
 * removed and then added anew (last), exactly as two builder calls do.
 */
export function headerChanges(headers: unknown): Record<string, HeaderValue | typeof REMOVED>[] {
  if (!isPlainObject(headers)) {
    throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `headers must be a plain object, got ${describe(headers)}`);
  }
  let changes: Record<string, HeaderValue | typeof REMOVED> = {};
  const all = [changes];
  for (const key of Object.keys(headers)) {
    assertHeaderName(key);
    const name = key.toLowerCase();
    const value = headers[key];
    if (value === undefined || value === null) {
      setOwn(changes, name, REMOVED);
    } else {
      assertHeaderValue(name, value);
      if (Object.hasOwn(changes, name) && changes[name] === REMOVED) all.push((changes = {}));
      setOwn(changes, name, value);
    }
  }
  return all;
}
