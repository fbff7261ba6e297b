import { RequestBuilder, wrapState } from "./builder.js";
import { parse, parseState } from "./parse.js";
import { describe, EndpointError, ErrorCodes } from "./errors.js";
import { type EndpointState, mergeForCall, mergeState, ROOT_STATE, toDefaults, toMergedOptions } from "./state.js";
import type { EndpointOptions, MergedOptions, ReadonlyMergedOptions, RequestOptions } from "./types.js";
import { isPlainObject } from "./values.js";

/**
 * The callable `endpoint` (spec §4): `endpoint(route, options)` or
 * `endpoint(options)` returns request options, with helper members.
 */
export interface Endpoint {
  /**
   * Request options for a route plus parameters; the same as `parse(merge(route, options))`.
   *
   * @example
   * endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" })
   * // { method: "get", url: "https://api.github.com/orgs/octokit/repos?type=private", headers: {…} }
   */
  (route: string, options?: EndpointOptions): RequestOptions;
  /**
   * The same, with the method and url in the options instead of a route (a second
   * argument `undefined` is allowed, as `@octokit/request` passes one).
   *
   * @example
   * endpoint({ method: "GET", url: "/users/{username}", username: "octocat" })
   * // { method: "get", url: "https://api.github.com/users/octocat", headers: {…} }
   */
  (options?: EndpointOptions, parameters?: undefined): RequestOptions;

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
   * never changes the function it is called on.
   *
   * @example
   * const myEndpoint = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", org: "my-org" });
   */
  defaults(options: EndpointOptions): Endpoint;

  /**
   * The defaulted options without parsing them (spec §2.4): a fresh mutable object
   * whose url still holds its placeholders. `merge()` returns the defaults.
   *
   * @example
   * endpoint.merge("GET /orgs/{org}/repos", { org: "octokit" }).url // "/orgs/{org}/repos"
   */
  merge(route: string, options?: EndpointOptions): MergedOptions;
  /**
   * The same, with the method and url in the options instead of a route (or the
   * defaults alone, without arguments).
   *
   * @example
   * endpoint.merge({ method: "POST", url: "/user/repos", name: "new-repo" }).name // "new-repo"
   */
  merge(options?: EndpointOptions, parameters?: undefined): MergedOptions;

  /**
   * Stateless: turns merged options into request options, adding no defaults.
   *
   * @example
   * endpoint.parse(endpoint.merge("GET /user"))
   */
  parse(options: MergedOptions): RequestOptions;

  /**
   * A {@link RequestBuilder} holding this function's defaults.
   *
   * @example
   * endpoint.defaults({ org: "octokit" }).builder().route("GET /orgs/{org}").build()
   */
  builder(): RequestBuilder;
}

/**
 * Splits the `(route, options)` / `(options)` call forms. `(options, undefined)` is the
 * options form too, as `@octokit/request` calls `merge(options, parameters)` with no
 * parameters. Otherwise, with two arguments the first is a route, so anything but a
 * string there is a bad route, never options to ignore.
 */
function callArguments(first: unknown, second: unknown, count: number): [string | undefined, unknown] {
  if (typeof first === "string") return [first, second];
  if (count > 1 && (second !== undefined || (first !== undefined && !isPlainObject(first)))) {
    throw new EndpointError(
      ErrorCodes.INVALID_ROUTE,
      `route must be a string, got ${describe(first)}${second !== undefined && isPlainObject(first) ? "; pass options alone as endpoint(options)" : ""}`,
    );
  }
  return [undefined, first];
}

/**
 * An endpoint function over `state`: a thin face of the same merge → parse path
 * the builder uses. A call merges into a short-lived state (no immer, no copies);
 * `defaults()` makes a new frozen state with immer, as builder methods do.
 */
export function createEndpoint(state: EndpointState): Endpoint {
  // A plain function, not `(...args)`: the hot path allocates no argument array.
  const call = function (first?: unknown, second?: unknown): RequestOptions {
    if (typeof first === "string") return parseState(mergeForCall(state, first, second));
    const [route, options] = callArguments(first, second, arguments.length);
    return parseState(mergeForCall(state, route, options));
  };
  let defaultsView: ReadonlyMergedOptions | undefined;
  // DEFAULTS is built on first read; the other members are plain data properties
  // (cheaper to set than descriptors). Object.freeze makes all of them read-only.
  Object.defineProperty(call, "DEFAULTS", { enumerable: true, get: () => (defaultsView ??= toDefaults(state)) });
  const members = call as unknown as Record<string, unknown>;
  members.defaults = (options: EndpointOptions) => createEndpoint(mergeState(state, options));
  members.merge = function (first?: unknown, second?: unknown): MergedOptions {
    const [route, options] = callArguments(first, second, arguments.length);
    return toMergedOptions(mergeForCall(state, route, options));
  };
  members.parse = parse;
  members.builder = () => wrapState(state);
  return Object.freeze(call) as unknown as Endpoint;
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
export const endpoint: Endpoint = /*#__PURE__*/ createEndpoint(ROOT_STATE);
