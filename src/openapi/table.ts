// `routeTable()`: a table's routes checked and copied, with the code that builds them attached.
import { kindOf, EndpointError, quote } from "../core/errors.js";
import {
  type BodyFieldEncoding,
  type CallArguments,
  type ContentEncoding,
  type ParameterEncoding,
  type CheckedEntry,
  HEADER_NAMES,
  type RouteBody,
  type RouteEntry,
  type ParameterPlacement,
  type RouteServer,
  type RouteTable,
  type SkippedOperation,
  type TableApi,
  type RouteTableData,
  TABLE,
  tableRuntime,
  type TableCode,
  type TableRuntime,
} from "../core/route-table.js";
import { builtinKind, isPlainObject, ownValue, scalarText, setOwn } from "../core/values.js";
import { Walk } from "../core/walk.js";
import { assertHeaderName, assertHeaderValue } from "../http/headers.js";
import { isJsonType, jsonText } from "../http/json.js";
import { contentText, cookieText, encodedFormBody, encodeText, headerText, styledPairs } from "../http/serialize.js";
import { isToken, methodKey } from "../http/tokens.js";
import { parseRoute } from "../http/route.js";
import { encodeUnreserved } from "../template/encode.js";
import { parseTableTemplate } from "../template/template.js";
import { varname } from "./varname.js";
import { readServer, type ServerVariables, serverUrl } from "./server.js";
import { readCredentials, readSchemes, sendCredentials } from "./security.js";
import { keepSource, sourceOf } from "./sources.js";
import { copyData } from "./data.js";

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
  return checkedTable(data, api);
}

/**
 * `routeTable()`, or with `skipped` (`openAPIRoutes()`'s tolerant compile) an entry it refuses left out and added
 * there, with its message, instead of refusing the table.
 */
export function checkedTable<Routes>(data: unknown, api: unknown, skipped?: SkippedOperation[]): RouteTable<Routes> {
  if (!isPlainObject(data)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `routes must be a route table (a plain object), got ${kindOf(data)}`,
    );
  }
  const table: Record<string, RouteEntry> = {};
  const entries: Record<string, RouteEntry> = Object.create(null);
  const copies: Copies = { parameters: new Map(), servers: new Map() };
  const read = readApi(api);
  const schemes = read.securitySchemes ?? {};
  for (const key of Object.keys(data)) {
    let entry: RouteEntry, method: string | undefined, url: string;
    try {
      ({ method, url } = parseRoute(key));
      if (method === undefined) fail(key, "has no method");
      entry = readEntry(key, data[key], copies);
      for (const names of entry.security ?? []) {
        const missing = names.find((name) => !Object.hasOwn(schemes, name));
        if (missing !== undefined)
          fail(key, `names the security scheme ${quote(missing)}, which the table does not declare`);
      }
    } catch (error) {
      if (skipped === undefined || !(error instanceof EndpointError)) throw error;
      // Its message names the operation, as one of its calls would (`header name "" is not …` names none).
      const named = error.message.includes(quote(key)) ? error.message : `route table: ${quote(key)}: ${error.message}`;
      // `skipped` is given by openAPIRoutes() alone, so `data` is its own output, read again without harm.
      const { operationId } = data[key] as RouteEntry;
      skipped.push({ route: key, message: named, ...(typeof operationId === "string" && { operationId }) });
      continue;
    }
    setOwn(table, key, entry);
    // By the method as sent: a standard one in any case, an extension method as written (docs/decisions.md, "Method case").
    entries[`${methodKey(method!)} ${url}`] = entry;
  }
  for (const { route } of read.skipped ?? []) {
    if (Object.hasOwn(table, route)) fail(route, "is both a route and a skipped operation");
  }
  const kept =
    skipped === undefined || skipped.length === 0
      ? read
      : Object.freeze({ ...read, skipped: readSkipped([...(read.skipped ?? []), ...skipped]) });
  return withRuntime(table, tableRuntimeOf(Object.freeze(entries), kept, {}));
}

