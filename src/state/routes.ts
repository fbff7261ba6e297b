import { parseRoute } from "../http/route.js";
import { parseTableTemplate } from "../template/template.js";
import type { Conventions } from "../core/conventions.js";
import { describe, EndpointError, quote } from "../core/errors.js";
import {
  type BodyFieldEncoding,
  type RouteBody,
  type RouteEntry,
  routeKey,
  type RouteParameter,
  type RouteTable,
} from "../core/route-table.js";
import { isPlainObject, setOwn } from "../core/values.js";

const PLACES: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["path", "query", "header", "cookie", "body"]);
const STYLES: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]);

/** `conventions` with the routes of `table` added (a route already there is replaced); each entry checked and copied. */
export function withRouteTable(conventions: Conventions, table: RouteTable): Conventions {
  if (!isPlainObject(table)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `routes must be a route table (a plain object), got ${describe(table)}`,
    );
  }
  const routes = new Map(conventions.routes);
  for (const key of Object.keys(table)) {
    const { method, url } = parseRoute(key);
    if (method === undefined) fail(key, "has no method");
    routes.set(routeKey(method, url), readEntry(key, (table as Record<string, unknown>)[key]));
  }
  return { ...conventions, routes };
}

function readEntry(key: string, entry: unknown): RouteEntry {
  if (!isPlainObject(entry)) fail(key, `is ${describe(entry)}, not a route entry`);
  const { url, parameters, body } = entry;
  if (typeof url !== "string") fail(key, "has no url template");
  parseTableTemplate(url); // checks it now; the analysis is cached for parse
  if (!isPlainObject(parameters)) fail(key, "has no parameters object");
  const copy: Record<string, RouteParameter> = {};
  for (const name of Object.keys(parameters)) setOwn(copy, name, readPlacement(key, name, parameters[name]));
  const read: { url: string; parameters: Readonly<Record<string, RouteParameter>>; body?: RouteBody } = {
    url,
    parameters: Object.freeze(copy),
  };
  if (body !== undefined) read.body = readBody(key, body);
  return Object.freeze(read);
}

function readPlacement(key: string, name: string, placement: unknown): RouteParameter {
  if (PLACES.has(placement)) return placement as RouteParameter;
  return readStyle(key, `parameter ${quote(name)}`, placement);
}

function readStyle(key: string, what: string, style: unknown): BodyFieldEncoding {
  if (!isPlainObject(style) || !STYLES.has(style.style) || typeof style.explode !== "boolean") {
    fail(key, `has ${what} placed by ${describe(style)}, not a place or a { style, explode } object`);
  }
  return Object.freeze({
    style: style.style as BodyFieldEncoding["style"],
    explode: style.explode,
    allowReserved: style.allowReserved === true,
  });
}

function readBody(key: string, body: unknown): RouteBody {
  if (!isPlainObject(body) || typeof body.type !== "string") fail(key, "has a body without a media type");
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
