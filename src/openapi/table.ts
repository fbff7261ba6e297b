// `routeTable()`: a table's routes checked and copied, with the code that builds them attached.
import { describe, EndpointError, quote } from "../core/errors.js";
import {
  type BodyFieldEncoding,
  type RouteBody,
  type RouteEntry,
  routeKey,
  type RouteParameter,
  type RouteTable,
  type RouteTableData,
  TABLE,
  type TableRuntime,
} from "../core/route-table.js";
import { isPlainObject, ownValue, setOwn } from "../core/values.js";
import { assertHeaderName, assertHeaderValue } from "../http/headers.js";
import { encodeText, formBody, headerText, styledPairs } from "../http/serialize.js";
import { isToken } from "../http/tokens.js";
import { parseRoute } from "../http/route.js";
import { encodeUnreserved } from "../template/encode.js";
import { parseTableTemplate } from "../template/template.js";
import { varname } from "./varname.js";

const PLACES: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["path", "query", "header", "cookie", "body"]);
/** The query styles our code writes, also in a form body's `encoding`. */
export const QUERY_STYLES: ReadonlySet<unknown> = /*#__PURE__*/ new Set([
  "form",
  "spaceDelimited",
  "pipeDelimited",
  "deepObject",
]);

/**
 * A route table for `withRoutes(routes)`: `data` (as `fluent-endpoint openapi` writes it, or by hand) checked and copied.
 *
 * @example
 * import { routeTable } from "fluent-endpoint/openapi";
 * const routes = routeTable({ "GET /pets": { url: "/pets{?tags*}", parameters: { tags: "query" } } });
 * endpoint.withRoutes(routes)("GET /pets", { tags: ["dog", "cat"] }).url; // "https://api.github.com/pets?tags=dog&tags=cat"
 */
export function routeTable<Routes = unknown>(data: RouteTableData): RouteTable<Routes> {
  if (!isPlainObject(data)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `routes must be a route table (a plain object), got ${describe(data)}`,
    );
  }
  const table: Record<string, RouteEntry> = {};
  const entries = new Map<string, RouteEntry>();
  for (const key of Object.keys(data)) {
    const { method, url } = parseRoute(key);
    if (method === undefined) fail(key, "has no method");
    const entry = readEntry(key, (data as Record<string, unknown>)[key]);
    setOwn(table, key, entry);
    entries.set(routeKey(method, url), entry);
  }
  const runtime: TableRuntime = { entries, values, place, formBody };
  Object.defineProperty(table, TABLE, { value: runtime });
  return Object.freeze(table) as RouteTable<Routes>;
}

// The parameters a template names by another varname (`user-id` as `user%2Did`), found once per entry.
const aliases = /*#__PURE__*/ new WeakMap<RouteEntry, [name: string, alias: string][]>();

function values(entry: RouteEntry, params: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  let aliased: Record<string, unknown> | undefined;
  for (const [name, alias] of aliases.get(entry) ?? []) {
    if (Object.hasOwn(params, name)) setOwn((aliased ??= { ...params }), alias, params[name]);
  }
  return aliased ?? params;
}

function place(name: string, value: unknown, placement: RouteParameter, headers: Record<string, unknown>): string {
  if (value === undefined || value === null) return "";
  if (placement === "header") {
    setOwn(headers, name.toLowerCase(), headerText(name, value));
  } else if (placement === "cookie") {
    const cookie = ownValue(headers, "cookie");
    const pair = `${name}=${encodeText(headerText(name, value), encodeUnreserved, name)}`;
    headers.cookie = cookie === undefined ? pair : `${String(cookie)}; ${pair}`;
  } else if (typeof placement === "object") {
    return styledPairs(name, value, placement);
  }
  return "";
}

function readEntry(key: string, entry: unknown): RouteEntry {
  if (!isPlainObject(entry)) fail(key, `is ${describe(entry)}, not a route entry`);
  const { url, parameters, body } = entry;
  if (typeof url !== "string") fail(key, "has no url template");
  const { variables } = parseTableTemplate(url); // checks it now; the analysis is cached for parse
  if (!isPlainObject(parameters)) fail(key, "has no parameters object");
  const copy: Record<string, RouteParameter> = {};
  for (const name of Object.keys(parameters)) {
    const placement = readPlacement(key, name, parameters[name]);
    // A name no request could carry is refused here, never written into a header.
    if (placement === "header") assertHeaderName(name);
    if (placement === "cookie" && !isToken(name)) fail(key, `has the cookie name ${quote(name)}, which is no token`);
    if ((placement === "path" || placement === "query") && !variables.has(varname(name))) {
      fail(key, `places parameter ${quote(name)} in its template, which has no such variable`);
    }
    setOwn(copy, placement === "header" ? name.toLowerCase() : name, placement);
  }
  const read: { url: string; parameters: Readonly<Record<string, RouteParameter>>; body?: RouteBody } = {
    url,
    parameters: Object.freeze(copy),
  };
  if (body !== undefined) read.body = readBody(key, body);
  // A template's varname that is no parameter name (`user%2Did`) is filled from the name it encodes.
  const renamed: [string, string][] = [];
  for (const name of variables) {
    if (name.indexOf("%") === -1) continue;
    try {
      renamed.push([decodeURIComponent(name), name]);
    } catch {
      fail(key, `has the template variable ${quote(name)}, which is no UTF-8 name`);
    }
  }
  if (renamed.length > 0) aliases.set(read, renamed);
  return Object.freeze(read);
}

function readPlacement(key: string, name: string, placement: unknown): RouteParameter {
  if (PLACES.has(placement)) return placement as RouteParameter;
  return readStyle(key, `parameter ${quote(name)}`, placement);
}

function readStyle(key: string, what: string, style: unknown): BodyFieldEncoding {
  if (!isPlainObject(style) || !QUERY_STYLES.has(style.style) || typeof style.explode !== "boolean") {
    fail(key, `has ${what} placed by ${describe(style)}, not a place or a { style, explode } object`);
  }
  const read: BodyFieldEncoding = { style: style.style as BodyFieldEncoding["style"], explode: style.explode };
  return Object.freeze(style.allowReserved === true ? { ...read, allowReserved: true } : read);
}

function readBody(key: string, body: unknown): RouteBody {
  if (!isPlainObject(body) || typeof body.type !== "string") fail(key, "has a body without a media type");
  assertHeaderValue("content-type", body.type); // sent as the content type
  const { encoding } = body;
  if (encoding === undefined) return Object.freeze({ type: body.type });
  if (!isPlainObject(encoding)) fail(key, "has a body encoding that is not an object");
  const copy: Record<string, BodyFieldEncoding> = {};
  for (const field of Object.keys(encoding))
    setOwn(copy, field, readStyle(key, `body field ${quote(field)}`, encoding[field]));
  return Object.freeze({ type: body.type, encoding: Object.freeze(copy) });
}

function fail(key: string, problem: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", `route table: ${quote(key)} ${problem}`);
}
