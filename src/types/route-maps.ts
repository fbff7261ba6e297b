// Types only: route maps, whose entries type a route's parameters (docs/typed-routes.md, "Route maps").
// A map is read one route at a time, never constrained or resolved for a generic route, which would make tsc
// evaluate every route of the map.
import type { TABLE_RULES as TABLE_RULES_KEY } from "../core/brands.js";
import type { RouteOptions, RouteParameters } from "./route-text.js";

/**
 * A map of routes (`"<METHOD> <URL>"`, method uppercase) to their parameters; `@octokit/types`' `Endpoints` fits.
 * `withRoutes()` does not check its map against it: that would evaluate every route on the first call.
 *
 * @example
 * interface PetRoutes extends RouteMap {
 *   "GET /pets/{petId}": { parameters: { petId: string } };
 *   "POST /pets": { parameters: { name: string; tag?: string } };
 * }
 * const pets = endpoint.withRoutes<PetRoutes>();
 */
export interface RouteMap {
  [route: string]: {
    /** The parameters of the route: a key that is not optional is required. */
    parameters: object;
  };
}

/**
 * The keys a route is looked up by; none for an `any` map (the bare `Endpoint`'s).
 *
 * @example
 * type Keys = MapKey<{ "GET /pets": { parameters: {} } }>; // "GET /pets"
 */
export type MapKey<Routes> = unknown extends Routes ? never : keyof Routes;

/**
 * The routes of a route map, for autocompletion: its keys, or the operations of an `OpenAPIRoutes` map (whose keys
 * are every method with every path).
 *
 * @example
 * type Routes = RouteKey<{ "GET /pets": { parameters: {} } }>; // "GET /pets"
 */
export type RouteKey<Routes> = unknown extends Routes
  ? never
  : typeof TABLE_RULES extends keyof Routes
    ? MarkedRoutes<Routes[typeof TABLE_RULES & keyof Routes]>
    : keyof Routes;

/** The routes a `TABLE_RULES` mark lists. */
type MarkedRoutes<Mark> = Mark extends { readonly routes: infer Routes } ? Routes : never;

/** The names a parameter type declares, every alternative's (a `multipart/form-data` body's fields, or `data`). */
export type DeclaredNames<Declared> = Declared extends unknown ? keyof Declared : never;

// The three kinds of entry, and the one shape every step after a lookup reads.

/** A route map's entry (`@octokit/types`' `Endpoints` holds these): its parameters; every option goes beside them. */
export type MapEntry = RouteMap[string];

/**
 * A route table's entry (`OpenAPIRoutes` makes these): what a call takes, and the parameters and header parameters
 * it declares, which defaults, `merge()` and a builder read.
 */
export interface TableEntry<Declared, HeaderParameters, CallOptions> {
  /** What a call takes: the declared parameters, the header parameters in any case or under `headers`, the options. */
  parameters: CallOptions;
  /** The parameters but the headers: path, query and cookie parameters, and a body's fields (or `data`). */
  declared: Declared;
  /** The header parameters, by the names the description gives them. */
  headers: HeaderParameters;
}

/** A route table's route that its path lacks the method for: read from its text, as a route no map holds. */
export interface TextEntry<Route extends string> {
  parameters: RouteOptions<Route>;
  declared: RouteParameters<Route>;
  headers: {};
  absent: true;
}

/**
 * How a kind of entry reads: `"text"`, from the route's text; `"map"`, a route map's parameters with every option
 * beside them; `"table"`, a route table's, whose declared names come before the options of the same name.
 */
export type EntryKind = "text" | "map" | "table";

/**
 * An entry of any kind, as every step after the lookup reads it: its kind, the parameters it declares and its header
 * parameters (`{}` but for a table's).
 */
export interface EntryShape<Kind extends EntryKind, Declared, HeaderParameters> {
  kind: Kind;
  declared: Declared;
  headers: HeaderParameters;
}

/**
 * An entry read into its {@link EntryShape}: the one place that tells the kinds apart, each by what only it has (a
 * `TextEntry` its `absent` mark, a `TableEntry` its `declared` parameters; a `MapEntry` only `parameters`).
 */
export type ShapeOf<Entry> = Entry extends { absent: true; declared: infer Declared }
  ? EntryShape<"text", Declared, {}>
  : Entry extends { declared: infer Declared; headers: infer HeaderParameters }
    ? EntryShape<"table", Declared, HeaderParameters>
    : Entry extends MapEntry
      ? EntryShape<"map", Entry["parameters"], {}>
      : never;

/**
 * The key of the mark a map of {@link TableEntry} entries carries, `{ readonly routes: … }` (its routes, computed when
 * read, for autocompletion): a call of its routes takes each entry's `parameters` as they are. `OpenAPIRoutes` makes
 * such a map (docs/typed-routes.md, "OpenAPI"). Types only: never present.
 */
export declare const TABLE_RULES: typeof TABLE_RULES_KEY;