/**
 * The operations a table left out, each with the message a call of it throws: a description's flaws confined to one
 * operation (or one path), which `openAPIRoutes()` compiles around (docs/decisions.md, "Tolerant compile").
 *
 * @example
 * const routes = openAPIRoutes(description); // `POST /v1/pages` has a header parameter named ""
 * skippedOperations(routes); // [{ route: "POST /v1/pages", message: 'route table: "POST /v1/pages": header name "" is not an HTTP token' }]
 * endpoint.withRoutes(routes)("POST /v1/pages"); // throws ERR_INVALID_OPTIONS with that message
 */
export function skippedOperations(routes: RouteTable): readonly SkippedOperation[] {
  let api: TableApi | undefined;
  try {
    api = apis.get(routes[TABLE]);
  } catch {
    // Not an object, or a revoked Proxy: no table.
  }
  if (api === undefined) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `skippedOperations() needs a table from openAPIRoutes() or routeTable(), got ${kindOf(routes)}`,
    );
  }
  return api.skipped ?? [];
}

/** What an endpoint sets for a table's API: values of its servers' variables (checked), credentials by scheme name. */
export interface Binding {
  readonly variables?: ServerVariables;
  readonly credentials?: unknown;
  /** Checks a call's arguments for one of the table's routes before it is built (`openAPIEndpoint(…, { check: true })`). */
  readonly check?: ArgumentCheck;
}

/** Throws `ERR_INVALID_ARGUMENTS` when a call's arguments break what the route's operation declares. */
export type ArgumentCheck = (
  entry: RouteEntry,
  params: Readonly<Record<string, unknown>>,
  call: CallArguments | undefined,
) => void;

/** Where a table's API is kept, to make the same table with other variables or credentials. */
const apis = /*#__PURE__*/ new WeakMap<TableRuntime, TableApi>();

/** `routes` (a table) again, its routes going to their servers with `binding`'s variables and carrying its credentials. */
export function bindTable<Routes>(routes: RouteTable<Routes>, binding: Binding): RouteTable<Routes> {
  const runtime = routes[TABLE];
  const table: Record<string, RouteEntry> = {};
  for (const key of Object.keys(routes)) setOwn(table, key, routes[key]!);
  const bound = tableRuntimeOf(runtime.entries, apis.get(runtime) ?? {}, binding);
  keepSource(bound, sourceOf(runtime));
  return withRuntime(table, bound);
}

/** `table`, a fresh record of routes, frozen with `runtime` under the key `withRoutes()` reads. */
function withRuntime<Routes>(table: Record<string, RouteEntry>, runtime: TableRuntime): RouteTable<Routes> {
  Object.defineProperty(table, TABLE, { value: runtime });
  return Object.freeze(table) as RouteTable<Routes>;
}

/**
 * The code that builds `entries`, their routes going to their servers with `binding`'s variables and carrying its
 * credentials (both checked now, so a bad value fails when the endpoint is made, not at its first call).
 */
