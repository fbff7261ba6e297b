// A table's data read as `routeTable()` takes it (docs/decisions.md, "What a table trusts"): every field read once,
// checked, and copied into frozen records, so nothing of the caller's data is trusted, changed or frozen.
import { EndpointError, kindOf, quote } from "../../core/errors.js";
import type {
  BodyFieldEncoding,
  ContentEncoding,
  ParameterEncoding,
  ParameterPlacement,
  RouteBody,
  RouteEntry,
  RouteServer,
  SkippedOperation,
  TableApi,
  TableArguments,
} from "../../core/route-table.js";
import { isPlainObject, setOwn } from "../../core/values.js";
import { assertHeaderName, assertHeaderValue } from "../../http/headers.js";
import { isToken } from "../../http/tokens.js";
import { parseTableTemplate } from "../../template/template.js";
import { QUERY_STYLES } from "../compile/parameters.js";
import { copyData } from "../data.js";
import { isMediaType } from "../media-types.js";
import { readSchemes } from "../security.js";
import { readServer } from "../server.js";
import { varname } from "../varname.js";

const LONE_SURROGATE = /\p{Cs}/u;
const PLACES: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["path", "query", "header", "cookie", "body"]);
const LOCATIONS: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["path", "query", "querystring", "header", "cookie"]);

/** What many entries share (a body schema's fields, a path's server), read, checked and stored once. */
export interface Copies {
  readonly parameters: Map<object, ReadParameters>;
  readonly servers: Map<unknown, RouteServer>;
}

/** An entry as read: the frozen entry, and its header parameters by lower-case name (the first of a name). */
export interface ReadEntry {
  readonly entry: RouteEntry;
  readonly headers: ReadonlyMap<string, ParameterPlacement>;
}

/** The route entry at `key`, checked and copied. */
export function readEntry(key: string, entry: unknown, copies: Copies): ReadEntry {
  if (!isPlainObject(entry)) fail(key, `is ${kindOf(entry)}, not a route entry`);
  const { url, parameters, body, server, accept, security, operationId, summary, tags, deprecated } = entry;
  if (typeof url !== "string") fail(key, "has no url template");
  const { variables } = parseTableTemplate(url); // checks it now; the analysis is cached for the calls
  if (!isPlainObject(parameters)) fail(key, "has no parameters object");
  let read = copies.parameters.get(parameters);
  if (read === undefined) {
    read = readParameters(key, parameters);
    copies.parameters.set(parameters, read);
  }
  for (const name of read.templated) {
    if (!variables.has(varname(name))) {
      fail(key, `places parameter ${quote(name)} in its template, which has no such variable`);
    }
  }
  const checked: { -readonly [K in keyof RouteEntry]: RouteEntry[K] } = { url, parameters: read.parameters };
  if (body !== undefined) checked.body = readBody(key, body);
  if (server !== undefined) {
    let copy = copies.servers.get(server);
    if (copy === undefined) copies.servers.set(server, (copy = readServer(`route table: ${quote(key)}`, server)));
    checked.server = copy;
  }
  if (accept !== undefined) {
    if (typeof accept !== "string") fail(key, `has accept ${kindOf(accept)}, not a string`);
    assertHeaderValue("accept", accept);
    checked.accept = accept;
  }
  if (security !== undefined) checked.security = readRequirements(key, security);
  if (operationId !== undefined) checked.operationId = readText(key, "operationId", operationId);
  if (summary !== undefined) checked.summary = readText(key, "summary", summary);
  if (tags !== undefined) {
    if (!Array.isArray(tags)) fail(key, `has tags that are ${kindOf(tags)}, not a list`);
    checked.tags = Object.freeze((tags as unknown[]).map((tag) => readText(key, "a tag", tag)));
  }
  if (deprecated !== undefined) {
    if (typeof deprecated !== "boolean") fail(key, `has deprecated that is ${kindOf(deprecated)}, not a boolean`);
    checked.deprecated = deprecated;
  }
  return { entry: Object.freeze(checked), headers: read.headers };
}

/** An operation's text field (its operationId, summary, a tag): a string with no lone surrogate, which no UTF-8 holds. */
function readText(key: string, field: string, text: unknown): string {
  if (typeof text !== "string") fail(key, `has ${field} that is ${kindOf(text)}, not a string`);
  if (LONE_SURROGATE.test(text)) fail(key, `has ${field} ${quote(text)}, which holds a lone UTF-16 surrogate`);
  return text;
}

