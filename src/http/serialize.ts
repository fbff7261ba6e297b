// Values written into a query, a header, a cookie or a form body, by style (docs/decisions.md, "OpenAPI styles"):
// a plain route's leftover query, a table's styled parameters, and every form body, `toFetch`'s included.
// A url's template is expanded by RFC 6570 (src/template/).
import { kindOf, EndpointError, asLengthError, quote } from "../core/errors.js";
import type { BodyFieldEncoding as Style, ContentEncoding, QueryStyle } from "../core/route-table.js";
import { isList, isPlainObject, itemTexts, scalarText } from "../core/values.js";
import { Walk } from "../core/walk.js";
import { encodeReserved, encodeUnreserved } from "../template/encode.js";
import { assertHeaderValue } from "./headers.js";
import { isJsonType, jsonText } from "./json.js";

// Encoded as the OpenAPI style examples write them (a raw `|` is no query character).
const DELIMITERS: Partial<Record<QueryStyle, string>> = { form: ",", spaceDelimited: "%20", pipeDelimited: "%7C" };

/**
 * `name=value` pairs joined by `&` for one parameter; "" when its value is undefined or null.
 *
 * @example
 * styledPairs("color", { R: 100, G: 200 }, { style: "deepObject", explode: true }) // "color%5BR%5D=100&color%5BG%5D=200"
 */
export function styledPairs(name: string, value: unknown, style: Style): string {
  return encodedPairs(name, value, style, style.allowReserved === true ? encodeQueryReserved : encodeUnreserved);
}

// `encode` given apart from `style`: a form body without an encoding never bundles the `allowReserved` encoder.
function encodedPairs(
  name: string,
  value: unknown,
  style: Style,
  encode: (text: string) => string | undefined,
): string {
  if (value === undefined || value === null) return "";
  // `allowReserved` is the value's (OpenAPI: "whether the parameter value SHOULD allow reserved characters"): the name
  // is encoded as every name is, as RFC 6570 writes a varname (`$top` and an allowReserved `$filter` both as `%24…`).
  const pair = (key: string, text: string) =>
    `${encodeText(key, key === name ? encodeUnreserved : encode, name)}=${encodeText(text, encode, name)}`;
  const walk = new Walk(name);
  if (style.style === "deepObject") return deepPairs(encodeText(name, encodeUnreserved, name), value, walk, encode);
  const text = scalarText(value, name);
  if (text !== undefined) return pair(name, text);
  const list = Array.isArray(value);
  if (!list && !isPlainObject(value)) throw unexpressible(name, value, style.style);
  const items: [string, string][] = [];
  for (const key of walk.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || item === null) continue;
    const itemText = scalarText(item, name);
    if (itemText === undefined) throw unexpressible(name, item, style.style);
    items.push([key, itemText]);
  }
  if (style.explode) {
    // Exploded objects are `form` only: space and pipe delimiters have no form for their keys.
    if (!list && style.style !== "form") throw unexpressible(name, value, style.style);
    return items.map(([key, text]) => pair(list ? name : key, text)).join("&");
  }
  const delimiter = DELIMITERS[style.style]!;
  const texts = list ? items.map(([, text]) => text) : items.flat();
  if (texts.length === 0) return "";
  return `${encodeText(name, encodeUnreserved, name)}=${texts.map((text) => encodeText(text, encode, name)).join(delimiter)}`;
}

// docs/decisions.md, "OpenAPI styles": a list inside a deepObject is written by index, as `a[0]=x`.
function deepPairs(
  encodedKey: string,
  value: unknown,
  walk: Walk,
  encode: (text: string) => string | undefined,
): string {
  if (value === undefined || value === null) return "";
  const { name } = walk;
  const text = scalarText(value, name);
  if (text !== undefined) return `${encodedKey}=${encodeText(text, encode, name)}`;
  if (!Array.isArray(value) && !isPlainObject(value)) throw unexpressible(name, value, "deepObject");
  walk.enter(value);
  // Joined as they are written, not pushed and joined: a pair is never "" (it holds "=").
  let pairs = "";
  for (const inner of walk.keys(value)) {
    // Each key encoded once, as its own part of `a[b][c]`: encoding is per character, so the whole reads the same.
    const key = `${encodedKey}%5B${encodeText(inner, encode, name)}%5D`;
    const written = deepPairs(key, (value as Record<string, unknown>)[inner], walk, encode);
    if (written !== "") pairs += pairs === "" ? written : `&${written}`;
  }
  walk.leave();
  return pairs;
}

