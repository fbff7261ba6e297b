// What a user holds of a table — an endpoint however made, a table (a CLI-written module's too) or a description —
// read into its tables' records, for the functions that list and describe operations.
import { EndpointError, quote } from "../../core/errors.js";
import { type RouteTable, type SkippedOperation, TABLE, type TableApi } from "../../core/route-table.js";
import { isPlainObject } from "../../core/values.js";
import { parseRoute } from "../../http/route.js";
import { methodKey } from "../../http/tokens.js";
import { compileDescription } from "../compile/compile.js";
import { isOperation, type Operation } from "./operation.js";
import type { Code, Runtime } from "./runtime.js";

/**
 * The code an endpoint, a table or a description builds by; `caller` (`"argumentSchema()"`) names the function the
 * caller called in an error.
 */
export function codeOf(api: unknown, caller: string): Code {
  const needs = "an endpoint with a route table, a table from openAPIRoutes() or routeTable(), or ";
  let held: unknown;
  try {
    held = (typeof api === "function" || isPlainObject(api)) && TABLE in api ? api[TABLE as never] : undefined;
  } catch {
    // A revoked Proxy holds nothing.
  }
  if (typeof api === "function") {
    // An endpoint (`openAPIEndpoint()`, `withRoutes()`, `defaults()`…) holds the code of its tables.
    if (isCode(held)) return held;
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `${caller} needs ${needs}a description, got an endpoint without one`,
    );
  }
  if (held !== undefined) {
    if (isPlainObject(held) && typeof (held as Partial<Runtime>).over === "function") {
      const code = (held as unknown as Runtime).over(undefined);
      if (isCode(code)) return code;
    }
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `${caller} needs ${needs}a description, got a table of another kind`,
    );
  }
  return (compileDescription(api, caller, needs)[TABLE] as Runtime).over(undefined);
}

function isCode(value: unknown): value is Code {
  return typeof value === "object" && value !== null && Array.isArray((value as Partial<Code>).tables);
}

/**
 * The operation `key` names in `code`'s tables: `"METHOD /path"` (any case of the method), or an operationId, found as
 * a call finds it (a left-out operation throws what its call throws; a name no table has names the closest).
 */
export function findOperation(code: Code, key: string, caller: string): Operation {
  let route: { method: string | undefined; url: string } | undefined;
  try {
    route = parseRoute(key);
  } catch {
    // No route string (`find pet by id`): a name.
  }
  let entry = route?.method === undefined ? undefined : code.route(route.method, route.url);
  if (entry === undefined && route?.method === undefined) {
    // A name, as `operation()` finds it.
    const named = parseRoute(code.operation(key));
    entry = code.route(named.method!, named.url);
  }
  if (entry === undefined || !isOperation(entry)) {
    throw new EndpointError("ERR_INVALID_ROUTE", `${caller}: the table has no route or operationId ${quote(key)}`);
  }
  return entry;
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
 * The operations a table builds, in its order (an endpoint's tables newest first, a route a newer one replaces
 * listed once): what a list of operations, a form or a tool definition needs, read without the description. Each
 * call returns fresh objects.
 *
 * @param api - an endpoint, however made, a table from `openAPIRoutes()` or `routeTable()`, or a description
 * @example
 * import { openAPIRoutes, tableOperations } from "fluent-endpoint/openapi";
 * tableOperations(openAPIRoutes(description));
 * // [{ operationId: "listPets", method: "GET", path: "/pets", route: "GET /pets", summary: "List all pets", tags: ["pets"] }, …]
 */
export function tableOperations(api: unknown): OperationSummary[] {
  const listed = new Set<string>();
  const operations: OperationSummary[] = [];
  for (const table of codeOf(api, "tableOperations()").tables) {
    for (const { route, method, path, operationId, summary, tags, deprecated } of Object.values(table.operations)) {
      const key = `${methodKey(method)} ${path}`;
      if (listed.has(key)) continue;
      listed.add(key);
      operations.push({
        ...(operationId !== undefined && { operationId }),
        method,
        path,
        route,
        ...(summary !== undefined && { summary }),
        ...(tags !== undefined && { tags: [...tags] }),
        ...(deprecated !== undefined && { deprecated }),
      });
    }
  }
  return operations;
}

/**
 * The operations a table left out, each with the message a call of it throws: a description's flaws confined to one
 * operation (or one path), which `openAPIRoutes()` compiles around (docs/decisions.md, "Tolerant compile").
 *
 * @param api - an endpoint, however made, a table from `openAPIRoutes()` or `routeTable()`, or a description
 * @example
 * const routes = openAPIRoutes(description); // `POST /v1/pages` has a header parameter named ""
 * skippedOperations(routes); // [{ route: "POST /v1/pages", message: 'route table: "POST /v1/pages": header name "" is not an HTTP token' }]
 * endpoint.withRoutes(routes)("POST /v1/pages"); // throws ERR_INVALID_OPTIONS with that message
 */
export function skippedOperations(api: unknown): readonly SkippedOperation[] {
  return Object.freeze(codeOf(api, "skippedOperations()").tables.flatMap((table) => table.skipped));
}

/**
 * What a table knows of its API, as `routeTable()` took it: its server (`openAPIRoutes()`: the description's first),
 * its security schemes and the operations it left out; an empty object for none.
 *
 * @example
 * tableApi(openAPIRoutes(description)).server; // { url: "https://api.example.com/v1" }
 */
export function tableApi(routes: RouteTable): TableApi {
  return codeOf(routes, "tableApi()").tables[0]!.api;
}
