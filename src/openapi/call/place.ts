// What a table's route places beyond its template: the values the template is expanded with, and the header, cookie
// and styled query parameters RFC 6570 cannot write.
import { EndpointError, isRevoked, kindOf, quote } from "../../core/errors.js";
import type { ParameterEncoding, ParameterPlacement } from "../../core/route-table.js";
import { isPlainObject, ownValue, setOwn } from "../../core/values.js";
import { assertHeaderValue } from "../../http/headers.js";
import { contentText, cookieText, encodedFormBody, encodeText, headerText, styledPairs } from "../../http/serialize.js";
import { encodeUnreserved } from "../../template/encode.js";
import { isFormType } from "../media-types.js";
import type { Operation } from "../table/operation.js";

/**
 * The values to expand `operation`'s template with: each path parameter present (docs/decisions.md, "Path parameters
 * of a description's route"), a `content` one as its media type's text, one the template names by another varname
 * (`user-id` as `user%2Did`) also under that.
 */
export function templateValues(
  operation: Operation,
  params: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const { path, contents, aliases } = operation.template;
  let copy: Record<string, unknown> | undefined;
  try {
    // OpenAPI: a path parameter is always required. Without a value its segment would vanish (`/Plugins/{id}/{version}`
    // becoming `/Plugins/{id}`, another operation) or be empty, which is another url.
    for (const [name, emptyIsValue] of path) {
      const value = ownValue(params, name);
      // Text and numbers, the usual values, are looked at no further.
      if (typeof value === "object" && value !== null && isRevoked(value)) throw revoked(name);
      if (
        value === undefined ||
        value === null ||
        (value === "" && !emptyIsValue) ||
        (typeof value === "object" && definesNothing(value))
      ) {
        throw new EndpointError("ERR_MISSING_PARAMETER", `path parameter ${quote(name)} has no value`);
      }
    }
    for (const [name, contentType] of contents) {
      const value = ownValue(params, name);
      if (value === undefined || value === null) continue;
      setOwn((copy ??= { ...params }), name, textOf(name, value, contentType));
    }
  } catch (error) {
    throw withOperation(operation, error);
  }
  const read = copy ?? params;
  for (const [aliased, alias] of aliases) {
    if (Object.hasOwn(read, aliased)) setOwn((copy ??= { ...params }), alias, read[aliased]);
  }
  return copy ?? params;
}

/** A `content` parameter's text; a revoked Proxy inside it, which JSON text reads before any check can, refused. */
function textOf(name: string, value: unknown, contentType: string): string {
  try {
    return contentText(name, value, contentType);
  } catch (error) {
    if (error instanceof TypeError && !(error instanceof EndpointError) && holdsRevoked(value)) throw revoked(name);
    throw error;
  }
}

/** Whether a revoked Proxy is in `value`'s own data properties, read without running a getter. */
function holdsRevoked(value: unknown): boolean {
  const seen = new Set<object>();
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== "object" || item === null || seen.has(item)) continue;
    if (isRevoked(item)) return true;
    seen.add(item);
    for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(item))) pending.push(descriptor.value);
  }
  return false;
}

/** docs/decisions.md, "Revoked proxies". */
function revoked(name: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `parameter ${quote(name)} is or holds a revoked Proxy, which cannot be read`,
  );
}

/** Writes a header or cookie parameter of `operation` into `headers`, or returns the query text of a styled one. */
export function placeParameter(
  operation: Operation,
  name: string,
  value: unknown,
  placement: ParameterPlacement,
  headers: Record<string, unknown>,
): string {
  if (value === undefined || value === null) return "";
  try {
    if (typeof placement === "object" && !("in" in placement)) return styledPairs(name, value, placement);
    // A location alone writes OpenAPI's defaults: a header `simple`, a cookie `form`, exploded.
    const {
      in: location,
      contentType,
      style,
      explode,
    } = typeof placement === "object" ? placement : ({ in: placement } as ParameterEncoding);
    if (contentType !== undefined) return placeContent(name, value, location, contentType, headers);
    // The text is written first, so a hole or a nested object is refused even in a value that defines nothing.
    const text =
      location === "header"
        ? headerText(name, value, explode === true)
        : location === "cookie"
          ? cookieText(name, value, style ?? "form", explode ?? true)
          : undefined;
    if (text !== undefined && !definesNothing(value)) {
      if (location === "header") setHeader(headers, name, text);
      else addCookie(headers, text);
    }
    return "";
  } catch (error) {
    throw withOperation(operation, error);
  }
}

/** A list or object with no member but `undefined` or `null` is undefined (RFC 6570, section 2.3): it is left out. */
function definesNothing(value: unknown): boolean {
  return (
    (Array.isArray(value) || isPlainObject(value)) &&
    Object.values(value).every((item) => item === undefined || item === null)
  );
}

/** A `content` parameter: its media type's text, percent-encoded in a query or cookie, as it is in a header. */
function placeContent(
  name: string,
  value: unknown,
  location: ParameterEncoding["in"],
  contentType: string,
  headers: Record<string, unknown>,
): string {
  if (location === "querystring") {
    // OpenAPI 3.2, `in: querystring`: the whole query string is the value written as its media type.
    if (isFormType(contentType)) {
      if (!isPlainObject(value)) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `parameter ${quote(name)} is ${kindOf(value)}, not the plain object of fields an application/x-www-form-urlencoded query string needs`,
        );
      }
      return encodedFormBody(value, {});
    }
    return encodeText(contentText(name, value, contentType), encodeUnreserved, name);
  }
  const text = contentText(name, value, contentType);
  if (location === "header") {
    assertHeaderValue(name, text);
    setHeader(headers, name, text);
    return "";
  }
  const pair = `${encodeText(name, encodeUnreserved, name)}=${encodeText(text, encodeUnreserved, name)}`;
  if (location === "cookie") addCookie(headers, pair);
  return location === "query" ? pair : "";
}

function setHeader(headers: Record<string, unknown>, name: string, text: string): void {
  const lower = name.toLowerCase();
  // A header parameter named `Cookie` joins the cookie parameters' header instead of replacing it.
  if (lower === "cookie") addCookie(headers, text);
  else setOwn(headers, lower, text);
}

function addCookie(headers: Record<string, unknown>, text: string): void {
  const cookie = ownValue(headers, "cookie");
  headers.cookie = cookie === undefined ? text : `${String(cookie)}; ${text}`;
}

/** An `EndpointError` met writing `operation`'s request, its message starting with the operation (`GET /pets: …`). */
export function withOperation(operation: Operation, error: unknown): unknown {
  return error instanceof EndpointError ? new EndpointError(error.code, `${operation.route}: ${error.message}`) : error;
}
