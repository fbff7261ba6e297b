import { isControl } from "../core/chars.js";
import { codePointLabel, EndpointError, quote } from "../core/errors.js";
import type { HeaderValue } from "../core/types.js";
import { isToken, whereNotToken } from "./tokens.js";

/** Checked before lowercasing, which turns some non-ASCII letters into ASCII (docs/decisions.md, "Header names"). */
export function assertHeaderName(name: string): void {
  if (!isToken(name)) {
    throw new EndpointError(
      "ERR_INVALID_HEADER",
      `header name ${quote(name)} is not an HTTP token${whereNotToken(name)}`,
    );
  }
}

/** RFC 9110 §5.5 field-value, checked now rather than refused by fetch far from the mistake (docs/decisions.md, "Header values"). */
export function assertHeaderValue(name: string, value: unknown): asserts value is HeaderValue {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return;
  } else if (typeof value === "string") {
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code === 9 || (code <= 255 && !isControl(code))) continue;
      throw new EndpointError(
        "ERR_INVALID_HEADER",
        `header ${quote(name)} has a value with ${codePointLabel(value, i)} at position ${i}; a header value holds tab, space, visible ASCII and U+0080–U+00FF only`,
      );
    }
    return;
  }
  throw new EndpointError(
    "ERR_INVALID_HEADER",
    `header ${quote(name)} must be a string or a finite number, got ${typeof value === "number" ? value : typeof value}`,
  );
}