// What reserved expansion keeps but a query cannot carry (`#`, `[`, `]`) or a form query reads (`&`, `=`, `+`).
const FORM_QUERY_UNSAFE = /[#[\]&=+]/g;

/**
 * `allowReserved` in a query (OpenAPI 3.0.4 and 3.1.1, `allowReserved`): RFC 6570 reserved expansion, except that
 * `#`, `[`, `]`, `&`, `=` and `+` are still percent-encoded (and a `%` not before two hex digits, as `%25`).
 *
 * @example
 * encodeQueryReserved("a/b?c&d") // "a/b?c%26d"
 */
export function encodeQueryReserved(text: string): string | undefined {
  const encoded = encodeReserved(text);
  return encoded === undefined
    ? undefined
    : encoded.replace(FORM_QUERY_UNSAFE, (mark) => `%${mark.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `text` encoded by `encode`; a lone surrogate is `ERR_INVALID_PARAMETER` naming parameter `name`. */
export function encodeText(text: string, encode: (text: string) => string | undefined, name: string): string {
  const encoded = encode(text);
  if (encoded === undefined) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `parameter ${quote(name)} contains a lone UTF-16 surrogate`);
  }
  return encoded;
}

function unexpressible(name: string, value: unknown, style: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `parameter ${quote(name)} is ${kindOf(value)}, which the ${style} style cannot express`,
  );
}

/**
 * A header parameter's value as text, by the `simple` style: a list as `a,b`, an object as `k,v,k,v`, or with
 * `explode` as `k=v,k=v` (the style table's `simple` rows).
 *
 * @example
 * headerText("X-Color", { R: 100, G: 200 }, true) // "R=100,G=200"
 */
export function headerText(name: string, value: unknown, explode = false): string {
  const result = simpleText(name, value, explode);
  assertHeaderValue(name, result);
  return result;
}

/**
 * A value as text by the `simple` style: a list as `a,b`, an object as `k,v,k,v` (with `explode`, `k=v,k=v`).
 *
 * @example
 * simpleText("sid", ["a", 1]) // "a,1"
 */
export function simpleText(name: string, value: unknown, explode = false): string {
  const text = scalarText(value, name);
  if (text !== undefined) return text;
  return itemPairs(name, value, "simple")
    .map(([key, itemText]) => (key === undefined ? itemText : explode ? `${key}=${itemText}` : `${key},${itemText}`))
    .join(",");
}

/** The items of a list (no key) or an object (by key) as text; a nested list or object is unexpressible in `style`. */
function itemPairs(name: string, value: unknown, style: string): [key: string | undefined, text: string][] {
  const list = isList(value, name);
  if (!list && !isPlainObject(value)) throw unexpressible(name, value, style);
  const pairs: [string | undefined, string][] = [];
  for (const key of new Walk(name).keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || item === null) continue;
    const itemText = scalarText(item, name);
    if (itemText === undefined) throw unexpressible(name, item, style);
    pairs.push([list ? undefined : key, itemText]);
  }
  return pairs;
}

/**
 * A cookie parameter as the items of a `cookie` header, by its style: `form` percent-encodes, `cookie` (OpenAPI 3.2)
 * writes values as they are; exploded, a list or object is one cookie per item (the style table's `cookie` rows).
 *
 * @example
 * cookieText("color", { R: 100, G: 200 }, "form", true) // "R=100; G=200"
 */
export function cookieText(name: string, value: unknown, style: "form" | "cookie", explode: boolean): string {
  const encode =
    style === "form"
      ? (text: string) => encodeText(text, encodeUnreserved, name)
      : (text: string) => {
          // A `;` would end the cookie and start another the caller never named.
          if (text.includes(";")) {
            throw new EndpointError(
              "ERR_INVALID_PARAMETER",
              `parameter ${quote(name)} holds a ";", which the cookie style writes as it is: percent-encode it first`,
            );
          }
          return text;
        };
  const text = scalarText(value, name);
  let result: string;
  if (text !== undefined) {
    result = `${encode(name)}=${encode(text)}`;
  } else {
    const pairs = itemPairs(name, value, style);
    if (explode) {
      result = pairs.map(([key, itemText]) => `${encode(key ?? name)}=${encode(itemText)}`).join("; ");
    } else {
      const texts = pairs.flatMap(([key, itemText]) => (key === undefined ? [itemText] : [key, itemText]));
      result = `${encode(name)}=${texts.map(encode).join(",")}`;
    }
  }
  assertHeaderValue(name, result);
  return result;
}

/**
 * A value as the text of a media type (a `content` parameter, a field with a `contentType`): JSON text under a JSON
 * type, else a scalar as text; a list or object under another type is `ERR_INVALID_PARAMETER`.
 *
 * @example
 * contentText("coordinates", { lat: 10, long: 60 }, "application/json") // '{"lat":10,"long":60}'
 */
export function contentText(name: string, value: unknown, contentType: string): string {
  if (isJsonType(contentType)) return jsonText(value, `parameter ${quote(name)}`);
  const text = scalarText(value, name);
  if (text === undefined) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} is ${kindOf(value)}, which the media type ${quote(contentType)} cannot express as text`,
    );
  }
  return text;
}

