// A route table: what `openAPIRoutes()` compiles from a description and `withRoutes(routes)` builds by.
// Plain data, so the CLI can write it into a module.

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
 * const placement: RouteParameter = { style: "deepObject", explode: true };
 */
export type RouteParameter =
  | "path"
  | "query"
  | "header"
  | "cookie"
  | "body"
  | { readonly style: QueryStyle; readonly explode: boolean; readonly allowReserved?: boolean };

/**
 * How a form body (`application/x-www-form-urlencoded`) writes one field.
 *
 * @example
 * const encoding: BodyFieldEncoding = { style: "deepObject", explode: true };
 */
export interface BodyFieldEncoding {
  readonly style: QueryStyle;
  readonly explode: boolean;
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
  /** Form bodies: fields written other than `form` with `explode` (a nested object is `deepObject`). */
  readonly encoding?: { readonly [field: string]: BodyFieldEncoding };
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
  /** Every parameter the operation declares, by name (header and cookie names lower case). */
  readonly parameters: { readonly [name: string]: RouteParameter };
  /** The declared body; none when the operation declares none. */
  readonly body?: RouteBody;
}

/** Carries a route map's type on a table, for `withRoutes(routes)` to infer; never present at run time. */
declare const ROUTE_MAP: unique symbol;

/**
 * A route table keyed `"METHOD /path"`, as `openAPIRoutes()` returns it.
 *
 * @typeParam Routes - The route map the table types calls by (`OpenAPIRoutes<paths>`), if it carries one.
 * @example
 * const routes: RouteTable = { "GET /pets/{petId}": { url: "/pets/{petId}", parameters: { petId: "path" } } };
 */
export interface RouteTable<Routes = unknown> {
  readonly [route: string]: RouteEntry;
  /** Types only. */
  readonly [ROUTE_MAP]?: Routes;
}

/** The key of a route in a table: `"GET /pets/{petId}"`. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/** Where a route's table puts a parameter; a header's name is matched in any case. */
export function placementOf(entry: RouteEntry, key: string): RouteParameter | undefined {
  const { parameters } = entry;
  if (Object.hasOwn(parameters, key)) return parameters[key];
  const lower = key.toLowerCase();
  const placement = Object.hasOwn(parameters, lower) ? parameters[lower] : undefined;
  return placement === "header" || placement === "cookie" ? placement : undefined;
}