function tableRuntimeOf(entries: TableRuntime["entries"], api: TableApi, binding: Binding): TableRuntime {
  // By method (as the entries key it), then url: a lookup builds no "METHOD url" key on every call.
  const byMethod = new Map<string, Map<string, RouteEntry>>();
  for (const key of Object.keys(entries)) {
    const space = key.indexOf(" ");
    const method = key.slice(0, space);
    byMethod.set(method, (byMethod.get(method) ?? new Map()).set(key.slice(space + 1), entries[key]!));
  }
  const { server, securitySchemes = {}, skipped = [] } = api;
  // A skipped operation is found by its route, or by its path for every method, and throws what compiling it threw.
  const leftOut = new Map<string, string>();
  for (const { route, message } of skipped) {
    const space = route.indexOf(" ");
    leftOut.set(space === -1 ? route : `${methodKey(route.slice(0, space))}${route.slice(space)}`, message);
  }
  const route = (method: string, url: string) => {
    const entry = byMethod.get(methodKey(method))?.get(url);
    if (entry !== undefined || leftOut.size === 0) return entry;
    const message = leftOut.get(`${methodKey(method)} ${url}`) ?? leftOut.get(url);
    if (message !== undefined) throw new EndpointError("ERR_INVALID_OPTIONS", message);
    return undefined;
  };
  const known = new Set(Object.values(entries));
  const { variables = {} } = binding;
  // A server whose own default makes no url (DigitalOcean's `{your-agent-url}`) fails the routes that use it,
  // when they are built; a value the endpoint gives fails now.
  const urls = new Map<RouteServer, string | EndpointError>();
  for (const each of serversOf(known, api)) {
    try {
      urls.set(each, serverUrl(each, variables));
    } catch (error) {
      const givenHere = Object.keys(each.variables ?? {}).some((name) => Object.hasOwn(variables, name));
      if (!(error instanceof EndpointError) || givenHere) throw error;
      urls.set(each, error);
    }
  }
  const serverOf = (entry: RouteEntry | undefined) => {
    if (entry !== undefined && !known.has(entry)) return undefined; // another table's route
    const own = entry?.server ?? server;
    const url = own === undefined ? undefined : urls.get(own);
    if (url instanceof EndpointError) throw url;
    return url;
  };
  const { credentials } = binding;
  const placements = credentials === undefined ? undefined : readCredentials(credentials, securitySchemes, known);
  const authorize = (entry: RouteEntry, url: string, headers: Record<string, unknown>) => {
    if (placements === undefined || !known.has(entry)) return "";
    const to = serverOf(entry);
    return to === undefined ? "" : sendCredentials(placements, entry, to, url, headers);
  };
  const { check } = binding;
  const checkedValues: TableCode["values"] =
    check === undefined
      ? values
      : (entry: RouteEntry, params: Readonly<Record<string, unknown>>, call?: CallArguments) => {
          if (known.has(entry)) check(entry, params, call);
          return values(entry, params);
        };
  const operation = operationLookup(entries, api.skipped ?? []);
  // A later table's routes replace an earlier one's of the same key, and its operations an earlier one's of the same
  // name; each route keeps its own table's server.
  const over = (below: TableCode): TableCode =>
    Object.freeze({
      route: (method: string, url: string) => route(method, url) ?? below.route(method, url),
      operation: (name: string) => operation(name, below),
      values: checkedValues,
      placeParameter,
      writeBody,
      server: (entry: RouteEntry | undefined) => serverOf(entry) ?? below.server(entry),
      authorize: (entry: RouteEntry, url: string, headers: Record<string, unknown>) =>
        authorize(entry, url, headers) || below.authorize(entry, url, headers),
    });
  // Frozen all through (entries, runtime, table): a table's routes never change once made.
  const runtime: TableRuntime = Object.freeze({
    entries,
    route,
    operation,
    values: checkedValues,
    placeParameter,
    writeBody,
    server: serverOf,
    authorize,
    over,
  });
  apis.set(runtime, api);
  return runtime;
}

/** The candidates an unknown-name error of a table below considered, so the table above adds its own to them. */
const unknownNames = /*#__PURE__*/ new WeakMap<object, readonly string[]>();

/**
 * `entries`' lookup by operationId (docs/decisions.md, "Operations by name"): a name resolves to its route once, then
 * the route is called as any other. Names are matched as written; two operations of a name are refused by name, while
 * each keeps its route.
 */
function operationLookup(
  entries: TableRuntime["entries"],
  skipped: readonly SkippedOperation[],
): TableRuntime["operation"] {
  const byName = new Map<string, string[]>();
  for (const key of Object.keys(entries)) {
    const entry = entries[key]!;
    if (entry.operationId === undefined) continue;
    const routes = byName.get(entry.operationId);
    const route = routeNames.get(entry) ?? key;
    if (routes === undefined) byName.set(entry.operationId, [route]);
    else routes.push(route);
  }
  return (name, below) => {
    const routes = byName.get(name);
    if (routes?.length === 1) return routes[0]!;
    if (routes !== undefined) {
      throw new EndpointError(
        "ERR_INVALID_ROUTE",
        `operationId ${quote(name)} names ${routes.length} operations, ${routes.join(" and ")}: call one by its route`,
      );
    }
    if (typeof name !== "string") {
      throw new EndpointError("ERR_INVALID_ROUTE", `an operationId must be a string, got ${kindOf(name)}`);
    }
    // A left-out operation's name throws what its route throws (docs/decisions.md, "Tolerant compile").
    const leftOut = skipped.find((operation) => operation.operationId === name);
    if (leftOut !== undefined) throw new EndpointError("ERR_INVALID_OPTIONS", leftOut.message);
    let names: readonly string[] = [...byName.keys()];
    if (below !== undefined) {
      try {
        return below.operation(name);
      } catch (error) {
        const more = unknownNames.get(error as object);
        if (more === undefined) throw error;
        names = [...names, ...more];
      }
    }
    const error = new EndpointError("ERR_INVALID_ROUTE", unknownOperation(name, names));
    unknownNames.set(error, names);
    throw error;
  };
}

