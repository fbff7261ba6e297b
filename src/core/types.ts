import type { RESPONSE } from "./brands.js";

/** A header value as sent: text, or a number such as `content-length: 14`. @example const length: HeaderValue = 14; */
export type HeaderValue = string | number;

/**
 * Headers as a caller passes them: names in any case; `undefined` or `null` removes a header, a default one too.
 *
 * @example
 * const headers: RequestHeaders = { Authorization: "token secret123", "user-agent": null };
 */
export interface RequestHeaders {
  [name: string]: HeaderValue | null | undefined;
}

/**
 * Headers as fluent-endpoint returns them: lowercase names, no empty entries.
 *
 * @example
 * const headers: ResultHeaders = endpoint("GET /user").headers;
 * headers["user-agent"]; // "fluent-endpoint.js/0.1.0"
 */
export interface ResultHeaders {
  [name: string]: HeaderValue;
}

/**
 * The `mediaType` option.
 *
 * @example
 * endpoint("GET /repos/{owner}/{repo}/readme", { owner: "octokit", repo: "endpoint.js", mediaType: { format: "raw" } })
 *   .headers.accept; // "application/vnd.github.v3.raw"
 */
export interface MediaType {
  /** A media type parameter such as `raw`, `diff` or `text+json` for vendor `accept` items; `""` for none. */
  format?: string | undefined;
  /** Only `[]`, which `@octokit/endpoint`'s merged options hold; previews need the octokit entry ({@link OctokitMediaType}). */
  previews?: readonly never[] | undefined;
}

/**
 * The `mediaType` option of the `fluent-endpoint/octokit` entry.
 *
 * @example
 * import { endpoint } from "fluent-endpoint/octokit";
 * endpoint("POST /graphql", { query: "{ viewer { login } }", mediaType: { previews: ["mercy"] } })
 *   .headers.accept; // "application/vnd.github.mercy-preview+json"
 */
export interface OctokitMediaType {
  /** See {@link MediaType.format}. */
  format?: string | undefined;
  /** GitHub API preview names (`"mercy"` or `"mercy-preview"`); as in `@octokit/endpoint`, they only affect `/graphql`. */
  previews?: readonly string[] | undefined;
}

/**
 * Meta information for whoever sends the request (a `signal`, a `fetch`…), passed on as is (docs/decisions.md, "`request`").
 *
 * @example
 * const request: RequestMeta = { signal: AbortSignal.timeout(5000) };
 * endpoint("GET /user", { request }).request === request; // true
 */
export interface RequestMeta {
  [key: string]: unknown;
}

/**
 * The options of `endpoint()`, `merge()`, `defaults()` and `RequestBuilder.from()`; any other key is a parameter.
 *
 * @example
 * const options: EndpointOptions = {
 *   method: "GET",
 *   url: "/orgs/{org}/repos",
 *   org: "octokit",
 *   type: "private",
 *   headers: { authorization: "token secret123" },
 * };
 */
export interface EndpointOptions {
  /** Any HTTP method (an RFC 9110 token, any case). Default `GET`. */
  method?: string | undefined;
  /** Path or full URL; an RFC 6570 template that may also use `:name` placeholders. */
  url?: string | undefined;
  /** Prefix for a `url` that is a path. Default `https://api.github.com`. */
  baseUrl?: string | undefined;
  /** Headers, merged key by key with the default headers. */
  headers?: RequestHeaders | undefined;
  /** See {@link MediaType} (and {@link OctokitMediaType} for the `fluent-endpoint/octokit` entry). */
  mediaType?: MediaType | undefined;
  /** The request body, sent as is instead of JSON built from the parameters. */
  data?: unknown;
  /** See {@link RequestMeta}. */
  request?: RequestMeta | undefined;
  /** Parameters. */
  [parameter: string]: unknown;
}

/**
 * Defaulted options, as `merge()` returns them and `parse()` takes them: placeholders not yet expanded.
 *
 * @example
 * const merged: MergedOptions = endpoint.merge("GET /orgs/{org}/repos", { org: "octokit" });
 * // { method: "GET", baseUrl: "https://api.github.com", headers: {…},
 * //   mediaType: { format: "" }, url: "/orgs/{org}/repos", org: "octokit" }
 */
export interface MergedOptions {
  /** The HTTP method, in the case it was given. */
  method: string;
  /** Prefix for a `url` that is a path; `""` for none. */
  baseUrl: string;
  /** The url template, placeholders not yet expanded; absent when none was given. */
  url?: string;
  /** Lowercase header names, validated values; `null` for a header removed (a default one, say), which `parse()` leaves out. */
  headers: { [name: string]: HeaderValue | null };
  /** The media type parameter; `format` is `""` for none. */
  mediaType: {
    /** See {@link MediaType.format}. */
    format: string;
  };
  /** The `data` option, the very value passed in. */
  data?: unknown;
  /** The `request` option, the very object passed in. */
  request?: RequestMeta;
  /** Parameters. */
  [parameter: string]: unknown;
}

/**
 * `endpoint.DEFAULTS`: merged options, deep-frozen (`data` and `request` stay the caller's own).
 *
 * @example
 * const defaults: ReadonlyMergedOptions = endpoint.DEFAULTS;
 * defaults.headers["user-agent"]; // "fluent-endpoint.js/0.1.0"
 */
export interface ReadonlyMergedOptions extends Readonly<MergedOptions> {
  /** Lowercase header names, validated values; `null` for a removed header. */
  readonly headers: { readonly [name: string]: HeaderValue | null };
  /** The media type parameter. */
  readonly mediaType: {
    /** See {@link MediaType.format}; `""` for none. */
    readonly format: string;
  };
}

/**
 * Generic request options, ready for any HTTP client.
 *
 * @typeParam Method - The lowercase method, `string` when it is not known.
 * @typeParam Response - What comes back for the route, as its route map says (docs/typed-routes.md, "Responses"):
 *   a mark for `readResponse()` and `ResponseData`, types only; `unknown` when no map says.
 *
 * @example
 * const { method, url, headers, body } = endpoint("POST /repos/{owner}/{repo}/issues", {
 *   owner: "octokit",
 *   repo: "endpoint.js",
 *   title: "Found a bug",
 * });
 * // method "post", url "https://api.github.com/repos/octokit/endpoint.js/issues",
 * // body { title: "Found a bug" }
 */
export interface RequestOptions<Method extends string = string, Response = unknown> {
  /** The HTTP method, always lowercase. */
  method: Method;
  /** The full URL, placeholders expanded and the query string appended. */
  url: string;
  /** Lowercase header names. */
  headers: ResultHeaders;
  /** Present only when a body exists (never for GET or HEAD). */
  body?: unknown;
  /** The `request` option, the very object passed in. */
  request?: RequestMeta;
  /** Types only, never present: the responses of the route, which type what `readResponse()` reads. */
  readonly [RESPONSE]?: Response;
}
