import { describe, EndpointError, ErrorCodes, quote } from "./errors.js";
import { firstNonTchar, isToken } from "./http-token.js";

/** Checks that `method` is an HTTP token (any case, so `PROPFIND` and `get` pass) and returns it unchanged. */
export function assertMethod(method: unknown): string {
  if (typeof method !== "string" || !isToken(method)) {
    const shown = typeof method === "string" ? quote(method) : describe(method);
    const where = typeof method === "string" ? firstNonTchar(method) : "";
    throw new EndpointError(ErrorCodes.INVALID_METHOD, `method ${shown} is not an HTTP method token${where}`);
  }
  return method;
}

/** GET and HEAD send leftover parameters in the query string and never carry a body. */
export function isQueryMethod(lowercaseMethod: string): boolean {
  return lowercaseMethod === "get" || lowercaseMethod === "head";
}
