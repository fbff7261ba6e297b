// A route table: what `openAPIRoutes()` compiles from a description and `withRoutes(routes)` builds by.
// Plain data, so the CLI can write it into a module; `routeTable()` checks it and adds the code that builds it.
import type { ROUTE_MAP, TABLE_KEY } from "./brands.js";
import { kindOf, EndpointError } from "./errors.js";

/** The style of a query parameter our code writes (a `form` parameter without `allowReserved` is in the template). */
export type QueryStyle = "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";

/**
 * Where a route's declared parameter goes.
 * - `"path"`, `"query"`: into the route's template, which holds its style;
 * - `"header"`, `"cookie"`: a header, or an item of the one `cookie` header;
 * - `"body"`: a field of the body;
 * - an object: a query parameter written by its style (`deepObject`, `pipeDelimited`…).
 *
 * @example
 * const placement: ParameterPlacement = { style: "deepObject", explode: true };
 */
export type ParameterPlacement =
  "path" | "query" | "header" | "cookie" | "body" | BodyFieldEncoding | ParameterEncoding;

/**
 * A parameter written by more than its location: a header or cookie by its style and `explode`, a parameter described
 * by a media type (`content`), or OpenAPI 3.2's `querystring`, the whole query string from one value.
 *
 * @example
 * const coordinates: ParameterEncoding = { in: "query", contentType: "application/json" };
 */
export interface ParameterEncoding {
  /** The parameter's location. */
  readonly in: "path" | "query" | "querystring" | "header" | "cookie";
  /** A cookie's style: `form` percent-encodes, `cookie` (OpenAPI 3.2) writes values as they are. */
  readonly style?: "form" | "cookie";
  /** A header's or cookie's list or object written as `k=v` items (`true`), or as one value joined by `,`. */
  readonly explode?: boolean;
  /** The media type of a `content` parameter: its value is written as that type's text (JSON for `application/json`). */
  readonly contentType?: string;
}

/**
 * A field of a form or multipart body written as a media type's text (the Encoding Object's `contentType`).
 *
 * @example
 * const meta: ContentEncoding = { contentType: "application/json" };
 */
export interface ContentEncoding {
  /** The media type, such as `application/json` or `text/plain`. */
  readonly contentType: string;
}

/**
 * How a styled query parameter, or a field of a form body (`application/x-www-form-urlencoded`), is written.
 *
 * @example
 * const encoding: BodyFieldEncoding = { style: "deepObject", explode: true };
 */
export interface BodyFieldEncoding {
  /** The OpenAPI style. */
  readonly style: QueryStyle;
  /** A list or object written as one `name=value` pair per item (`true`), or as one pair joined by the style's delimiter. */
  readonly explode: boolean;
  /** Reserved characters (`/`, `?`, `:`…) kept as they are instead of percent-encoded. */
  readonly allowReserved?: boolean;
}

/**
 * The body an operation declares.
 *
 * @example
 * const body: RouteBody = { type: "application/x-www-form-urlencoded" };
 */
export interface RouteBody {
  /** The media type sent as `content-type`, such as `application/json` or `multipart/form-data`. */
  readonly type: string;
  /** Form and multipart bodies: fields written by a style, or as a media type other than the value's default. */
  readonly encoding?: { readonly [field: string]: BodyFieldEncoding | ContentEncoding };
  /** The other media types the operation accepts, in order: one the body fits is sent when `type` does not fit it. */
  readonly alternatives?: readonly string[];
  /** The body schema is a string: a string body is a value, sent as JSON text under a JSON media type. */
  readonly stringSchema?: boolean;
}

/**
 * One route of a table: its compiled template, its declared parameters, its body.
 *
 * @example
 * const entry: RouteEntry = { url: "/pets/{petId}{?fields*}", parameters: { petId: "path", fields: "query" } };
 */
export interface RouteEntry {
  /** The path and its `form` query parameters as one RFC 6570 template. */
  readonly url: string;
  /** Every parameter the operation declares, by name (a header's name lower case). */
  readonly parameters: { readonly [name: string]: ParameterPlacement };
  /** The declared body; none when the operation declares none. */
  readonly body?: RouteBody;
  /** The operation's own server (path- or operation-level `servers`); none: the table's. */
  readonly server?: RouteServer;
  /** The `accept` its responses' media types make (JSON first); none when they declare no content. */
  readonly accept?: string;
  /** Its security requirements: any one list of scheme names, all of them sent; none when it needs no credentials. */
  readonly security?: readonly (readonly string[])[];
  /** The operation's `operationId`, as the description writes it: `api.operation(operationId)` calls the route by it. */
  readonly operationId?: string;
  /** The operation's `summary`, for a list of operations (`tableOperations()`). */
  readonly summary?: string;
  /** The operation's `tags`, for a list of operations. */
  readonly tags?: readonly string[];
  /** Whether the description marks the operation `deprecated`. */
  readonly deprecated?: boolean;
}

