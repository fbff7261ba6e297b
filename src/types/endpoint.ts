// Types only: what `endpoint()` and `merge()` take and return for a route (docs/typed-routes.md).
import type { OptionName } from "../core/options.js";
import type { EndpointOptions } from "../core/types.js";
import type { HeldRouteOptions } from "./defaults.js";
import type { EntryShape, MapKey, ShapeOf } from "./route-maps.js";
import type { TableRouteArgument } from "./route-check.js";
import type { NamedKeys, TableOptions } from "./table-options.js";
import type { NamedParameters, RequiredNames, RouteOptions, RouteParameters } from "./route-text.js";

/** `NoInfer`: the route alone says what the call is (options typed `RouteParameters<Route>` would infer it). */
type OptionsArguments<Options> = {} extends Options ? [options?: NoInfer<Options>] : [options: NoInfer<Options>];

/**
 * `endpoint()`'s first argument: a route, or options holding the required parameters of their literal `url` (the
 * call signature adds the map's routes, for autocompletion).
 *
 * @example
 * // endpoint({ method: "GET", url: "/users/{username}" }) is an error: `username` is missing.
 * type First = EndpointFirstArgument<{ url: "/users/{username}" }, never>;
 */
export type EndpointFirstArgument<First, Known extends string> = First & NoInfer<UrlOptionsParameters<First, Known>>;

/**
 * The first argument of a call on an endpoint typed by a description: an operation of it (a route it lacks is typed as
 * the operations closest to it, see {@link TableRouteArgument}), or options as {@link EndpointFirstArgument} takes them.
 *
 * @example
 * // petstore("GET /pet/{petId}") is an error: the argument's type is "GET /pets/{petId}".
 * type First = TableFirstArgument<"GET /pets/{petId}", never, OpenAPIRoutes<paths>>;
 */
export type TableFirstArgument<First, Known extends string, Map> = First extends string
  ? TableRouteArgument<First, Map>
  : EndpointFirstArgument<First, Known>;

/** What the options form's literal `url` requires beside it; nothing for a route or a url not literal. */
type UrlOptionsParameters<Options, Known extends string> = Options extends string
  ? unknown
  : Options extends { url: infer Url extends string }
    ? UrlParameters<Url, Known>
    : unknown;

/** The parameters `Url` requires that defaults do not hold. */
type UrlParameters<Url extends string, Known extends string> = NamedParameters<
  Exclude<RequiredNames<Url>, Known>,
  never
>;

/**
 * `endpoint()`'s arguments after the first: options, required when the route needs a parameter no default holds.
 * `Keys` and `Options` come in made once per endpoint type; the entry is read through `infer`, as a direct index
 * evaluates every route. A question per call costs about 100 instantiations over 100 calls: none is asked here
 * that could be asked once per endpoint type (docs/architecture.md, "Typed routes").
 *
 * @example
 * type Rest = EndpointOptionsArguments<"GET /orgs/{org}", never, {}, never, EndpointOptions>;
 * // [options: { org: {} } & EndpointOptions]
 */
export type EndpointOptionsArguments<First, Known extends string, Routes, Keys extends keyof Routes, Options> = [
  First,
] extends [never]
  ? // A first argument typed `never`: anything goes.
    [options?: EndpointOptions]
  : First extends Keys
    ? Routes[First] extends infer Entry
      ? OptionsArguments<Entry["parameters" & keyof Entry] & Options>
      : never
    : First extends string
      ? OptionsArguments<[Known] extends [never] ? RouteOptions<First> : HeldRouteOptions<First, Known>>
      : // The options form: `@octokit/request` passes an undefined second argument.
        [parameters?: undefined];

/**
 * The method `endpoint()` returns: lowercased when literal, else `string`.
 *
 * @example
 * type Method = EndpointResultMethod<"POST /user/repos">; // "post"
 */
export type EndpointResultMethod<First> = First extends `${infer Method} ${string}`
  ? Lowercase<Method>
  : First extends { method: infer Method extends string }
    ? BuiltMethod<Method>
    : string;

/** The options of `merge()` for an entry's route: every parameter optional, a table's declared names over the options. */
type MergeEntryOptions<Shape> =
  Shape extends EntryShape<infer Kind, infer Declared, infer HeaderParameters>
    ? Kind extends "table"
      ? TableOptions<Partial<Declared>, Partial<HeaderParameters>, never> & {
          [Name in NamedKeys<Declared> & Exclude<OptionName, "data">]?: never;
        }
      : Partial<Declared> & EndpointOptions
    : EndpointOptions;

/**
 * The options of `merge(route, options)`: the route's parameters typed, none required.
 *
 * @example
 * type Options = MergeOptions<"GET /orgs/{org}", {}>; // { org?: {} } & EndpointOptions
 */
export type MergeOptions<Route extends string, Routes> = [Route] extends [MapKey<Routes>]
  ? MergeEntryOptions<ShapeOf<Routes[Route & keyof Routes]>>
  : Partial<RouteParameters<Route>> & EndpointOptions;

/**
 * The lowercase method a result holds: a literal for a literal method, else `string`.
 *
 * @example
 * type Method = BuiltMethod<"GET">; // "get"
 * type Dav = BuiltMethod<"PROPFIND">; // "propfind"
 */
export type BuiltMethod<Method extends string> = string extends Method ? string : Lowercase<Method>;