/** The message for a name no table has: the closest names, by edit distance, ignoring case. */
function unknownOperation(name: string, names: readonly string[]): string {
  if (names.length === 0) {
    return `no operation is named ${quote(name)}: the route table names none by operationId; call a route as "METHOD /path"`;
  }
  const lower = name.toLowerCase();
  const scored = names.map((each) => [editDistance(lower, each.toLowerCase()), each] as const);
  const best = Math.min(...scored.map(([distance]) => distance));
  const closest = scored
    .filter(([distance]) => distance === best)
    .map(([, each]) => each)
    .sort()
    .slice(0, 3);
  return `no operation is named ${quote(name)}; did you mean ${closest.map((each) => quote(each)).join(", ")}?`;
}

/** Levenshtein distance, in UTF-16 code units. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * One operation of a table, as `tableOperations()` lists it.
 *
 * @example
 * const operation: OperationSummary = { operationId: "getPetById", method: "GET", path: "/pets/{petId}", route: "GET /pets/{petId}" };
 */
export interface OperationSummary {
  /** Its operationId, as the description writes it; none when it has none (it is then reachable by its route only). */
  operationId?: string;
  /** Its method, as the table's route writes it (upper case for the fixed methods). */
  method: string;
  /** Its path, as the description writes it. */
  path: string;
  /** The route a call takes: `"GET /pets/{petId}"`. */
  route: string;
  /** Its summary, if any. */
  summary?: string;
  /** Its tags, if any. */
  tags?: string[];
  /** `true` when the description marks it deprecated. */
  deprecated?: boolean;
}

/**
 * The operations of a table, in its order: what a list of operations, a form or a tool definition needs, read from
 * the table (a CLI-written module's too) without the description. Each call returns fresh objects.
 *
 * @example
 * import { openAPIRoutes, tableOperations } from "fluent-endpoint/openapi";
 * tableOperations(openAPIRoutes(description));
 * // [{ operationId: "listPets", method: "GET", path: "/pets", route: "GET /pets", summary: "List all pets", tags: ["pets"] }, …]
 */
export function tableOperations(routes: RouteTable): OperationSummary[] {
  tableRuntime(routes, undefined); // ERR_INVALID_OPTIONS for anything but a table routeTable() made
  return Object.keys(routes).map((route) => {
    const { operationId, summary, tags, deprecated } = routes[route]!;
    const space = route.indexOf(" ");
    return {
      ...(operationId !== undefined && { operationId }),
      method: route.slice(0, space),
      path: route.slice(space + 1),
      route,
      ...(summary !== undefined && { summary }),
      ...(tags !== undefined && { tags: [...tags] }),
      ...(deprecated !== undefined && { deprecated }),
    };
  });
}

/** The servers a table's routes go to: its API's, and those of routes with their own. */
export function serversOf(routes: Iterable<RouteEntry>, api: TableApi): Set<RouteServer> {
  const servers = new Set<RouteServer>();
  if (api.server !== undefined) servers.add(api.server);
  for (const entry of routes) if (entry.server !== undefined) servers.add(entry.server);
  return servers;
}

/**
 * What a table knows of its API, as `routeTable()` took it: its server (`openAPIRoutes()`: the description's first)
 * and its security schemes; an empty object for none.
 *
 * @example
 * tableApi(openAPIRoutes(description)).server; // { url: "https://api.example.com/v1" }
 */
export function tableApi(routes: RouteTable): TableApi {
  return apiOf(routes[TABLE]);
}

/** What a table's runtime knows of its API; an empty object for none. */
export function apiOf(runtime: TableRuntime): TableApi {
  return apis.get(runtime) ?? {};
}