/**
 * What a description says of the API as a whole, beside its routes.
 *
 * @example
 * const api: TableApi = { server: { url: "https://api.example.com" }, securitySchemes: { key: { type: "apiKey", in: "header", name: "X-API-Key" } } };
 */
export interface TableApi {
  /** The server its routes go to, unless a route has its own. */
  readonly server?: RouteServer;
  /** Its security schemes by name, which routes' `security` name. */
  readonly securitySchemes?: { readonly [name: string]: SecurityScheme };
  /** The operations its description declares but the table left out, each flawed: calling one throws its message. */
  readonly skipped?: readonly SkippedOperation[];
  /**
   * What each operation's calls take, as its description declares it, for argument schemas and checks: what
   * `openAPIRoutes()` reads from a description, and `fluent-endpoint openapi --check` writes so that a table made by
   * `routeTable()` can be checked (`openAPIEndpoint(routes, { check })`).
   */
  readonly arguments?: TableArguments;
}

/**
 * An operation a table left out, its description's flaw confined to it (docs/decisions.md, "Tolerant compile").
 *
 * @example
 * const skipped: SkippedOperation = { route: "GET /pets", message: "OpenAPI description: GET /pets has parameter 0 without a name or location" };
 */
export interface SkippedOperation {
  /** The route as the description names it (`"GET /pets"`), or a path alone (`"/pets"`) for every operation of it. */
  readonly route: string;
  /** Why: the `ERR_INVALID_OPTIONS` message a call of it throws, by its route or by its operationId. */
  readonly message: string;
  /** Its operationId, where the description gives one: `operation()` of that name throws the message too. */
  readonly operationId?: string;
}

/**
 * What each operation of a table takes, with the schemas of the description it was compiled from.
 *
 * @example
 * const taken: TableArguments = { document: { openapi: "3.1.0" }, operations: { "GET /pets": { parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }] } } };
 */
export interface TableArguments {
  /** The description's `openapi` version and the parts of it that the schemas' `$ref`s point into, at their places. */
  readonly document: { readonly [field: string]: unknown };
  /** Each operation's, by its route as the table names it. */
  readonly operations: { readonly [route: string]: DeclaredArguments };
}

/**
 * What a call of one operation takes, as its description declares it.
 *
 * @example
 * const declared: DeclaredArguments = { parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }] };
 */
export interface DeclaredArguments {
  /** Its parameters, each by the key a call gives it under (a header's lower case), in the order OpenAPI ranks them. */
  readonly parameters?: readonly DeclaredParameter[];
  /** Its request body: the schema of the media type the table sends first. */
  readonly body?: DeclaredBody;
  /** Its summary. */
  readonly summary?: string;
  /** Its description. */
  readonly description?: string;
}

/**
 * A parameter as a call gives it.
 *
 * @example
 * const limit: DeclaredParameter = { name: "limit", in: "query", schema: { type: "integer", maximum: 100 } };
 */
export interface DeclaredParameter {
  /** The key a call gives it under. */
  readonly name: string;
  /** Its location. */
  readonly in: "path" | "query" | "querystring" | "header" | "cookie";
  /** Whether a call must give it (a path parameter always). */
  readonly required?: boolean;
  /** Its schema (a `content` parameter's: its media type's), as the description writes it. */
  readonly schema?: unknown;
  /** Its description. */
  readonly description?: string;
  /** Whether it is deprecated. */
  readonly deprecated?: boolean;
}

/**
 * A request body as a call gives it.
 *
 * @example
 * const body: DeclaredBody = { required: true, schema: { $ref: "#/components/schemas/Pet" } };
 */
export interface DeclaredBody {
  /** Whether a call must send one. */
  readonly required?: boolean;
  /** Its schema, as the description writes it. */
  readonly schema?: unknown;
  /** Its description. */
  readonly description?: string;
}

/**
 * How a credential is sent: an API key in a header, the query or a cookie; an `Authorization` scheme (`basic`,
 * `bearer`…); an OAuth 2.0 or OpenID Connect access token (as `Bearer`); or a TLS client certificate (not by us).
 *
 * @example
 * const scheme: SecurityScheme = { type: "http", scheme: "bearer" };
 */
