// The OpenAPI styles that RFC 6570 has no operator for, written by our code (docs/decisions.md, "OpenAPI styles").
import { describe, EndpointError, quote } from "../core/errors.js";
import type { BodyFieldEncoding as Style, QueryStyle } from "../core/route-table.js";
import { isPlainObject, MAX_DEPTH, scalarText } from "../core/values.js";
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
  if (style.style === "deepObject") return deepPairs(name, value, name, pair, 0).join("&");
  const text = scalarText(value, name);
  if (text !== undefined) return pair(name, text);
  const list = Array.isArray(value);
  if (!list && !isPlainObject(value)) throw unexpressible(name, value, style.style);
  const items: [string, string][] = [];
  for (const key of keysOf(value, name)) {
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
  key: string,
  value: unknown,
  name: string,
  pair: (key: string, text: string) => string,
  depth: number,
): string[] {
  if (value === undefined || value === null) return [];
  const text = scalarText(value, name);
  if (text !== undefined) return [pair(key, text)];
  if (!Array.isArray(value) && !isPlainObject(value)) throw unexpressible(name, value, "deepObject");
  if (depth === MAX_DEPTH) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} is nested more than ${MAX_DEPTH} levels deep`,
    );
  }
  const pairs: string[] = [];
  for (const inner of keysOf(value, name)) {
    for (const written of deepPairs(
      `${key}[${inner}]`,
      (value as Record<string, unknown>)[inner],
      name,
      pair,
      depth + 1,
    )) {
      pairs.push(written);
    }
  }
  return pairs;
}

/** The keys of a list or object; a list's first hole refused (docs/decisions.md, "Sparse arrays"), in time bounded by its items. */
function keysOf(value: object, name: string): string[] {
  const keys = Object.keys(value);
  if (Array.isArray(value) && keys.length !== value.length) {
    let hole = 0;
    while (keys[hole] === String(hole)) hole++;
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} contains a sparse array (a hole at index ${hole})`,
    );
  }
  return keys;
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
    `parameter ${quote(name)} is ${describe(value)}, which the ${style} style cannot express`,
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
    keysOf(value as object, name)
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
  for (const name of Object.keys(fields)) {
    const value = fields[name];
    const style =
      (Object.hasOwn(encoding, name) ? encoding[name] : undefined) ??
      (isPlainObject(value) ||
      (Array.isArray(value) &&
        keysOf(value, name).some((key) => typeof value[Number(key)] === "object" && value[Number(key)] !== null))
        ? DEEP
        : FORM);
    const written = styledPairs(name, value, style);
    if (written !== "") pairs.push(written);
  }
  return pairs.join("&");
}

const FORM: Style = { style: "form", explode: true };
const DEEP: Style = { style: "deepObject", explode: true };
