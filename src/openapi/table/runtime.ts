// `routeTable()`: a table's data read into its records, with the code that builds its routes attached under the key
// `withRoutes()` reads; and the same table bound to server variables, credentials and checks.
import { EndpointError, kindOf, quote } from "../../core/errors.js";
import {
  type CallArguments,
  configuredBaseUrl,
  type DeclaredArguments,
  type ParameterPlacement,
  type RouteEntry,
  type RouteServer,
  type RouteTable,
  type RouteTableData,
  type SkippedOperation,
  type StoredState,
  TABLE,
  type TableApi,
  type TableArguments,
  type TableCode,
  type TableRuntime,
} from "../../core/route-table.js";
import { isPlainObject, ownValue, setOwn } from "../../core/values.js";
import { parseRoute } from "../../http/route.js";
import { methodKey } from "../../http/tokens.js";
import { writeBody } from "../call/body.js";
import { placeParameter, templateValues } from "../call/place.js";
import { readCredentials, sendCredentials } from "../security.js";
import { type ServerVariables, serverUrl } from "../server.js";
import { namesOf, routeNamed } from "./names.js";
import { type Operation, operationOf, type TableRecord } from "./operation.js";
import type { OpenAPIWarning } from "../warnings.js";
import { type Copies, readApi, readEntry, readSkipped } from "./read.js";

/** What an endpoint sets for a table's API: values of its servers' variables (checked), credentials by scheme name. */
export interface Binding {
  readonly variables?: ServerVariables;
  readonly credentials?: unknown;
  /** Checks a call's arguments for one of the table's operations before it is built (`openAPIEndpoint(…, { check })`). */
  readonly check?: ArgumentCheck;
}

/** Throws `ERR_INVALID_ARGUMENTS` when a call's arguments break what its operation declares. */
export type ArgumentCheck = (
  operation: Operation,
  params: Readonly<Record<string, unknown>>,
  call: CallArguments,
) => void;

/** Where the checks of `fluent-endpoint/openapi/check` keep the function that makes a table's check. */
// `Symbol.for`, as the table's key: checks of one build are read by the other.
export const CHECKS: unique symbol = /*#__PURE__*/ Symbol.for("fluent-endpoint.argumentChecks") as typeof CHECKS;

/**
 * The argument checks `fluent-endpoint/openapi/check` exports, for `openAPIEndpoint(description, { check })`: an app
 * imports them to check its calls, so one that does not check loads no validator.
 *
 * @example
 * import { check } from "fluent-endpoint/openapi/check";
 * const options: OpenAPIEndpointOptions = { check };
 */
export interface ArgumentChecks {
  /** What it is, telling it from any other value given as `check`. */
  readonly kind: "argument checks";
}

/**
 * The checks as `fluent-endpoint/openapi/check` makes them: a table's check, given the parameters carrying a credential
 * and what hears the warnings compiling them gives.
 */
export interface ArgumentChecksCode extends ArgumentChecks {
  readonly [CHECKS]: (secrets: ReadonlySet<string>, warn?: (warning: OpenAPIWarning) => void) => ArgumentCheck;
}

/** What a table made here holds under its key: its records, and how it is bound. */
export interface Runtime extends TableRuntime {
  readonly entries: { readonly [route: string]: Operation };
  readonly table: TableRecord;
  readonly binding: Binding;
  over(below: TableCode | undefined): Code;
}

/** The code over a table's routes, with the tables it searches, newest first. */
export interface Code extends TableCode {
  readonly tables: readonly TableRecord[];
}

/**
 * A route table for `withRoutes(routes)`: `data` (as `fluent-endpoint openapi` writes it, or by hand) checked and copied.
 *
 * @param api - what the description says of the API: with a `server`, the table's routes go there with their own
 *   `accept` unless the endpoint sets `baseUrl` or `accept` (without one, to the endpoint's `baseUrl`, GitHub's by
 *   default); its `securitySchemes`, which routes' `security` name; the operations it left out; what each takes
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
 * there, with its message, instead of refusing the table; `taken`, what each operation takes, is the compile's own.
 */