export type SecurityScheme =
  | {
      /** An API key. */
      readonly type: "apiKey";
      /** Where it goes. */
      readonly in: "header" | "query" | "cookie";
      /** The header, query parameter or cookie it goes in. */
      readonly name: string;
    }
  | {
      /** An `Authorization` scheme. */
      readonly type: "http";
      /** Its name: `basic`, `bearer`… */
      readonly scheme: string;
    }
  | {
      /** A token sent as `Bearer` (`oauth2`, `openIdConnect`), or a TLS client certificate (`mutualTLS`). */
      readonly type: "oauth2" | "openIdConnect" | "mutualTLS";
    };

/**
 * A server of a description: its url, and the `{name}` variables in it with their defaults.
 *
 * @example
 * const server: RouteServer = { url: "https://{region}.api.example.com/v1", variables: { region: { default: "us", enum: ["us", "eu"] } } };
 */
export interface RouteServer {
  /** The base url, absolute or relative, `{name}` standing for a variable. */
  readonly url: string;
  /** Each variable's default, and the values it may take when the description lists them. */
  readonly variables?: { readonly [name: string]: ServerVariable };
}

/**
 * A server variable.
 *
 * @example
 * const region: ServerVariable = { default: "us", enum: ["us", "eu"] };
 */
export interface ServerVariable {
  /** The value used when the endpoint sets none. */
  readonly default: string;
  /** The only values it may take, if the description lists them. */
  readonly enum?: readonly string[];
}

/** Where a table keeps its checked routes and the code that builds them (shared by every copy of the package). */
export const TABLE: typeof TABLE_KEY = /*#__PURE__*/ Symbol.for("fluent-endpoint.routeTable") as typeof TABLE_KEY;

/**
 * Routes as plain data, keyed `"METHOD /path"`: what `fluent-endpoint openapi` writes and `routeTable()` takes.
 *
 * @example
 * const data: RouteTableData = { "GET /pets/{petId}": { url: "/pets/{petId}", parameters: { petId: "path" } } };
 */
export interface RouteTableData {
  readonly [route: string]: RouteEntry;
}

/**
 * A checked route table, as `openAPIRoutes()` and `routeTable()` return it, for `withRoutes(routes)`.
 *
 * @typeParam Routes - The route map the table types calls by (`OpenAPIRoutes<paths>`), if it carries one.
 * @example
 * import { routeTable } from "fluent-endpoint/openapi";
 * const routes: RouteTable = routeTable({ "GET /pets/{petId}": { url: "/pets/{petId}", parameters: { petId: "path" } } });
 */
export interface RouteTable<Routes = unknown> extends RouteTableData {
  /** The checked routes and the code that builds them, from `fluent-endpoint/openapi` (not in the main bundle). */
  readonly [TABLE]: TableRuntime;
  /** Types only. */
  readonly [ROUTE_MAP]?: Routes;
}

/** What builds a table's routes; made by `fluent-endpoint/openapi`, so the main bundle carries none of it. */
export interface TableRuntime {
  /** The checked routes, by upper-case method and url (`"GET /pets/{petId}"`): a frozen record, so they never change. */
  readonly entries: { readonly [route: string]: RouteEntry };
  /** Its code over the tables `withRoutes()` added before it (`below`, undefined for none), which it searches after its own. */
  over(below: TableCode | undefined): TableCode;
}

/**
 * What a call gives besides its parameters: its headers and its `data`, if any.
 *
 * @example
 * const call: CallArguments = { headers: { "x-request-id": "7" }, data: { value: { title: "Bug" } } };
 */
export interface CallArguments {
  /** The call's headers by lower-case name (`null`: removed). */
  readonly headers: Readonly<Record<string, unknown>>;
  /** The call's `data`; undefined when it gives none. */
  readonly data:
    | {
        /** The body as given. */
        readonly value: unknown;
      }
    | undefined;
}

