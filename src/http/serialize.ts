// Values written into a query, a header, a cookie or a form body, by style (docs/decisions.md, "OpenAPI styles"):
// a plain route's leftover query, a table's styled parameters, and every form body, `toFetch`'s included.
// A url's template is expanded by RFC 6570 (src/template/).
import { kindOf, EndpointError, asLengthError, quote } from "../core/errors.js";
import type { BodyFieldEncoding as Style, QueryStyle } from "../core/route-table.js";
import { isList, isPlainObject, itemTexts, scalarText } from "../core/values.js";
import { Walk } from "../core/walk.js";
import { encodeReserved, encodeUnreserved } from "../template/encode.js";
import { assertHeaderValue } from "./headers.js";

// Encoded as the OpenAPI style examples write them (a raw `|` is no query character).
const DELIMITERS: Partial<Record<QueryStyle, string>> = { form: ",", spaceDelimited: "%20", pipeDelimited: "%7C" };

/**
 * `name=value` pairs joined by `&` for one parameter; "" when its value is undefined or null.
 *
 * @example
 * styledPairs("color", { R: 100, G: 200 }, { style: "deepObject", explode: true }) // "color%5BR%5D=100&color%5BG%5D=200"
 */
export function styledPairs(name: string, value: unknown, style: Style): string {
  if (value === undefined || value === null) return "";
  const encode = style.allowReserved === true ? encodeReserved : encodeUnreserved;
  const pair = (key: string, text: string) => `${encodeText(key, encode, name)}=${encodeText(text, encode, name)}`;
  const walk = new Walk(name);
  if (style.style === "deepObject") {
    const pairs: string[] = [];
    deepPairs(encodeText(name, encode, name), value, walk, encode, pairs);
    return pairs.join("&");
  }
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
  return `${encodeText(name, encode, name)}=${texts.map((text) => encodeText(text, encode, name)).join(delimiter)}`;
}

// docs/decisions.md, "OpenAPI styles": a list inside a deepObject is written by index, as `a[0]=x`.
function deepPairs(
  encodedKey: string,
  value: unknown,
  walk: Walk,
  encode: (text: string) => string | undefined,
  pairs: string[],
): void {
  if (value === undefined || value === null) return;
  const { name } = walk;
  const text = scalarText(value, name);
  if (text !== undefined) {
    pairs.push(`${encodedKey}=${encodeText(text, encode, name)}`);
    return;
  }
  if (!Array.isArray(value) && !isPlainObject(value)) throw unexpressible(name, value, "deepObject");
  walk.enter(value);
  // Each key encoded once, as its own part of `a[b][c]`: encoding is per character, so the whole reads the same.
  const [open, close] = encode === encodeUnreserved ? ["%5B", "%5D"] : ["[", "]"];
  for (const inner of walk.keys(value)) {
    const key = `${encodedKey}${open}${encodeText(inner, encode, name)}${close}`;
    deepPairs(key, (value as Record<string, unknown>)[inner], walk, encode, pairs);
  }
  walk.leave();
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
 * A header parameter's value as text, by the `simple` style: a list as `a,b`, an object as `k,v,k,v`.
 *
 * @example
 * headerText("X-Dangerous", true) // "true"
 */
export function headerText(name: string, value: unknown): string {
  const result = simpleText(name, value);
  assertHeaderValue(name, result);
  return result;
}

/**
 * A value as text by the `simple` style, as a header or a cookie writes it: a list as `a,b`, an object as `k,v,k,v`.
 *
 * @example
 * simpleText("sid", ["a", 1]) // "a,1"
 */
export function simpleText(name: string, value: unknown): string {
  const text = scalarText(value, name);
  if (text === undefined && !Array.isArray(value) && !isPlainObject(value)) throw unexpressible(name, value, "simple");
  const result =
    text ??
    new Walk(name)
      .keys(value as object)
      .flatMap((key) => {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || item === null) return [];
        const itemText = scalarText(item, name);
        if (itemText === undefined) throw unexpressible(name, item, "simple");
        return Array.isArray(value) ? [itemText] : [key, itemText];
      })
      .join(",");
  return result;
}

/**
 * Form fields as `application/x-www-form-urlencoded` text: `form` with `explode` unless `encoding` says
 * otherwise, a nested object as `deepObject`.
 *
 * @example
 * formBody({ amount: 100, metadata: { order: "6735" } }, {}) // "amount=100&metadata%5Border%5D=6735"
 */
export function formBody(fields: Readonly<Record<string, unknown>>, encoding: Readonly<Record<string, Style>>): string {
  const pairs: string[] = [];
  let name: string | undefined;
  try {
    for (name of Object.keys(fields)) {
      const value = fields[name];
      const style = (Object.hasOwn(encoding, name) ? encoding[name] : undefined) ?? defaultFormStyle(name, value);
      const written = styledPairs(name, value, style);
      if (written !== "") pairs.push(written);
    }
    return pairs.join("&");
  } catch (error) {
    throw asLengthError(
      error,
      name === undefined ? "the form body is" : `parameter ${quote(name)} makes the form body`,
    );
  }
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
    return texts.length === 0 ? undefined : texts.map(([, text]) => text).join(",");
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
  const encodedName = encodeUnreserved(name);
  const encodedValue = encodeUnreserved(value);
  if (encodedName === undefined || encodedValue === undefined) {
    throw new EndpointError("ERR_INVALID_PARAMETER", `parameter ${quote(name)} contains a lone UTF-16 surrogate`);
  }
  return `${encodedName}=${encodedValue}`;
}
