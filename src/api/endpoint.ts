import { ROOT_STATE } from "../core/state.js";
import type { EndpointOptions, MergedOptions, ReadonlyMergedOptions, RequestOptions } from "../core/types.js";
import { createEndpoint, type RequestBuilder } from "./builder.js";

/**
 * The callable `endpoint`: `endpoint(route, options)` or `endpoint(options)` returns
 * request options, with helper members.
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
   * The defaulted options without parsing them: a fresh mutable object
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