/** The code of the tables `withRoutes()` added, newest first: how their routes are found and built. */
export interface TableCode {
  /** Its route for a method (in any case) and a url as written; undefined for none. */
  route(method: string, url: string): RouteEntry | undefined;
  /**
   * The route (`"GET /pets/{petId}"`) of the operation named `operationId`; `ERR_INVALID_ROUTE` for a name no table has
   * (naming the closest) or one a table gives two operations.
   */
  operation(operationId: string): string;
  /** Checks a call's arguments for a route before it is built, where the route's table was asked to; else nothing. */
  check(entry: RouteEntry, params: Readonly<Record<string, unknown>>, call: CallArguments): void;
  /** The values to expand a route's template with: a parameter such as `user-id` also under its varname `user%2Did`. */
  values(entry: RouteEntry, params: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
  /** Writes a header or cookie parameter of `entry` into `headers`, or returns the query text of a styled one. */
  placeParameter(
    entry: RouteEntry,
    name: string,
    value: unknown,
    placement: ParameterPlacement,
    headers: Record<string, unknown>,
  ): string;
  /** The body `entry` sends for `value`, and its media type: one of those declared that the value fits, written as it says. */
  writeBody(entry: RouteEntry, value: unknown): [type: string, body: unknown];
  /**
   * The base url of one of its routes (`entry` undefined: of a route it lacks), its variables filled in; undefined
   * for another table's route, or where the table names no server (the endpoint's `baseUrl` then applies).
   */
  server(entry: RouteEntry | undefined): string | undefined;
  /**
   * `query` with the endpoint's credentials for one of its routes (or with them written into `headers`), when `url`
   * goes to the route's server or to the baseUrl the caller configured in the `stored` state the request comes from;
   * else (another table's route included) `query` as it is.
   */
  authorize(
    entry: RouteEntry,
    url: string,
    headers: Record<string, unknown>,
    query: string,
    stored: StoredState,
  ): string;
}

/**
 * The stored state a request is built from (an endpoint's defaults, a builder's own state), never a call's: what
 * `TableCode.authorize()` reads to tell the host the caller configured.
 *
 * @example
 * const stored: StoredState = { baseUrl: "https://acme.atlassian.net", chosen: 1 };
 */
export interface StoredState {
  /** Its base url. */
  readonly baseUrl: string;
  /** Which of its values the caller set, as bits (`1`: the `baseUrl`). */
  readonly chosen: number;
}

/** The bit of a state's `chosen` that says the caller set its `baseUrl`. */
export const CHOSEN_BASE_URL = 1;

/**
 * The baseUrl the caller configured (`defaults()`, `RequestBuilder.from()`, a builder step) in `stored`, where a
 * table's credentials may go beside the description's servers (docs/decisions.md, "The caller's host"); undefined
 * where the caller set none.
 */
export function configuredBaseUrl(stored: StoredState): string | undefined {
  return stored.chosen & CHOSEN_BASE_URL ? stored.baseUrl : undefined;
}

/** The code a `withRoutes()` table carries, over the tables added `below` it; `ERR_INVALID_OPTIONS` for a forged one. */
export function tableRuntime(routes: unknown, below: TableCode | undefined): TableCode {
  let runtime: TableRuntime | undefined;
  try {
    runtime = typeof routes === "object" && routes !== null ? (routes as Partial<RouteTable>)[TABLE] : undefined;
  } catch {
    // A revoked Proxy holds no table.
  }
  // docs/decisions.md, "What a table trusts": each field read once, a table's routes frozen, a forged one refused here.
  const { entries, over } = (isObject(runtime) ? runtime : {}) as Partial<TableRuntime>;
  if (!isObject(entries) || !Object.isFrozen(entries) || typeof over !== "function") {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `withRoutes() needs a table from routeTable(), got ${kindOf(routes)}`,
    );
  }
  // The code and the stacking of tables are the table runtime's, so the main bundle carries none of them.
  return over.call(runtime, below);
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** The entry `table` holds for a method and url as written, if any (no table, method or url: none, at no cost). */
export function routeEntry(
  table: TableCode | undefined,
  method: string | undefined,
  url: string | undefined,
): RouteEntry | undefined {
  return table === undefined || method === undefined || url === undefined ? undefined : table.route(method, url);
}

/** Whether the route `entry` declares `key`: then it is a parameter, even named like an option. */
export function declares(entry: RouteEntry | undefined, key: string): boolean {
  return entry !== undefined && placementOf(entry, key) !== undefined;
}

/** Where `routeTable()` keeps a checked entry's header parameters by lower-case name. */
// `Symbol.for`, as `TABLE`: a table of one build is read by the other.
export const HEADER_NAMES: unique symbol = /*#__PURE__*/ Symbol.for(
  "fluent-endpoint.headerNames",
) as typeof HEADER_NAMES;

/** A checked entry, with its header parameters by lower-case name. */
export type CheckedEntry = RouteEntry & { readonly [HEADER_NAMES]?: ReadonlyMap<string, ParameterPlacement> };

/**
 * Where a route's table puts a parameter: the one `key` names exactly (OpenAPI names are case-sensitive), else a header
 * whose name it matches in any case (a cookie's is case-sensitive): `Secret` is the header beside a body field `secret`.
 */
export function placementOf(entry: CheckedEntry, key: string): ParameterPlacement | undefined {
  const { parameters } = entry;
  return Object.hasOwn(parameters, key) ? parameters[key] : entry[HEADER_NAMES]?.get(key.toLowerCase());
}
