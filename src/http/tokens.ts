import { inClass, TCHAR } from "../core/chars.js";
import { codePointLabel, kindOf, EndpointError, quote } from "../core/errors.js";

/** True when `text` is a non-empty HTTP token (RFC 9110 §5.6.2), as method and header names must be. */
export function isToken(text: string): boolean {
  return text.length > 0 && firstNonToken(text) === -1;
}

/** Index of the first character of `text` that is no token character, or -1. */
function firstNonToken(text: string): number {
  for (let i = 0; i < text.length; i++) if (!inClass(text.charCodeAt(i), TCHAR)) return i;
  return -1;
}

/** A look-alike such as the Kelvin sign cannot be told from "K" in a quoted name, so messages name the character. */
export function whereNotToken(text: string): string {
  const i = firstNonToken(text);
  return i === -1 ? "" : ` (${codePointLabel(text, i)} at position ${i})`;
}

/** Checks that `method` is an HTTP token (any case, so `PROPFIND` and `get` pass) and returns it unchanged. */
export function readMethod(method: unknown): string {
  if (typeof method !== "string" || !isToken(method)) {
    const shown = typeof method === "string" ? `${quote(method)}` : kindOf(method);
    throw new EndpointError(
      "ERR_INVALID_METHOD",
      `method ${shown} is not an HTTP method token${typeof method === "string" ? whereNotToken(method) : ""}`,
    );
  }
  return method;
}

/** `method` upper case: how a table keys a route, found by its method in any case (docs/decisions.md, "Method case"). */
export function methodKey(method: string): string {
  return method.toUpperCase();
}
