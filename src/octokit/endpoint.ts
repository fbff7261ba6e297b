import type { Conventions } from "../core/conventions.js";
import { ROOT_STATE } from "../state/state.js";
import type {
  EndpointOptions,
  HeaderValue,
  MergedOptions,
  OctokitMediaType,
  ReadonlyMergedOptions,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
} from "../core/types.js";
import { GITHUB_PREVIEWS } from "./previews.js";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- RequestBuilder is named by {@link} in the JSDoc below
import { createEndpoint, type RequestBuilder } from "../api/builder.js";

/** `@octokit/endpoint`'s conventions where Octokit and its plugins depend on them (see docs/octokit-differences.md). */
const OCTOKIT: Conventions = { upperCaseMethod: true, rawPlusIn: "q", previews: GITHUB_PREVIEWS, table: undefined };

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
    /** See {@link OctokitMediaType.format}; `""` for none. */
    format: string;
    /** See {@link OctokitMediaType.previews}. */
    previews?: string[];
  };
}

/** The `endpoint` of `fluent-endpoint/octokit`: `fluent-endpoint`'s, under Octokit's conventions (docs/decisions.md, "The Octokit entry"). */
export interface OctokitEndpoint {
  /** Request options for a route plus parameters, the method upper case. @example endpoint("PATCH /user", { bio: "x" }).method // "PATCH" */
  (route: string, options?: OctokitOptions): RequestOptions;
  /** The same, with the method and url in the options; `more` is laid over `options`. @example endpoint({ method: "GET", url: "/user" }) */
  (options: OctokitOptions, more?: OctokitOptions): RequestOptions;

  /** The current defaults, deep-frozen (`data` and `request` excepted). @example endpoint.DEFAULTS.baseUrl */
  readonly DEFAULTS: ReadonlyMergedOptions & {
    /** The media type parameter and, when given, the previews. */
    readonly mediaType: {
      /** See {@link OctokitMediaType.previews}. */
      readonly previews?: readonly string[];
    };
  };

  /** A new endpoint function with `options` laid over these defaults. @example endpoint.defaults({ mediaType: { previews: ["mercy"] } }) */
  defaults(options: OctokitOptions): OctokitEndpoint;

  /** The defaulted options without parsing them, the method as given. @example endpoint.merge("GET /search/issues", { q: "is:open" }) */
  merge(route: string, options?: OctokitOptions): OctokitMergedOptions;
  /** The same, with the method and url in the options, `more` laid over them. @example endpoint.merge({ method: "GET", url: "/user" }) */
  merge(options?: OctokitOptions): OctokitMergedOptions;
  /** `more` laid over `options`. @example endpoint.merge(options, options) // as Octokit's authentication hook calls it */
  merge(options: OctokitOptions, more: OctokitOptions | undefined): OctokitMergedOptions;

  /** Stateless: turns merged options into request options, the method upper case. @example endpoint.parse(endpoint.merge("GET /user")) */
  parse(options: MergedOptions): RequestOptions;

  /** A builder holding these defaults, under the same conventions. @example endpoint.builder().route("PATCH /user").build().method // "PATCH" */
  builder(): OctokitRequestBuilder;

  /** This very function (route maps type `fluent-endpoint`'s calls only). @example endpoint.withRoutes() === endpoint */
  withRoutes(): OctokitEndpoint;
}

/** The builder of the `fluent-endpoint/octokit` entry: a {@link RequestBuilder}, typed without routes. */
export interface OctokitRequestBuilder {
  /** See {@link RequestBuilder.route}. @example builder.route("POST /graphql") */
  route(route: string): OctokitRequestBuilder;
  /** See {@link RequestBuilder.method}. @example builder.method("PATCH") */
  method(method: string): OctokitRequestBuilder;
  /** See {@link RequestBuilder.url}. @example builder.url("/graphql") */
  url(url: string): OctokitRequestBuilder;
  /** See {@link RequestBuilder.baseUrl}. @example builder.baseUrl("https://ghe.example.com/api") */
  baseUrl(baseUrl: string): OctokitRequestBuilder;
  /** See {@link RequestBuilder.header}. @example builder.header("authorization", "token secret123") */
  header(name: string, value: HeaderValue | null | undefined): OctokitRequestBuilder;
  /** See {@link RequestBuilder.headers}. @example builder.headers({ accept: "text/html" }) */
  headers(headers: RequestHeaders): OctokitRequestBuilder;
  /** See {@link RequestBuilder.param}. @example builder.param("per_page", 100) */
  param(name: string, value: unknown): OctokitRequestBuilder;
  /** See {@link RequestBuilder.params}. @example builder.params({ owner: "octokit" }) */
  params(params: Record<string, unknown>): OctokitRequestBuilder;
  /** See {@link RequestBuilder.data}. @example builder.data("Hello") */
  data(body: unknown): OctokitRequestBuilder;
  /** `mediaType.format` and `mediaType.previews`. @example builder.mediaType({ previews: ["mercy"] }) */
  mediaType(mediaType: OctokitMediaType): OctokitRequestBuilder;
  /** See {@link RequestBuilder.request}. @example builder.request({ signal }) */
  request(request: RequestMeta): OctokitRequestBuilder;
  /** The request options, the method upper case. @example builder.route("GET /user").build().method // "GET" */
  build(): RequestOptions;
  /** The merged options. @example builder.merge().mediaType */
  merge(): OctokitMergedOptions;
  /** An endpoint function of this entry with the builder's state as defaults. @example builder.toEndpoint()("GET /user") */
  toEndpoint(): OctokitEndpoint;
}

/**
 * The `endpoint` of `fluent-endpoint/octokit`, for `@octokit/request` and the Octokit clients built on it.
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
