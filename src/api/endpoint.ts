import { PLAIN } from "../core/conventions.js";
import { ROOT_STATE } from "../core/state.js";
import type { EndpointOptions, MergedOptions, ReadonlyMergedOptions, RequestOptions } from "../core/types.js";
import { createEndpoint, type RequestBuilder } from "./builder.js";
import type {
  EndpointFirstArgument,
  EndpointOptionsArguments,
  EndpointResultMethod,
  HeldNames,
  HeldRoutes,
  MergeOptions,
  RouteKey,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by a {@link RouteMap} in the JSDoc below
  RouteMap,
} from "./typed-routes.js";

/**
 * The call signature of an {@link Endpoint}. Its type arguments are what the
 * signature needs from the endpoint's defaults and route map, made once per endpoint
 * type instead of once per call (a call reads `Keys`, the routes of a map of 1 200
 * routes, several times): the names the defaults hold, the route map with those names
 * no longer required, and the routes of that map.
 */
interface EndpointCall<Held extends string, Routes, Keys extends keyof Routes> {
  /**
   * Request options for a route plus parameters; the same as `parse(merge(route, options))`.
   * Or the same with the method and url in the options instead of a route. (One
   * signature for both forms: with two, a route missing a parameter would be
   * reported against the options form.)
   *
   * @example
   * endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" })
   * // { method: "get", url: "https://api.github.com/orgs/octokit/repos?type=private", headers: {…} }
   * endpoint({ method: "GET", url: "/users/{username}", username: "octocat" })
   * // { method: "get", url: "https://api.github.com/users/octocat", headers: {…} }
   */
  <const First extends string | EndpointOptions = EndpointOptions>(
    first?: EndpointFirstArgument<First, Held, Keys>,
    ...options: EndpointOptionsArguments<First, Held, Routes, Keys>
  ): RequestOptions<EndpointResultMethod<First>>;
}

/**
 * The callable `endpoint`: `endpoint(route, options)` or `endpoint(options)` returns
 * request options, with helper members.
 *
 * Its calls are typed by the route (see docs/typed-routes.md): a literal route
 * needs its required placeholders, except those its defaults surely hold; a route
 * of its route map (set by `withRoutes()`) needs the parameters the map gives it.
 * `endpoint` is an `Endpoint<{}, {}>`. The bare `Endpoint` type (`any` for both)
 * checks nothing, so that every endpoint function can be assigned to it.
 *
 * @typeParam Defaults - The options laid over the global defaults by `defaults()`: the parameters they surely hold are not required.
 * @typeParam Routes - The route map set by `withRoutes()`; `{}` for none.
 */
// `any` for both: the bare `Endpoint` type checks nothing, so every endpoint function fits it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Endpoint<Defaults extends object = any, Routes = any> extends EndpointCall<
  HeldNames<Defaults>,
  HeldRoutes<Routes, HeldNames<Defaults>>,
  RouteKey<HeldRoutes<Routes, HeldNames<Defaults>>>
> {
  /**
   * The current defaults, deep-frozen (the `data` and `request` values excepted: they
   * stay the caller's own objects).
   *
   * @example
   * endpoint.DEFAULTS.baseUrl // "https://api.github.com"
   */
  readonly DEFAULTS: ReadonlyMergedOptions;

  /**
   * A new endpoint function with `options` laid over these defaults; cascades, and
   * never changes the function it is called on. The parameters `options` surely
   * holds are no longer required by its calls.
   *
   * @example
   * const myEndpoint = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", org: "my-org" });
   * myEndpoint("GET /orgs/{org}/repos"); // no `org` needed
   */
  defaults<Options extends EndpointOptions>(options: Options): Endpoint<Defaults & Options, Routes>;

  /**
   * The defaulted options without parsing them: a fresh mutable object
   * whose url still holds its placeholders. `merge()` returns the defaults. Known
   * parameters are typed, none is required.
   *
   * @example
   * endpoint.merge("GET /orgs/{org}/repos", { org: "octokit" }).url // "/orgs/{org}/repos"
   */
  merge<Route extends string>(route: Route | RouteKey<Routes>, options?: MergeOptions<Route, Routes>): MergedOptions;
  /**
   * The same, with the method and url in the options instead of a route (or the
   * defaults alone, without arguments).
   *
   * @example
   * endpoint.merge({ method: "POST", url: "/user/repos", name: "new-repo" }).name // "new-repo"
   */
  merge(options?: EndpointOptions): MergedOptions;
  /**
   * `more` laid over `options` as options are over a route (`undefined`, or the very same
   * object, as Octokit's hooks pass it, adds nothing).
   *
   * @example
   * endpoint.merge({ method: "GET", url: "/a" }, { url: "/b" }).url // "/b"
   */
  merge(options: EndpointOptions, more: EndpointOptions | undefined): MergedOptions;

  /**
   * Stateless: turns merged options into request options, adding no defaults.
   *
   * @example
   * endpoint.parse(endpoint.merge("GET /user"))
   */
  parse(options: MergedOptions): RequestOptions;

  /**
   * A {@link RequestBuilder} holding this function's defaults (and its route map).
   *
   * @example
   * endpoint.defaults({ org: "octokit" }).builder().route("GET /orgs/{org}").build()
   */
  builder(): RequestBuilder<string, string, HeldNames<Defaults>, Routes>;

  /**
   * This very function, its calls typed by the route map `NewRoutes` (see
   * {@link RouteMap}): a route of the map needs the parameters the map gives it, of
   * the types it gives; any other route is typed from its text as before.
   *
   * @example
   * import type { Endpoints } from "@octokit/types";
   * const github = endpoint.withRoutes<Endpoints>();
   * github("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", state: "open" });
   */
  withRoutes<NewRoutes>(): Endpoint<Defaults, NewRoutes>;
}

/**
 * The global `endpoint` function, with the default base URL and headers.
 *
 * @example
 * import { endpoint } from "fluent-endpoint";
 * const { method, url, headers, body } = endpoint("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octokit",
 *   repo: "endpoint.js",
 *   title: "Found a bug",
 *   headers: { authorization: "token secret123" },
 * });
 */
export const endpoint: Endpoint<{}, {}> = /*#__PURE__*/ createEndpoint(ROOT_STATE, PLAIN);
