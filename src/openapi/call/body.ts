// A table route's body: the declared media type it fits, written as the description says (docs/decisions.md,
// "OpenAPI request media types", "OpenAPI form and multipart fields").
import { EndpointError, kindOf, quote } from "../../core/errors.js";
import type { BodyFieldEncoding, ContentEncoding, RouteBody } from "../../core/route-table.js";
import { builtinKind, isPlainObject, ownValue, scalarText, setOwn } from "../../core/values.js";
import { Walk } from "../../core/walk.js";
import { isJsonType, jsonText } from "../../http/json.js";
import { encodedFormBody } from "../../http/serialize.js";
import { FORM_TYPE, isFormType, isMultipartType, MULTIPART_TYPE } from "../media-types.js";
import type { Operation } from "../table/operation.js";
import { withOperation } from "./place.js";

/** The body `operation` sends for `value`, and its media type: one of those declared that the value fits, written as it says. */
export function writeBody(operation: Operation, value: unknown): [type: string, body: unknown] {
  let type: string, body: unknown;
  try {
    [type, body] = writtenBody(operation.body!, value);
  } catch (error) {
    throw withOperation(operation, error);
  }
  // `application/json` is sent as a body without a description sends it, with its charset.
  return [type === "application/json" ? "application/json; charset=utf-8" : type, body];
}

function writtenBody(route: RouteBody, value: unknown): [type: string, body: unknown] {
  const [type, family] = fittingType(route, value);
  const encoding = route.encoding ?? {};
  if (family === "form" && isPlainObject(value)) return [type, encodedFormBody(value, encoding)];
  if (family === "multipart" && isPlainObject(value)) return [type, multipartFields(value, encoding)];
  // A wildcard (`*/*`, `application/*+json`) sends a body as the type it is; JSON is JSON whichever type chose it.
  const sent = family === "*" ? wildcardType(value) : type;
  if (sent === type ? family === "json" : isJsonType(sent)) {
    // OpenAPI: a body whose schema is a string is that string's JSON text (RFC 8259), under every JSON media type.
    return [sent, route.stringSchema === true && typeof value === "string" ? jsonText(value) : value];
  }
  if (sent !== type) return [sent, value];
  // docs/decisions.md, "OpenAPI request media types": what no declared type can carry is refused, never sent as JSON
  // text under another type's name (fields under `application/xml`).
  const kind = bodyKind(value);
  if (kind !== "text" && kind !== "binary" && family !== "form" && family !== "multipart") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `the body is ${kindOf(value)}, which ${quote(type)} cannot carry as fluent-endpoint writes it: pass its text or bytes as data`,
    );
  }
  // docs/decisions.md, "A multipart body without fields": text or bytes under a type with no boundary (RFC 7578 §4.1
  // requires one) is no body a server can split into parts.
  if (family === "multipart" && kind !== "FormData" && !/;\s*boundary=/i.test(type)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `the body is ${kindOf(value)}, which ${quote(type)} cannot carry without a boundary: pass its fields as an object or a FormData`,
    );
  }
  return [type, value];
}

/** What a body (or a field of one) is, for the media types it fits and the checks it can have. */
export function bodyKind(value: unknown): "fields" | "FormData" | "URLSearchParams" | "binary" | "text" | "value" {
  if (typeof value === "string") return "text";
  if (typeof value !== "object" || value === null) return "value";
  if (isPlainObject(value) || Array.isArray(value) || builtinKind(value) !== undefined) {
    return isPlainObject(value) ? "fields" : "value";
  }
  const kind = Object.prototype.toString.call(value).slice(8, -1);
  if (kind === "FormData" || kind === "URLSearchParams") return kind;
  return "binary"; // bytes, a Blob, a stream: anything else a client sends as it is
}

/** How a media type is written: as the body it is (`*`), JSON, a form, multipart fields, or text and bytes. */
type Family = "*" | "json" | "form" | "multipart" | "other";

/** Each body's media types, in the description's order, with their families: read once per operation, not per call. */
const families = /*#__PURE__*/ new WeakMap<RouteBody, readonly [type: string, family: Family][]>();

function typesOf(route: RouteBody): readonly [type: string, family: Family][] {
  let types = families.get(route);
  if (types === undefined) {
    types = [route.type, ...(route.alternatives ?? [])].map((type) => [
      type,
      type.includes("*")
        ? "*"
        : isJsonType(type)
          ? "json"
          : isFormType(type)
            ? "form"
            : isMultipartType(type)
              ? "multipart"
              : "other",
    ]);
    families.set(route, types);
  }
  return types;
}

/** The declared media type `value` fits, the first of the description's order; the first declared if none does. */
function fittingType(route: RouteBody, value: unknown): readonly [type: string, family: Family] {
  const kind = bodyKind(value);
  const types = typesOf(route);
  for (const each of types) {
    const family = each[1];
    const fits =
      family === "*"
        ? true
        : family === "json"
          ? kind === "fields" || kind === "value" || kind === "text"
          : family === "form"
            ? kind === "fields" || kind === "URLSearchParams" || kind === "text"
            : family === "multipart"
              ? kind === "fields" || kind === "FormData"
              : kind === "text" || kind === "binary";
    if (fits) return each;
  }
  return types[0]!;
}

/** docs/decisions.md, "Any media type (`*\/*`)": data as JSON, binary as `application/octet-stream`. */
function wildcardType(value: unknown): string {
  const kind = bodyKind(value);
  if (kind === "FormData") return MULTIPART_TYPE;
  if (kind === "URLSearchParams") return FORM_TYPE;
  if (kind !== "binary") return "application/json";
  const type = Object.prototype.toString.call(value) === "[object Blob]" ? (value as Blob).type : "";
  return type === "" ? "application/octet-stream" : type;
}

/**
 * A multipart body's fields, each with an explicit `contentType` made a part of that type (a Blob), so `toFetch`
 * sends it so; the others stay as they are, for the Encoding Object's defaults `toFetch` applies.
 */
function multipartFields(
  fields: Record<string, unknown>,
  encoding: Readonly<Record<string, BodyFieldEncoding | ContentEncoding>>,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const name of Object.keys(encoding)) {
    const entry = encoding[name]!;
    const value = ownValue(fields, name);
    if (!("contentType" in entry) || value === undefined || value === null) continue;
    const { contentType } = entry;
    const part = (item: unknown) =>
      item === undefined || item === null
        ? item
        : bodyKind(item) === "binary"
          ? new Blob([item as Blob], { type: contentType })
          : new Blob(
              [
                isJsonType(contentType)
                  ? jsonText(item, `multipart field ${quote(name)}`)
                  : contentPartText(name, item, contentType),
              ],
              {
                type: contentType,
              },
            );
    // By name, a list's items are each one part.
    const written = Array.isArray(value)
      ? new Walk(name).keys(value).map((key) => part(value[Number(key)]))
      : part(value);
    setOwn((copy ??= { ...fields }), name, written);
  }
  return copy ?? fields;
}

function contentPartText(name: string, item: unknown, contentType: string): string {
  const text = scalarText(item, name);
  if (text !== undefined) return text;
  throw new EndpointError(
    "ERR_INVALID_PARAMETER",
    `multipart field ${quote(name)} is ${kindOf(item)}, which its media type ${quote(contentType)} cannot express as text`,
  );
}
