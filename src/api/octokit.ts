import type { Conventions } from "../core/conventions.js";
import { ROOT_STATE } from "../core/state.js";
import type {
  EndpointOptions,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by a {@link MediaType} in the JSDoc below
  MediaType,
  MergedOptions,
  OctokitMediaType,
  ReadonlyMergedOptions,
  RequestOptions,
} from "../core/types.js";
import { GITHUB_PREVIEWS } from "../http/previews.js";
import { createEndpoint, type RequestBuilder } from "./builder.js";

/** `@octokit/endpoint`'s conventions where Octokit and its plugins depend on them (see docs/octokit-differences.md). */
const OCTOKIT: Conventions = { upperCaseMethod: true, rawPlusInQ: true, previews: GITHUB_PREVIEWS };

/** The options of the `fluent-endpoint/octokit` entry: those of `fluent-endpoint`, with `mediaType.previews`. */
export type OctokitOptions = {
  [Key in keyof EndpointOptions as Key extends "mediaType" ? never : Key]: EndpointOptions[Key];
} & {
  /** See {@link OctokitMediaType}. */
  mediaType?: OctokitMediaType | undefined;
};

/** Merged options of the `fluent-endpoint/octokit` entry: `mediaType.previews` too, when given. */
export interface OctokitMergedOptions extends MergedOptions {
  /** The media type parameter and, when given, the previews. */
  mediaType: {
    /** See {@link MediaType.format}; `""` for none. */
    format: string;
    /** See {@link OctokitMediaType.previews}. */
    previews?: string[];
  };
}

/**
 * The `endpoint` of `fluent-endpoint/octokit`: the same function, rules and errors as
 * `fluent-endpoint`'s, with `@octokit/endpoint`'s conventions where Octokit depends on
 * them: the result's `method` upper case, `mediaType.previews`, and a raw `+` in a
 * search `q` (see docs/octokit-differences.md). Its calls are not typed by the route:
 * Octokit's own types (`@octokit/types`) type an Octokit app's calls.
 */
export interface OctokitEndpoint {
  /**
   * Request options for a route plus parameters, the method upper case.
   *
   * @example
   * endpoint("PATCH /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js", private: true }).method // "PATCH"
   */
  (route: string, options?: OctokitOptions): RequestOptions;
  /** The same, with the method and url in the options. @example endpoint({ method: "GET", url: "/user" }) */
  (options: OctokitOptions, same?: OctokitOptions): RequestOptions;

  /** The current defaults, deep-frozen (`data` and `request` excepted). @example endpoint.DEFAULTS.baseUrl */
  readonly DEFAULTS: ReadonlyMergedOptions & Readonly<Pick<OctokitMergedOptions, "mediaType">>;

  /** A new endpoint function with `options` laid over these defaults. @example endpoint.defaults({ mediaType: { previews: ["mercy"] } }) */
  defaults(options: OctokitOptions): OctokitEndpoint;

  /**
   * The defaulted options without parsing them, the method as given. `merge(options, options)`
   * with the very same object is `merge(options)`, as Octokit's authentication hook calls it.
   *
   * @example
   * endpoint.merge("GET /search/issues", { q: "is:open+label:bug" }).method // "GET"
   */
  merge(route: string, options?: OctokitOptions): OctokitMergedOptions;
  /** The same, with the method and url in the options. @example endpoint.merge({ method: "GET", url: "/user" }) */
  merge(options?: OctokitOptions, same?: OctokitOptions): OctokitMergedOptions;

  /** Stateless: turns merged options into request options, the method upper case. @example endpoint.parse(endpoint.merge("GET /user")) */
  parse(options: MergedOptions): RequestOptions;

  /**
   * A {@link RequestBuilder} holding these defaults and following the same
   * conventions: its `build()` returns the method upper case (its type names the
   * method as written in the route). Typed as holding every parameter, so its
   * `build()` checks none, as this entry's calls do not; its `mediaType()` takes
   * previews at run time, though its type (the main builder's) does not.
   *
   * @example
   * endpoint.builder().route("GET /user").build().method // "GET"
   */
  builder(): RequestBuilder<string, string, string, {}>;

  /** This very function (route maps type `fluent-endpoint`'s calls only). @example endpoint.withRoutes() === endpoint */
  withRoutes(): OctokitEndpoint;
}

/**
 * The `endpoint` of `fluent-endpoint/octokit`, for `@octokit/request` and the Octokit
 * clients built on it.
 *
 * @example
 * import { endpoint } from "fluent-endpoint/octokit";
 * endpoint("GET /search/issues", { q: "repo:octokit/rest.js+is:open" });
 * // { method: "GET", url: "https://api.github.com/search/issues?q=repo%3Aoctokit%2Frest.js+is%3Aopen", headers: {…} }
 */
export const endpoint: OctokitEndpoint = /*#__PURE__*/ createEndpoint(
  ROOT_STATE,
  OCTOKIT,
) as unknown as OctokitEndpoint;
