import { createEndpoint, type Endpoint } from "./endpoint.js";
import { describe, EndpointError, ErrorCodes, quote } from "./errors.js";
import { parseState } from "./parse.js";
import { parseRoute } from "./route.js";
import {
  type EndpointState,
  mergeState,
  mergeStepsForCall,
  OPTION_KEYS,
  produceSteps,
  readStep,
  ROOT_STATE,
  type Step,
  toMergedOptions,
} from "./state.js";
import type {
  EndpointOptions,
  HeaderValue,
  MediaType,
  MergedOptions,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
} from "./types.js";
import { isPlainObject, setOwn } from "./values.js";

/**
 * What a builder holds: an immer-produced state and the steps (validated, copied,
 * frozen transitions) laid over it since. A builder's own state is produced from
 * these once it is needed whole, or used a second time (see `docs/architecture.md`);
 * until then a `build()` lays the steps over `base` for that one call. The two
 * mutable fields only remember that work; what the builder stands for never changes.
 */
interface Link {
  readonly base: EndpointState;
  readonly steps: readonly Step[];
  /** The frozen state of `base` plus `steps`, once produced. */
  state: EndpointState | undefined;
  /** Whether the builder has been built or derived from once already. */
  used: boolean;
}

/** A builder with more steps pending than this produces its state before it is derived from. */
export const MAX_PENDING_STEPS = 8;

/**
 * Proves that a constructor call comes from this module (see `wrapLink`): no caller
 * holds it, so no caller can make a builder over a link of its own. An argument, not
 * module state handed over beside the call, which a failed call could leave behind.
 */
const OWN: unique symbol = /*#__PURE__*/ Symbol("fluent-endpoint.own");

/**
 * An immutable, chainable request builder. Every method returns a new builder and
 * leaves the receiver as it was, so a partially built builder can be shared freely
 * as a template. The state underneath is plain data, deep-frozen, made by immer;
 * a one-off chain defers that work to a single merge at `build()` (see `Link`).
 *
 * @example
 * const repo = new RequestBuilder()
 *   .header("authorization", "token secret123")
 *   .route("GET /repos/{owner}/{repo}/issues")
 *   .params({ owner: "octokit", repo: "endpoint.js" });
 *
 * repo.param("state", "open").build();
 * // { method: "get", url: "https://api.github.com/repos/octokit/endpoint.js/issues?state=open", headers: {…} }
 */
export class RequestBuilder {
  // A private field, not a property: no caller can reach a builder's link, so no caller
  // can alter the steps or state of a builder another module shares.
  #link: Link;

  /** A builder holding the global defaults. */
  constructor();
  /** @internal A builder over `link`; only with `OWN`, which no caller holds. */
  constructor(own: typeof OWN, link: Link);
  constructor(own?: typeof OWN, link?: Link) {
    this.#link = own === OWN && link !== undefined ? link : linkTo(ROOT_STATE);
    Object.freeze(this);
  }

  /**
   * What `builder` holds. A method detached from its builder (`const { build } = b;
   * build()`) or called on another object gets an EndpointError, not a TypeError
   * from deep inside. (A static method, not a static block: bundlers keep a class
   * with a static block even when nothing uses it.)
   */
  static #linkOf(builder: unknown): Link {
    if (typeof builder !== "object" || builder === null || !(#link in builder)) {
      // Also a builder of another copy of the package (its other build, or another version).
      throw new EndpointError(
        ErrorCodes.INVALID_OPTIONS,
        `a RequestBuilder method was called on ${describe(builder)}, not on a builder of this copy of fluent-endpoint; call it as builder.method(…)`,
      );
    }
    return (builder as RequestBuilder).#link;
  }

  /**
   * A builder holding the global defaults with `options` laid over them, like
   * `endpoint.defaults(options)`.
   *
   * @example
   * const github = RequestBuilder.from({ headers: { authorization: "token secret123" } });
   */
  static from(options: EndpointOptions): RequestBuilder {
    return wrapState(mergeState(ROOT_STATE, options));
  }