export function checkedTable<Routes>(
  data: unknown,
  api: unknown,
  skipped?: SkippedOperation[],
  taken?: TableArguments,
): RouteTable<Routes> {
  if (!isPlainObject(data)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `routes must be a route table (a plain object), got ${kindOf(data)}`,
    );
  }
  const read = readApi(api);
  const schemes = read.securitySchemes ?? {};
  const declared = taken ?? read.arguments;
  const operations: Record<string, Operation> = {};
  const { document } = declared ?? {};
  const record = {
    operations,
    schemas: document && { document, is30: String(document.openapi).startsWith("3.0.") },
  } as { -readonly [K in keyof TableRecord]: TableRecord[K] };
  const table: Record<string, RouteEntry> = {};
  const entries: Record<string, Operation> = Object.create(null);
  const copies: Copies = { parameters: new Map(), servers: new Map() };
  for (const key of Object.keys(data)) {
    let operation: Operation, entry: RouteEntry, lookup: string;
    try {
      const { method, url } = parseRoute(key);
      if (method === undefined) fail(key, "has no method");
      let headers;
      ({ entry, headers } = readEntry(key, data[key], copies));
      for (const names of entry.security ?? []) {
        const missing = names.find((name) => !Object.hasOwn(schemes, name));
        if (missing !== undefined)
          fail(key, `names the security scheme ${quote(missing)}, which the table does not declare`);
      }
      const takes = declared === undefined ? undefined : (ownValue(declared.operations, key) as DeclaredArguments);
      operation = operationOf(record, key, method, entry, headers, takes);
      lookup = `${methodKey(method)} ${url}`;
      // docs/decisions.md, "Method case": a route is found by its method in any case, so two that differ only in it
      // would be one.
      if (entries[lookup] !== undefined) fail(key, `is ${quote(entries[lookup]!.route)} in another case`);
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
    setOwn(operations, key, operation);
    entries[lookup] = operation;
  }
  for (const { route } of read.skipped ?? []) {
    if (Object.hasOwn(table, route)) fail(route, "is both a route and a skipped operation");
  }
  const left = skipped === undefined ? (read.skipped ?? []) : readSkipped([...(read.skipped ?? []), ...skipped]);
  record.skipped = left;
  record.api = left.length === 0 ? read : Object.freeze({ ...read, skipped: left });
  record.names = namesOf(Object.values(operations), left);
  Object.freeze(operations);
  Object.freeze(record);
  return withRuntime(table, runtimeOf(record, Object.freeze(entries), {}));
}

/** `routes` (a table) again, its routes going to their servers with `binding`'s variables, credentials and check. */
export function bindTable<Routes>(routes: RouteTable<Routes>, binding: Binding): RouteTable<Routes> {
  const { table, entries } = routes[TABLE] as Runtime;
  const copy: Record<string, RouteEntry> = {};
  for (const key of Object.keys(routes)) setOwn(copy, key, routes[key]!);
  return withRuntime(copy, runtimeOf(table, entries, binding));
}

/** `table`, a fresh record of routes, frozen with `runtime` under the key `withRoutes()` reads. */
function withRuntime<Routes>(table: Record<string, RouteEntry>, runtime: Runtime): RouteTable<Routes> {
  Object.defineProperty(table, TABLE, { value: runtime });
  return Object.freeze(table) as RouteTable<Routes>;
}

/**
 * The code that builds `table`'s routes, which go to their servers with `binding`'s variables and carry its
 * credentials (both checked now, so a bad value fails when the endpoint is made, not at its first call).
 */
