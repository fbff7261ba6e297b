// `routeTable()`: a table's routes checked and copied, with the code that builds them attached.
import { kindOf, EndpointError, quote } from "../core/errors.js";
import {
  type BodyFieldEncoding,
  type RouteBody,
  type RouteEntry,
  routeKey,
  type RouteParameter,
  type RouteServer,
  type RouteTable,
  type SecurityScheme,
  type TableApi,
  type RouteTableData,
  TABLE,
  type TableRuntime,
} from "../core/route-table.js";
import { isPlainObject, ownValue, setOwn } from "../core/values.js";
import { assertHeaderName, assertHeaderValue } from "../http/headers.js";
import { encodeText, formBody, headerText, simpleText, styledPairs } from "../http/serialize.js";
import { isToken } from "../http/tokens.js";
import { parseRoute } from "../http/route.js";
import { encodeUnreserved } from "../template/encode.js";
import { parseTableTemplate } from "../template/template.js";
import { varname } from "./varname.js";
import { readServer, type ServerVariables, serverUrl } from "./server.js";
import { readCredentials, readSchemes, sendCredentials } from "./security.js";

const LONE_SURROGATE = /\p{Cs}/u;
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
 * @param api - what the description says of the API: with a `server`, the table's routes go there with their own
 *   `accept` unless the endpoint sets `baseUrl` or `accept` (without one, to the endpoint's `baseUrl`, GitHub's by
 *   default); its `securitySchemes`, which routes' `security` name
 * @example
 * import { routeTable } from "fluent-endpoint/openapi";
 * const routes = routeTable({ "GET /pets": { url: "/pets{?tags*}", parameters: { tags: "query" } } }, { server: { url: "https://pets.example" } });
 * endpoint.withRoutes(routes)("GET /pets", { tags: ["dog", "cat"] }).url; // "https://pets.example/pets?tags=dog&tags=cat"
 */
export function routeTable<Routes = unknown>(data: RouteTableData, api?: TableApi): RouteTable<Routes> {
  if (!isPlainObject(data)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `routes must be a route table (a plain object), got ${kindOf(data)}`,
    );
  }
  const table: Record<string, RouteEntry> = {};
  const entries: Record<string, RouteEntry> = Object.create(null);
  const copies: Copies = { parameters: new Map(), servers: new Map() };
  for (const key of Object.keys(data)) {
    const { method, url } = parseRoute(key);
    if (method === undefined) fail(key, "has no method");
    const entry = readEntry(key, (data as Record<string, unknown>)[key], copies);
    setOwn(table, key, entry);
    entries[routeKey(method, url)] = entry;
  }
  const read = readApi(api);
  const schemes = read.securitySchemes ?? {};
  for (const key of Object.keys(table)) {
    for (const names of table[key]!.security ?? []) {
      const missing = names.find((name) => !Object.hasOwn(schemes, name));
      if (missing !== undefined)
        fail(key, `names the security scheme ${quote(missing)}, which the table does not declare`);
    }
  }
  return bindTable(Object.freeze(table) as RouteTable<Routes>, Object.freeze(entries), read, {});
}

/** What an endpoint sets for a table's API: values of its servers' variables, credentials by scheme name. */
export interface Binding {
  readonly variables?: ServerVariables;
  readonly credentials?: unknown;
}

/** Where a table's API is kept, to make the same table with other variables or credentials. */
const apis = /*#__PURE__*/ new WeakMap<TableRuntime, TableApi>();

/**
 * A table over `entries` whose routes go to their servers with `binding`'s variables and carry its credentials
 * (checked now, so a bad value fails when the endpoint is made, not at its first call).
 */
export function bindTable<Routes>(
  routes: RouteTable<Routes>,
  entries: TableRuntime["entries"],
  api: TableApi,
  { variables = {}, credentials }: Binding,
): RouteTable<Routes> {
  const { server, securitySchemes = {} } = api;
  // A server whose own default makes no url (DigitalOcean's `{your-agent-url}`) fails the routes that use it,
  // when they are built; a value the endpoint gives fails now.
  const urls = new Map<RouteServer, string | EndpointError>();
  const expand = (each: RouteServer | undefined) => {
    if (each === undefined || urls.has(each)) return;
    try {
      urls.set(each, serverUrl(each, variables));
    } catch (error) {
      const givenHere = Object.keys(each.variables ?? {}).some((name) => Object.hasOwn(variables, name));
      if (!(error instanceof EndpointError) || givenHere) throw error;
      urls.set(each, error);
    }
  };
  expand(server);
  for (const key of Object.keys(entries)) expand(entries[key]!.server);
  const known = new Set(Object.values(entries));
  const base = (entry: RouteEntry | undefined) => {
    if (entry !== undefined && !known.has(entry)) return undefined; // another table's route
    const own = entry?.server ?? server;
    const url = own === undefined ? undefined : urls.get(own);
    if (url instanceof EndpointError) throw url;
    return url;
  };
  const placements = credentials === undefined ? undefined : readCredentials(credentials, securitySchemes, known);
  const authorize = (entry: RouteEntry, url: string, headers: Record<string, unknown>) => {
    if (placements === undefined || !known.has(entry)) return "";
    const to = base(entry);
    return to === undefined ? "" : sendCredentials(placements, entry, to, url, headers);
  };
  // Frozen all through (entries, runtime, table): a table's routes never change once made.
  const runtime: TableRuntime = Object.freeze({ entries, values, placeParameter, formBody, server: base, authorize });
  apis.set(runtime, api);
  const table: Record<string, RouteEntry> = {};
  for (const key of Object.keys(routes)) setOwn(table, key, routes[key]!);
  Object.defineProperty(table, TABLE, { value: runtime });
  return Object.freeze(table) as RouteTable<Routes>;
}