  /**
   * Sets method and url from `"<METHOD> <URL>"`, or only the url from `"<URL>"`.
   *
   * @example
   * builder.route("POST /repos/{owner}/{repo}/issues")
   */
  route(route: string): RequestBuilder {
    // A missing route is no "not given" here, as an undefined option is: parseRoute throws ERR_INVALID_ROUTE.
    if (route === undefined) parseRoute(route);
    return withStep(RequestBuilder.#linkOf(this), readStep(route));
  }

  /** Sets the HTTP method (any case; the result lowercases it). @example builder.method("PATCH") */
  method(method: string): RequestBuilder {
    return withOptions(RequestBuilder.#linkOf(this), { method: given(method, "method") });
  }

  /** Sets the url template. @example builder.url("/users/{username}") */
  url(url: string): RequestBuilder {
    return withOptions(RequestBuilder.#linkOf(this), { url: given(url, "url") });
  }

  /** Sets the base URL for urls that are paths. @example builder.baseUrl("https://ghe.example.com/api/v3") */
  baseUrl(baseUrl: string): RequestBuilder {
    return withOptions(RequestBuilder.#linkOf(this), { baseUrl: given(baseUrl, "baseUrl") });
  }

  /**
   * Sets one header (the name is lowercased); `null` or `undefined` removes it.
   *
   * @example
   * builder.header("Authorization", "token secret123")
   */
  header(name: string, value: HeaderValue | null | undefined): RequestBuilder {
    if (typeof name !== "string") {
      throw new EndpointError(ErrorCodes.INVALID_HEADER, `header name must be a string, got ${describe(name)}`);
    }
    const headers: RequestHeaders = {};
    setOwn(headers as Record<string, unknown>, name, value);
    return withOptions(RequestBuilder.#linkOf(this), { headers });
  }

  /** Merges headers key by key. @example builder.headers({ accept: "text/html", "user-agent": "my-app/1.0" }) */
  headers(headers: RequestHeaders): RequestBuilder {
    return withOptions(RequestBuilder.#linkOf(this), { headers: given(headers, "headers") });
  }

  /**
   * Sets one parameter: it fills a url placeholder, or goes to the query (GET,
   * HEAD) or the JSON body. `undefined` leaves the builder as it is.
   *
   * @example
   * builder.param("per_page", 100)
   */
  param(name: string, value: unknown): RequestBuilder {
    assertParameterName(name);
    const params: Record<string, unknown> = {};
    setOwn(params, name, value);
    return withOptions(RequestBuilder.#linkOf(this), params);
  }

  /** Sets several parameters. @example builder.params({ owner: "octokit", repo: "endpoint.js" }) */
  params(params: Record<string, unknown>): RequestBuilder {
    if (!isPlainObject(params)) {
      throw new EndpointError(ErrorCodes.INVALID_OPTIONS, `params must be a plain object, got ${describe(params)}`);
    }
    for (const name of Object.keys(params)) assertParameterName(name);
    return withOptions(RequestBuilder.#linkOf(this), params);
  }

  /** Sets the request body, sent as is (by identity) instead of JSON built from parameters. @example builder.data("Hello, world") */
  data(body: unknown): RequestBuilder {
    return withOptions(RequestBuilder.#linkOf(this), { data: body });
  }

  /** Sets `mediaType.format`. @example builder.mediaType({ format: "raw" }) */
  mediaType(mediaType: MediaType): RequestBuilder {
    return withOptions(RequestBuilder.#linkOf(this), { mediaType: given(mediaType, "mediaType") });
  }

  /** Sets the `request` meta object, returned by identity. @example builder.request({ signal }) */
  request(request: RequestMeta): RequestBuilder {
    return withOptions(RequestBuilder.#linkOf(this), { request: given(request, "request") });
  }

  /**
   * The request options, exactly as `endpoint()` returns them for the same inputs.
   *
   * @example
   * new RequestBuilder().route("GET /user").build()
   * // { method: "get", url: "https://api.github.com/user", headers: {…} }
   */
  build(): RequestOptions {
    const link = RequestBuilder.#linkOf(this);
    return parseState(firstUse(link) ? mergeStepsForCall(link.base, link.steps) : stateOf(link));
  }

  /** The merged options (spec §2.4), a fresh mutable object. @example builder.merge().headers */
  merge(): MergedOptions {
    return toMergedOptions(stateOf(RequestBuilder.#linkOf(this)));
  }

  /**
   * An `endpoint` function whose defaults are this builder's state.
   *
   * @example
   * const listIssues = builder.route("GET /repos/{owner}/{repo}/issues").toEndpoint();
   * listIssues({ owner: "octokit", repo: "endpoint.js" });
   */
  toEndpoint(): Endpoint {
    return createEndpoint(stateOf(RequestBuilder.#linkOf(this)));
  }

}

/**
 * A setter's argument. As an option, `undefined` means "not given" and changes nothing;
 * a call to the setter never means that, so it is refused (`.data(undefined)` and
 * `.param(name, undefined)` keep their documented meaning).
 */
function given<T>(value: T, setter: string): T {
  if (value === undefined) {
    throw new EndpointError(
      setter === "method" ? ErrorCodes.INVALID_METHOD : ErrorCodes.INVALID_OPTIONS,
      `builder.${setter}() needs a value: undefined would change nothing`,
    );
  }
  return value;
}

/** The one builder transition: a new builder over `link`'s state with `options` laid over it. */
function withOptions(link: Link, options: EndpointOptions): RequestBuilder {
  return withStep(link, readStep(undefined, options));
}

/**
 * A new builder: `step` over `link`. The first builder derived from one whose state
 * is not produced yet takes over its steps (so a one-off chain produces nothing); a
 * second one, or one past `MAX_PENDING_STEPS`, starts from the produced state.
 */
function withStep(link: Link, step: Step): RequestBuilder {
  if (link.steps.length < MAX_PENDING_STEPS && firstUse(link)) {
    return wrapLink({ base: link.base, steps: [...link.steps, step], state: undefined, used: false });
  }
  return wrapLink({ base: stateOf(link), steps: [step], state: undefined, used: false });
}

/** True, once, for a link whose state is not produced: the next use will produce it. */
function firstUse(link: Link): boolean {
  if (link.state !== undefined || link.used) return false;
  link.used = true;
  return true;
}

function assertParameterName(name: unknown): void {
  if (typeof name !== "string") {
    throw new EndpointError(ErrorCodes.INVALID_PARAMETER, `parameter name must be a string, got ${describe(name)}`);
  }
  if (OPTION_KEYS.has(name)) {
    throw new EndpointError(
      ErrorCodes.INVALID_PARAMETER,
      `${quote(name)} is an option, not a parameter; use .${name}() instead`,
    );
  }
}

function linkTo(state: EndpointState): Link {
  return { base: state, steps: [], state, used: false };
}

function wrapLink(link: Link): RequestBuilder {
  return new RequestBuilder(OWN, link);
}

/** A builder over an existing state (internal: states come only from merge functions). */
export function wrapState(state: EndpointState): RequestBuilder {
  return wrapLink(linkTo(state));
}

/** The state a builder's link stands for, produced with immer on first need. */
function stateOf(link: Link): EndpointState {
  return (link.state ??= produceSteps(link.base, link.steps));
}