/**
 * Form fields as `application/x-www-form-urlencoded` text, each field's pairs written by `writeField` ("" for none):
 * {@link plainFormField} for `toFetch`, a table's Encoding Object for {@link encodedFormBody}.
 *
 * @example
 * formBody({ amount: 100, metadata: { order: "6735" } }, plainFormField) // "amount=100&metadata%5Border%5D=6735"
 */
export function formBody(
  fields: Readonly<Record<string, unknown>>,
  writeField: (name: string, value: unknown) => string,
): string {
  let pairs = "";
  let name: string | undefined;
  try {
    for (name of Object.keys(fields)) {
      const written = writeField(name, fields[name]);
      if (written !== "") pairs += pairs === "" ? written : `&${written}`;
    }
    return pairs;
  } catch (error) {
    throw asLengthError(
      error,
      name === undefined ? "the form body is" : `parameter ${quote(name)} makes the form body`,
    );
  }
}

/** A plain route's form field: `form` with `explode`, a nested object as `deepObject`. */
export function plainFormField(name: string, value: unknown): string {
  return encodedPairs(name, value, defaultFormStyle(name, value), encodeUnreserved);
}

/**
 * A route table's form body, by the Encoding Object (OpenAPI, "Encoding the x-www-form-urlencoded Media Type"): a field
 * with a style is written by it; any other field (each item of a list) as its `contentType`'s text, by default
 * `application/json` for an object or list and `text/plain` for the rest, then percent-encoded.
 *
 * @example
 * encodedFormBody({ a: 1, b: { c: 3 } }, {}) // "a=1&b=%7B%22c%22%3A3%7D"
 */
export function encodedFormBody(
  fields: Readonly<Record<string, unknown>>,
  encoding: Readonly<Record<string, Style | ContentEncoding>>,
): string {
  return formBody(fields, (name, value) => {
    const entry = Object.hasOwn(encoding, name) ? encoding[name] : undefined;
    if (entry !== undefined && "style" in entry) return styledPairs(name, value, entry);
    // By name, a list's items are each one value (the Encoding Object's "Encoding By Name").
    const items = isList(value, name) ? new Walk(name).keys(value).map((key) => value[Number(key)]) : [value];
    let pairs = "";
    for (const item of items) {
      if (item === undefined || item === null) continue;
      const text =
        entry?.contentType === undefined
          ? (scalarText(item, name) ?? jsonText(item, `parameter ${quote(name)}`))
          : contentText(name, item, entry.contentType);
      const pair = `${encodeText(name, encodeUnreserved, name)}=${encodeText(text, encodeUnreserved, name)}`;
      pairs += pairs === "" ? pair : `&${pair}`;
    }
    return pairs;
  });
}

/** `deepObject` for a plain object or a list holding objects, else `form` with `explode` (`a=1&a=2`, as HTML forms write a list). */
function defaultFormStyle(name: string, value: unknown): Style {
  if (isPlainObject(value)) return DEEP;
  if (!isList(value, name)) return FORM;
  const holdsObject = new Walk(name)
    .keys(value)
    .some((key) => typeof value[Number(key)] === "object" && value[Number(key)] !== null);
  return holdsObject ? DEEP : FORM;
}

const FORM: Style = { style: "form", explode: true };
const DEEP: Style = { style: "deepObject", explode: true };

/** docs/decisions.md, "Values in a query": objects have no agreed query form; `instead` says what to do. */
export function queryValue(name: string, value: unknown, instead: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = scalarText(value, name);
  if (text !== undefined) return text;
  if (isList(value, name)) {
    const texts = itemTexts(value, name, (item) => notQueryable(name, item, instead));
    return texts.length === 0 ? undefined : texts.join(",");
  }
  throw notQueryable(name, value, instead);
}

function notQueryable(name: string, value: unknown, instead: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `parameter ${quote(name)} is ${kindOf(value)}, which has no query string form; ${instead}`,
  );
}

/**
 * Encoded as `{?x}` encodes text, so a scalar reads the same from the template or the leftovers.
 *
 * @example
 * queryPair("labels", "bug,ui") // "labels=bug%2Cui"
 */
export function queryPair(name: string, value: string): string {
  return `${encodeText(name, encodeUnreserved, name)}=${encodeText(value, encodeUnreserved, name)}`;
}