/**
 * What a table knows of its API, as `routeTable()` took it: its server (`openAPIRoutes()`: the description's first)
 * and its security schemes; an empty object for none.
 *
 * @example
 * tableApi(openAPIRoutes(description)).server; // { url: "https://api.example.com/v1" }
 */
export function tableApi(routes: RouteTable): TableApi {
  return apis.get(routes[TABLE]) ?? {};
}

function readApi(api: unknown): TableApi {
  if (api === undefined) return Object.freeze({});
  if (!isPlainObject(api)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `route table: its API must be an object, got ${kindOf(api)}`);
  }
  const { server, securitySchemes } = api;
  const read: { server?: RouteServer; securitySchemes?: Readonly<Record<string, SecurityScheme>> } = {};
  if (server !== undefined) read.server = readServer("route table", server);
  if (securitySchemes !== undefined) read.securitySchemes = readSchemes("route table", securitySchemes);
  return Object.freeze(read);
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

function placeParameter(
  name: string,
  value: unknown,
  placement: RouteParameter,
  headers: Record<string, unknown>,
): string {
  if (value === undefined || value === null) return "";
  if (placement === "header") {
    const lower = name.toLowerCase();
    // A header parameter named `Cookie` joins the cookie parameters' header instead of replacing it.
    if (lower === "cookie") addCookie(headers, headerText(name, value));
    else setOwn(headers, lower, headerText(name, value));
  } else if (placement === "cookie") {
    // Encoded before it is a header value, so `€` is `%E2%82%AC` as `é` is `%C3%A9`.
    addCookie(headers, `${name}=${encodeText(simpleText(name, value), encodeUnreserved, name)}`);
  } else if (typeof placement === "object") {
    return styledPairs(name, value, placement);
  }
  return "";
}

function addCookie(headers: Record<string, unknown>, text: string): void {
  const cookie = ownValue(headers, "cookie");
  headers.cookie = cookie === undefined ? text : `${String(cookie)}; ${text}`;
}

/** What many entries share (a body schema's fields, a path's server), read, checked and stored once. */
interface Copies {
  readonly parameters: Map<object, ReadParameters>;
  readonly servers: Map<unknown, RouteServer>;
}

function readEntry(key: string, entry: unknown, copies: Copies): RouteEntry {
  if (!isPlainObject(entry)) fail(key, `is ${kindOf(entry)}, not a route entry`);
  const { url, parameters, body, server, accept, security } = entry;
  if (typeof url !== "string") fail(key, "has no url template");
  const { variables } = parseTableTemplate(url); // checks it now; the analysis is cached for parse
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
  const checked: {
    url: string;
    parameters: Readonly<Record<string, RouteParameter>>;
    body?: RouteBody;
    server?: RouteServer;
    accept?: string;
    security?: readonly (readonly string[])[];
  } = { url, parameters: read.parameters };
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
  if (renamed.length > 0) aliases.set(checked, renamed);
  return Object.freeze(checked);
}

interface ReadParameters {
  readonly parameters: Readonly<Record<string, RouteParameter>>;
  /** The names placed in the template, which each entry's template must have. */
  readonly templated: readonly string[];
}

function readParameters(key: string, parameters: Record<string, unknown>): ReadParameters {
  const copy: Record<string, RouteParameter> = {};
  const templated: string[] = [];
  for (const name of Object.keys(parameters)) {
    // A lone surrogate has no UTF-8 form: as a varname it would become U+FFFD and its value be lost.
    if (LONE_SURROGATE.test(name))
      fail(key, `has the parameter name ${quote(name)}, which holds a lone UTF-16 surrogate`);
    const placement = readPlacement(key, name, parameters[name]);
    // A name no request could carry is refused here, never written into a header.
    if (placement === "header") assertHeaderName(name);
    if (placement === "cookie" && !isToken(name)) fail(key, `has the cookie name ${quote(name)}, which is no token`);
    if (placement === "path" || placement === "query") templated.push(name);
    setOwn(copy, placement === "header" ? name.toLowerCase() : name, placement);
  }
  return { parameters: Object.freeze(copy), templated };
}

function readPlacement(key: string, name: string, placement: unknown): RouteParameter {
  if (PLACES.has(placement)) return placement as RouteParameter;
  return readStyle(key, `parameter ${quote(name)}`, placement);
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
  const { type, encoding } = isPlainObject(body) ? body : ({} as Record<string, unknown>);
  if (typeof type !== "string") fail(key, "has a body without a media type");
  readMediaType(key, type);
  if (encoding === undefined) return Object.freeze({ type });
  if (!isPlainObject(encoding)) fail(key, "has a body encoding that is not an object");
  const copy: Record<string, BodyFieldEncoding> = {};
  for (const field of Object.keys(encoding))
    setOwn(copy, field, readStyle(key, `body field ${quote(field)}`, encoding[field]));
  return Object.freeze({ type, encoding: Object.freeze(copy) });
}

/** A media type sent as the content type: `type/subtype`, two tokens, then any parameters a header value can hold. */
function readMediaType(key: string, type: string): void {
  try {
    assertHeaderValue("content-type", type);
  } catch (error) {
    throw new EndpointError(
      (error as EndpointError).code,
      `route table: ${quote(key)} has the media type ${quote(type)}: ${(error as Error).message}`,
    );
  }
  const semicolon = type.indexOf(";");
  const [kind, subtype, ...rest] = (semicolon === -1 ? type : type.slice(0, semicolon)).trim().split("/");
  if (!isToken(kind ?? "") || !isToken(subtype ?? "") || rest.length > 0) {
    fail(key, `has the media type ${quote(type)}, which is no type/subtype`);
  }
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

function fail(key: string, problem: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", `route table: ${quote(key)} ${problem}`);
}