interface ReadParameters {
  readonly parameters: Readonly<Record<string, ParameterPlacement>>;
  /** The header parameters by lower-case name, for a key that names no parameter exactly (the first of a name). */
  readonly headers: ReadonlyMap<string, ParameterPlacement>;
  /** The names placed in the template, which each entry's template must have. */
  readonly templated: readonly string[];
}

function readParameters(key: string, parameters: Record<string, unknown>): ReadParameters {
  const copy: Record<string, ParameterPlacement> = {};
  const headers = new Map<string, ParameterPlacement>();
  const templated: string[] = [];
  for (const name of Object.keys(parameters)) {
    // A lone surrogate has no UTF-8 form: as a varname it would become U+FFFD and its value be lost.
    if (LONE_SURROGATE.test(name))
      fail(key, `has the parameter name ${quote(name)}, which holds a lone UTF-16 surrogate`);
    const placement = readPlacement(key, name, parameters[name]);
    const location = typeof placement === "object" && "in" in placement ? placement.in : placement;
    // A name no request could carry is refused here, never written into a header.
    if (location === "header") assertHeaderName(name);
    if (location === "cookie" && !isToken(name)) fail(key, `has the cookie name ${quote(name)}, which is no token`);
    if (location === "path" || placement === "query") templated.push(name);
    // A header under its lower-case name, unless another parameter has that name (`Secret` beside a body field `secret`).
    const lower = name.toLowerCase();
    setOwn(copy, location === "header" && !Object.hasOwn(parameters, lower) ? lower : name, placement);
    if (location === "header" && !headers.has(lower)) headers.set(lower, placement);
  }
  return { parameters: Object.freeze(copy), headers, templated };
}

function readPlacement(key: string, name: string, placement: unknown): ParameterPlacement {
  if (PLACES.has(placement)) return placement as ParameterPlacement;
  if (!isPlainObject(placement) || !Object.hasOwn(placement, "in")) {
    return readStyle(key, `parameter ${quote(name)}`, placement);
  }
  const { in: location, style, explode, contentType } = placement;
  const what = `parameter ${quote(name)}`;
  if (!LOCATIONS.has(location)) {
    fail(
      key,
      `places ${what} in ${typeof location === "string" ? quote(location) : kindOf(location)}, which is no location`,
    );
  }
  const read: { -readonly [K in keyof ParameterEncoding]: ParameterEncoding[K] } = {
    in: location as ParameterEncoding["in"],
  };
  if (contentType !== undefined) {
    if (typeof contentType !== "string") fail(key, `has ${what} with a contentType that is ${kindOf(contentType)}`);
    read.contentType = readMediaType(key, contentType);
  } else if (location === "header" || location === "cookie") {
    if (explode !== undefined && typeof explode !== "boolean") fail(key, `has ${what} whose explode is not a boolean`);
    if (explode !== undefined) read.explode = explode;
    if (location === "cookie" && style !== undefined) {
      if (style !== "form" && style !== "cookie") fail(key, `has cookie ${what} of style ${quote(String(style))}`);
      read.style = style;
    }
  } else {
    fail(key, `places ${what} in ${String(location)} with no contentType`);
  }
  return Object.freeze(read);
}

// Every field below is read once into a local, so a getter cannot answer a check one value and the copy another.
function readStyle(key: string, what: string, placement: unknown): BodyFieldEncoding {
  const { style, explode, allowReserved } = isPlainObject(placement) ? placement : ({} as Record<string, unknown>);
  if (!isPlainObject(placement) || !QUERY_STYLES.has(style) || typeof explode !== "boolean") {
    fail(key, `has ${what} placed by ${kindOf(placement)}, not a place or a { style, explode } object`);
  }
  const read: BodyFieldEncoding = { style: style as BodyFieldEncoding["style"], explode };
  return Object.freeze(allowReserved === true ? { ...read, allowReserved: true } : read);
}