function readApi(api: unknown): TableApi {
  if (api === undefined) return Object.freeze({});
  if (!isPlainObject(api)) {
    throw new EndpointError("ERR_INVALID_OPTIONS", `route table: its API must be an object, got ${kindOf(api)}`);
  }
  const { server, securitySchemes, skipped, arguments: schemas } = api;
  const read: { -readonly [K in keyof TableApi]: TableApi[K] } = {};
  if (server !== undefined) read.server = readServer("route table", server);
  if (securitySchemes !== undefined) read.securitySchemes = readSchemes("route table", securitySchemes);
  if (skipped !== undefined) read.skipped = readSkipped(skipped);
  if (schemas !== undefined) {
    // Data, read once and copied (docs/decisions.md, "What a table trusts"); made harmless when first used.
    if (!isPlainObject(schemas)) {
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `route table: its arguments must be an object, got ${kindOf(schemas)}`,
      );
    }
    read.arguments = Object.freeze(copyData(schemas) as Record<string, Readonly<Record<string, unknown>>>);
  }
  return Object.freeze(read);
}

/** A list of `{ route, message }` (a route, or a path alone for each of its methods), copied and frozen. */
function readSkipped(skipped: unknown): readonly SkippedOperation[] {
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

/** What an entry's template values need besides the parameters as given, found once per entry. */
interface TemplateValues {
  /**
   * The path's parameters, each of which must have a value (docs/decisions.md, "Path parameters of a description's
   * route"), and whether `""` is one: not where it would leave its segment empty (`/Plugins/{id}/` is another url),
   * as alone in it with no operator; `label` and `matrix` write it (`.`, `;color`), and so does `x{color}`.
   */
  readonly path: readonly [name: string, emptyIsValue: boolean][];
  /** The parameters a template names by another varname (`user-id` as `user%2Did`). */
  readonly aliases: readonly [name: string, alias: string][];
  /** The path parameters written as a media type's text (`content`), which the template then encodes. */
  readonly contents: readonly [name: string, contentType: string][];
}
const templateValues = /*#__PURE__*/ new WeakMap<RouteEntry, TemplateValues>();
// Each entry's route as the table names it, for messages.
const routeNames = /*#__PURE__*/ new WeakMap<RouteEntry, string>();

/**
 * Whether `""` for the path parameter `name` of `entry` would leave its segment empty, so a call of it has no value
 * (docs/decisions.md, "Path parameters of a description's route"): what an argument schema says as `minLength`.
 */
export function emptiesItsSegment(entry: RouteEntry, name: string): boolean {
  return templateValues.get(entry)?.path.some(([each, emptyIsValue]) => each === name && !emptyIsValue) ?? false;
}

function values(entry: RouteEntry, params: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const needs = templateValues.get(entry);
  if (needs === undefined) return params;
  let copy: Record<string, unknown> | undefined;
  try {
    // OpenAPI: a path parameter is always required. Without a value its segment would vanish (`/Plugins/{id}/{version}`
    // becoming `/Plugins/{id}`, another operation) or be empty, which is another url.
    for (const [name, emptyIsValue] of needs.path) {
      const value = ownValue(params, name);
      if (value === undefined || value === null || (value === "" && !emptyIsValue) || definesNothing(value)) {
        throw new EndpointError("ERR_MISSING_PARAMETER", `path parameter ${quote(name)} has no value`);
      }
    }
    for (const [name, contentType] of needs.contents) {
      const value = ownValue(params, name);
      if (value === undefined || value === null) continue;
      setOwn((copy ??= { ...params }), name, contentText(name, value, contentType));
    }
  } catch (error) {
    throw withOperation(entry, error);
  }
  const read = copy ?? params;
  for (const [aliased, alias] of needs.aliases) {
    if (Object.hasOwn(read, aliased)) setOwn((copy ??= { ...params }), alias, read[aliased]);
  }
  return copy ?? params;
}

function placeParameter(
  entry: RouteEntry,
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
    throw withOperation(entry, error);
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
    if (contentType.toLowerCase().startsWith(FORM_TYPE)) {
      if (!isPlainObject(value)) {
        throw new EndpointError(
          "ERR_INVALID_PARAMETER",
          `parameter ${quote(name)} is ${kindOf(value)}, not the plain object of fields an ${FORM_TYPE} query string needs`,
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

/** An `EndpointError` met writing `entry`'s request, its message starting with the operation (`GET /pets: …`). */
function withOperation(entry: RouteEntry, error: unknown): unknown {
  const route = routeNames.get(entry);
  return error instanceof EndpointError && route !== undefined
    ? new EndpointError(error.code, `${route}: ${error.message}`)
    : error;
}

const FORM_TYPE = "application/x-www-form-urlencoded";
const MULTIPART_TYPE = "multipart/form-data";

function writeBody(entry: RouteEntry, value: unknown): [type: string, body: unknown] {
  let type: string, body: unknown;
  try {
    [type, body] = writtenBody(entry.body!, value);
  } catch (error) {
    throw withOperation(entry, error);
  }
  // `application/json` is sent as a body without a description sends it, with its charset.
  return [type === "application/json" ? "application/json; charset=utf-8" : type, body];
}

function writtenBody(route: RouteBody, value: unknown): [type: string, body: unknown] {
  const type = fittingType(route, value);
  const lower = type.toLowerCase();
  const encoding = route.encoding ?? {};
  if (lower.startsWith(FORM_TYPE) && isPlainObject(value)) return [type, encodedFormBody(value, encoding)];
  if (lower.startsWith(MULTIPART_TYPE) && isPlainObject(value)) return [type, multipartFields(value, encoding)];
  // A wildcard (`*/*`, `application/*+json`) sends a body as the type it is; JSON is JSON whichever type chose it.
  const sent = type.includes("*") ? wildcardType(value) : type;
  if (isJsonType(sent)) {
    // OpenAPI: a body whose schema is a string is that string's JSON text (RFC 8259), under every JSON media type.
    return [sent, route.stringSchema === true && typeof value === "string" ? jsonText(value) : value];
  }
  if (sent !== type) return [sent, value];
  // docs/decisions.md, "OpenAPI request media types": what no declared type can carry is refused, never sent as JSON
  // text under another type's name (fields under `application/xml`).
  const kind = bodyKind(value);
  if (kind !== "text" && kind !== "binary" && !lower.startsWith(FORM_TYPE) && !lower.startsWith(MULTIPART_TYPE)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `the body is ${kindOf(value)}, which ${quote(type)} cannot carry as fluent-endpoint writes it: pass its text or bytes as data`,
    );
  }
  // docs/decisions.md, "A multipart body without fields": text or bytes under a type with no boundary (RFC 7578 §4.1
  // requires one) is no body a server can split into parts.
  if (lower.startsWith(MULTIPART_TYPE) && kind !== "FormData" && !/;\s*boundary=/i.test(type)) {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `the body is ${kindOf(value)}, which ${quote(type)} cannot carry without a boundary: pass its fields as an object or a FormData`,
    );
  }
  return [type, value];
}

/** What a body is, for the media types it fits. */
function bodyKind(value: unknown): "fields" | "FormData" | "URLSearchParams" | "binary" | "text" | "value" {
  if (typeof value === "string") return "text";
  if (typeof value !== "object" || value === null) return "value";
  if (isPlainObject(value) || Array.isArray(value) || builtinKind(value) !== undefined) {
    return isPlainObject(value) ? "fields" : "value";
  }
  const kind = Object.prototype.toString.call(value).slice(8, -1);
  if (kind === "FormData" || kind === "URLSearchParams") return kind;
  return "binary"; // bytes, a Blob, a stream: anything else a client sends as it is
}

/** The declared media type `value` fits, the first of the description's order; the first declared if none does. */
function fittingType(route: RouteBody, value: unknown): string {
  const kind = bodyKind(value);
  for (const type of [route.type, ...(route.alternatives ?? [])]) {
    const lower = type.toLowerCase();
    const fits = type.includes("*")
      ? true
      : isJsonType(type)
        ? kind === "fields" || kind === "value" || kind === "text"
        : lower.startsWith(FORM_TYPE)
          ? kind === "fields" || kind === "URLSearchParams" || kind === "text"
          : lower.startsWith(MULTIPART_TYPE)
            ? kind === "fields" || kind === "FormData"
            : kind === "text" || kind === "binary";
    if (fits) return type;
  }
  return route.type;
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
  const { url, parameters, body, server, accept, security, operationId, summary, tags, deprecated } = entry;
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
    parameters: Readonly<Record<string, ParameterPlacement>>;
    body?: RouteBody;
    server?: RouteServer;
    accept?: string;
    security?: readonly (readonly string[])[];
    operationId?: string;
    summary?: string;
    tags?: readonly string[];
    deprecated?: boolean;
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
  // The path's own variables (not a `{?query}` or `{#fragment}`), by the names they are filled from.
  const path: [string, boolean][] = [];
  const { parts } = parseTableTemplate(url);
  const isQuery = (part: (typeof parts)[number] | undefined) =>
    typeof part === "string"
      ? /^[?#]/.test(part)
      : part !== undefined && (part.operator === "?" || part.operator === "&" || part.operator === "#");
  parts.forEach((part, k) => {
    if (typeof part === "string" || isQuery(part)) return;
    const before = parts[k - 1];
    const after = parts[k + 1];
    const alone =
      typeof before === "string" &&
      before.endsWith("/") &&
      (after === undefined || isQuery(after) || (typeof after === "string" && after.startsWith("/")));
    const emptyIsValue = !alone || part.operator === "." || part.operator === ";";
    for (const { name } of part.varspecs) {
      path.push([renamed.find(([, alias]) => alias === name)?.[0] ?? name, emptyIsValue]);
    }
  });
  if (path.length > 0 || renamed.length > 0 || read.contentPaths.length > 0) {
    templateValues.set(checked, { path, aliases: renamed, contents: read.contentPaths });
  }
  routeNames.set(checked, key);
  Object.defineProperty(checked, HEADER_NAMES, { value: read.headers });
  return Object.freeze(checked as CheckedEntry);
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
  /** The path parameters described by a media type, and that type. */
  readonly contentPaths: [name: string, contentType: string][];
}

function readParameters(key: string, parameters: Record<string, unknown>): ReadParameters {
  const copy: Record<string, ParameterPlacement> = {};
  const headers = new Map<string, ParameterPlacement>();
  const templated: string[] = [];
  const contentPaths: [string, string][] = [];
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
    if (location === "path" && typeof placement === "object")
      contentPaths.push([name, (placement as ParameterEncoding).contentType!]);
    // A header under its lower-case name, unless another parameter has that name (`Secret` beside a body field `secret`).
    const lower = name.toLowerCase();
    setOwn(copy, location === "header" && !Object.hasOwn(parameters, lower) ? lower : name, placement);
    if (location === "header" && !headers.has(lower)) headers.set(lower, placement);
  }
  return { parameters: Object.freeze(copy), headers, templated, contentPaths };
}

const LOCATIONS: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["path", "query", "querystring", "header", "cookie"]);

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
    assertMediaType(key, contentType);
    read.contentType = contentType;
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
  assertMediaType(key, type);
  const read: { -readonly [K in keyof RouteBody]: RouteBody[K] } = { type };
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
        assertMediaType(key, contentType);
        setOwn(copy, field, Object.freeze({ contentType }));
      }
    }
    read.encoding = Object.freeze(copy);
  }
  if (alternatives !== undefined) {
    if (!Array.isArray(alternatives)) fail(key, "has body alternatives that are not a list");
    const copy: string[] = [];
    for (const alternative of alternatives as unknown[]) {
      if (typeof alternative !== "string") fail(key, `has a body alternative that is ${kindOf(alternative)}`);
      assertMediaType(key, alternative);
      copy.push(alternative);
    }
    read.alternatives = Object.freeze(copy);
  }
  if (stringSchema !== undefined) {
    if (typeof stringSchema !== "boolean") fail(key, "has a body stringSchema that is not a boolean");
    read.stringSchema = stringSchema;
  }
  return Object.freeze(read);
}

/** A media type sent as the content type: `type/subtype`, two tokens, then any parameters a header value can hold. */
function assertMediaType(key: string, type: string): void {
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
