// JSON text of a body, a multipart part or a `content` parameter, checked as one walk (docs/decisions.md, "`toFetch` bodies").
import { asLengthError, EndpointError } from "../core/errors.js";
import { builtinKind, isPlainObject } from "../core/values.js";
import { Walk } from "../core/walk.js";

/**
 * `value` as JSON text, written once, the replacer seeing each value after its `toJSON`; a bigint, a Map, a Set, a
 * cycle, nesting too deep or no JSON text at all is `ERR_INVALID_PARAMETER` naming `what`.
 *
 * @example
 * jsonText({ lat: 10, long: 60 }) // '{"lat":10,"long":60}'
 */
export function jsonText(value: unknown, what = "the JSON body"): string {
  const walk = new Walk("", `${what} cannot be serialised: it`);
  let text: string | undefined;
  try {
    // The replacer's `this` is the object being written: the walk leaves what that is not in.
    text = JSON.stringify(value, function (this: object, key: string, item: unknown) {
      if (typeof item === "bigint") throw unserialisable(what, "a bigint");
      // JSON writes a hole as null, one at a time up to the length: docs/decisions.md, "Sparse arrays".
      if (item === undefined && Array.isArray(this)) walk.item(this, Number(key));
      if (typeof item === "object" && item !== null) {
        const kind = Array.isArray(item) || isPlainObject(item) ? undefined : builtinKind(item);
        if (kind === "BigInt") throw unserialisable(what, "a bigint");
        if (kind === "Map" || kind === "Set") throw unserialisable(what, `a ${kind}, which JSON writes as {}`);
        walk.enter(item, key === "" ? undefined : this);
      }
      return item;
    }) as string | undefined;
  } catch (error) {
    throw asLengthError(error, `${what} cannot be serialised: it is`);
  }
  if (text === undefined) throw unserialisable(what, `a ${typeof value}, which has no JSON text`);
  return text;
}

function unserialisable(what: string, problem: string): EndpointError {
  return new EndpointError("ERR_INVALID_PARAMETER", `${what} cannot be serialised: it holds ${problem}`);
}

/** True for `application/json` and any `+json` media type, parameters ignored. */
export function isJsonType(type: string): boolean {
  return /^application\/(?:[^;]*\+)?json\s*(?:;|$)/i.test(type.trim());
}