function readBody(key: string, body: unknown): RouteBody {
  const { type, encoding, alternatives, stringSchema } = isPlainObject(body) ? body : ({} as Record<string, unknown>);
  if (typeof type !== "string") fail(key, "has a body without a media type");
  const read: { -readonly [K in keyof RouteBody]: RouteBody[K] } = { type: readMediaType(key, type) };
  if (encoding !== undefined) {
    if (!isPlainObject(encoding)) fail(key, "has a body encoding that is not an object");
    const copy: Record<string, BodyFieldEncoding | ContentEncoding> = {};
    for (const field of Object.keys(encoding)) {
      const entry = encoding[field];
      const contentType = isPlainObject(entry) && Object.hasOwn(entry, "contentType") ? entry.contentType : undefined;
      if (contentType === undefined) {
        setOwn(copy, field, readStyle(key, `body field ${quote(field)}`, entry));
      } else {
        if (typeof contentType !== "string")
          fail(key, `has body field ${quote(field)} with a contentType that is ${kindOf(contentType)}`);
        setOwn(copy, field, Object.freeze({ contentType: readMediaType(key, contentType) }));
      }
    }
    read.encoding = Object.freeze(copy);
  }
  if (alternatives !== undefined) {
    if (!Array.isArray(alternatives)) fail(key, "has body alternatives that are not a list");
    const copy: string[] = [];
    for (const alternative of alternatives as unknown[]) {
      if (typeof alternative !== "string") fail(key, `has a body alternative that is ${kindOf(alternative)}`);
      copy.push(readMediaType(key, alternative));
    }
    read.alternatives = Object.freeze(copy);
  }
  if (stringSchema !== undefined) {
    if (typeof stringSchema !== "boolean") fail(key, "has a body stringSchema that is not a boolean");
    read.stringSchema = stringSchema;
  }
  return Object.freeze(read);
}

/** A media type sent as the content type: one `type/subtype` a header value can hold. */
function readMediaType(key: string, type: string): string {
  try {
    assertHeaderValue("content-type", type);
  } catch (error) {
    throw new EndpointError(
      (error as EndpointError).code,
      `route table: ${quote(key)} has the media type ${quote(type)}: ${(error as Error).message}`,
    );
  }
  if (!isMediaType(type)) fail(key, `has the media type ${quote(type)}, which is no type/subtype`);
  return type;
}

/** A route's security requirements: lists of scheme names, which `routeTable()` checks against its schemes. */
function readRequirements(key: string, security: unknown): readonly (readonly string[])[] {
  if (
    !Array.isArray(security) ||
    !security.every((names) => Array.isArray(names) && names.every((name) => typeof name === "string"))
  ) {
    fail(key, "has security that is not a list of lists of scheme names");
  }
  return Object.freeze(security.map((names: string[]) => Object.freeze([...names])));
}

/** What a table's data says of its API, checked and copied. */
export function readApi(api: unknown): TableApi {
  if (api === undefined) return Object.freeze({});
  if (!isPlainObject(api)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `route table: its API must be an object, got ${kindOf(api)}`);
  }
  const { server, securitySchemes, skipped, arguments: taken } = api;
  const read: { -readonly [K in keyof TableApi]: TableApi[K] } = {};
  if (server !== undefined) read.server = readServer("route table", server);
  if (securitySchemes !== undefined) read.securitySchemes = readSchemes("route table", securitySchemes);
  if (skipped !== undefined) read.skipped = readSkipped(skipped);
  if (taken !== undefined) read.arguments = readArguments(taken);
  return Object.freeze(read);
}

/** A list of `{ route, message }` (a route, or a path alone for each of its methods), copied and frozen. */
export function readSkipped(skipped: unknown): readonly SkippedOperation[] {
  if (!Array.isArray(skipped)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `route table: skipped must be a list, got ${kindOf(skipped)}`);
  }
  const copy: SkippedOperation[] = [];
  for (const item of skipped as unknown[]) {
    const { route, message, operationId } = isPlainObject(item) ? item : ({} as Record<string, unknown>);
    if (typeof route !== "string" || typeof message !== "string" || route === "") {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `route table: a skipped operation must be { route, message } strings, got ${kindOf(item)}`,
      );
    }
    const named = operationId === undefined ? undefined : readText(route, "operationId", operationId);
    copy.push(Object.freeze({ route, message, ...(named !== undefined && { operationId: named }) }));
  }
  return Object.freeze(copy);
}

/**
 * What each operation takes (`fluent-endpoint openapi --check` writes it): data, read once and copied; each
 * operation's is read when its argument schema is first asked for, and its schemas made harmless as a description's
 * are (docs/decisions.md, "Hostile schemas").
 */
function readArguments(taken: unknown): TableArguments {
  const { document, operations } = isPlainObject(taken) ? taken : ({} as Record<string, unknown>);
  if (!isPlainObject(taken) || !isPlainObject(document) || !isPlainObject(operations)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `route table: its arguments must be { document, operations } objects, got ${kindOf(taken)}`,
    );
  }
  return Object.freeze(copyData({ document, operations }) as TableArguments);
}

function fail(key: string, problem: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", `route table: ${quote(key)} ${problem}`);
}