function runtimeOf(table: TableRecord, entries: Runtime["entries"], binding: Binding): Runtime {
  // By method (as the entries key it), then url: a lookup builds no "METHOD url" key on every call.
  const byMethod = new Map<string, Map<string, Operation>>();
  for (const key of Object.keys(entries)) {
    const space = key.indexOf(" ");
    const method = key.slice(0, space);
    byMethod.set(method, (byMethod.get(method) ?? new Map()).set(key.slice(space + 1), entries[key]!));
  }
  // A skipped operation is found by its route, or by its path for every method, and throws what compiling it threw.
  const leftOut = new Map<string, string>();
  for (const { route, message } of table.skipped) {
    const space = route.indexOf(" ");
    leftOut.set(space === -1 ? route : `${methodKey(route.slice(0, space))}${route.slice(space)}`, message);
  }
  // Each method as a caller spells it, looked up once (a few spellings: bounded, for a caller's own extension methods).
  const spelled = new Map<string, Map<string, Operation> | undefined>();
  const routesOf = (method: string) => {
    if (spelled.has(method)) return spelled.get(method);
    const routes = byMethod.get(methodKey(method));
    if (spelled.size < 64) spelled.set(method, routes);
    return routes;
  };
  const route = (method: string, url: string) => {
    const entry = routesOf(method)?.get(url);
    if (entry !== undefined || leftOut.size === 0) return entry;
    const message = leftOut.get(`${methodKey(method)} ${url}`) ?? leftOut.get(url);
    if (message !== undefined) throw new EndpointError("ERR_INVALID_OPTIONS", message);
    return undefined;
  };
  const isOwn = (entry: RouteEntry | undefined): entry is Operation =>
    (entry as Operation | undefined)?.table === table;
  const { server, securitySchemes = {} } = table.api;
  const { variables = {} } = binding;
  // A server whose own default makes no url (DigitalOcean's `{your-agent-url}`) fails the routes that use it,
  // when they are built; a value the endpoint gives fails now.
  // By server: `undefined`, the server of a table that names none, finds no url.
  const urls = new Map<RouteServer | undefined, string | EndpointError>();
  for (const each of serversOf(table)) {
    try {
      urls.set(each, serverUrl(each, variables));
    } catch (error) {
      const givenHere = Object.keys(each.variables ?? {}).some((name) => Object.hasOwn(variables, name));
      if (!(error instanceof EndpointError) || givenHere) throw error;
      urls.set(each, error);
    }
  }
  const serverOf = (entry: RouteEntry | undefined) => {
    if (entry !== undefined && !isOwn(entry)) return undefined; // another table's route
    const url = urls.get(entry?.server ?? server);
    if (url instanceof EndpointError) throw url;
    return url;
  };
  const { credentials, check } = binding;
  const operations = Object.values(table.operations);
  const placements = credentials === undefined ? undefined : readCredentials(credentials, securitySchemes, operations);
  const authorize = (
    entry: Operation,
    url: string,
    headers: Record<string, unknown>,
    query: string,
    stored: StoredState,
  ) =>
    placements === undefined
      ? query
      : sendCredentials(
          placements,
          entry,
          urls.get(entry.server ?? server),
          configuredBaseUrl(stored),
          url,
          headers,
          query,
        );
  // Its own code, each member taking only its own routes (as a table alone, its code is called with no other).
  const own: Code = Object.freeze({
    tables: [table],
    route,
    operation: (name: string) => routeNamed([table], name, false)!,
    check: check ?? (() => {}),
    values: templateValues,
    placeParameter,
    writeBody,
    server: serverOf,
    authorize,
  } as Code);
  // Its code over the tables below: a later table's routes replace an earlier one's of the same key, and its
  // operations an earlier one's of the same name; each route is built by its own table's code (server, credentials,
  // checks), so a check asked for is never dropped by a table added above it.
  const over = (below: TableCode | undefined): Code => {
    if (below === undefined) return own;
    const lower = below as Partial<Code>;
    const tables = [table, ...(lower.tables ?? [])];
    // Tables of another copy of this package below: their names are theirs to find.
    const foreign = lower.tables === undefined;
    return Object.freeze({
      tables,
      route: (method: string, url: string) => route(method, url) ?? below.route(method, url),
      operation: (name: string) => routeNamed(tables, name, foreign) ?? below.operation(name),
      check: (entry: RouteEntry, params: Readonly<Record<string, unknown>>, call: CallArguments) =>
        (isOwn(entry) ? own : below).check(entry, params, call),
      values: (entry: RouteEntry, params: Readonly<Record<string, unknown>>) =>
        (isOwn(entry) ? own : below).values(entry, params),
      placeParameter: (
        entry: RouteEntry,
        name: string,
        value: unknown,
        placement: ParameterPlacement,
        headers: Record<string, unknown>,
      ) => (isOwn(entry) ? own : below).placeParameter(entry, name, value, placement, headers),
      writeBody: (entry: RouteEntry, value: unknown) => (isOwn(entry) ? own : below).writeBody(entry, value),
      server: (entry: RouteEntry | undefined) => serverOf(entry) ?? below.server(entry),
      authorize: (
        entry: RouteEntry,
        url: string,
        headers: Record<string, unknown>,
        query: string,
        stored: StoredState,
      ) => (isOwn(entry) ? own : below).authorize(entry, url, headers, query, stored),
    });
  };
  // Frozen all through (entries, runtime, table): a table's routes never change once made.
  return Object.freeze({ entries, table, binding, over });
}

/** The servers a table's routes go to: its API's, and those of routes with their own. */
export function serversOf(table: TableRecord): Set<RouteServer> {
  const servers = new Set<RouteServer>();
  if (table.api.server !== undefined) servers.add(table.api.server);
  for (const operation of Object.values(table.operations)) {
    if (operation.server !== undefined) servers.add(operation.server);
  }
  return servers;
}

function fail(key: string, problem: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", `route table: ${quote(key)} ${problem}`);
}
