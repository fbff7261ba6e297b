import { type Conventions, PLAIN } from "../core/conventions.js";
import { kindOf, EndpointError } from "../core/errors.js";
import { type RouteTable, TABLE, tableRuntime } from "../core/route-table.js";
import { buildRequest, parse } from "../state/build.js";
import { Patch, patchOf, readHeader, readKey, readOptions, readParameter, readParameters } from "../state/patch.js";
import { type EndpointState, mergeForCall, produceState, ROOT_STATE, toOptions, withTable } from "../state/state.js";
import type {
  EndpointOptions,
  HeaderValue,
  MediaType,
  MergedOptions,
  ReadonlyMergedOptions,
  RequestHeaders,
  RequestMeta,
  RequestOptions,
} from "../core/types.js";
import { isPlainObject } from "../core/values.js";
import { parseRoute } from "../http/route.js";
import type { GivenName, GivenNames, HeldNames, HeldRoutes } from "../types/defaults.js";
import type {
  BuiltResponse,
  MissingNames,
  ParameterName,
  ParameterValue,
  PartialParameters,
} from "../types/builder.js";
import type {
  BuiltMethod,
  EndpointFirstArgument,
  EndpointOptionsArguments,
  EndpointResultMethod,
  MergeOptions,
  TableFirstArgument,
} from "../types/endpoint.js";
import type {
  MapKey,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by a {@link RouteMap} in the JSDoc below
  RouteMap,
  RouteKey,
  TABLE_RULES,
} from "../types/route-maps.js";
import type { OperationArgument, OperationMethod, OperationRoute } from "../types/operations.js";
import type { PathsOf, RouteArgument } from "../types/route-check.js";
import type { MapResponseMark, OperationResponseMark, ResponseMark } from "../types/responses.js";
import type { Present, RouteMethodOr, RouteUrl } from "../types/route-text.js";

/** What a builder holds: its frozen state and the conventions of the entry it comes from. */
interface BuilderCore {
  readonly conventions: Conventions;
  readonly state: EndpointState;
}

// No caller holds it, so no caller can make a builder over a core of its own.
const INTERNAL: unique symbol = /*#__PURE__*/ Symbol("fluent-endpoint.internal");

/**
 * An immutable, chainable request builder: every method returns a new builder, so a partial one can be shared.
 * `build()` does not compile until the route's parameters are given (see docs/typed-routes.md).
 *
 * @typeParam Method - The method set by `route()` or `method()`; `string` when not known.
 * @typeParam Url - The url template set by `route()` or `url()`; `string` when not known (nothing is checked).
 * @typeParam Given - The parameter names given so far, by defaults, `param()`, `params()` or `data()`.
 * @typeParam Routes - The route map set by `withRoutes()`; none by default.
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
export class RequestBuilder<
  Method extends string = string,
  Url extends string = string,
  Given extends string = never,
  Routes = {},
> {
  // A private field: no caller can reach a builder's core, so no caller can alter a builder another module shares.
  #core: BuilderCore;

  /** A builder holding the global defaults. */
  constructor();
  /** @internal A builder over `core`; only with `INTERNAL`, which no caller holds. */
  constructor(internal: typeof INTERNAL, core: BuilderCore);
  constructor(internal?: typeof INTERNAL, core?: BuilderCore) {
    this.#core = internal === INTERNAL && core !== undefined ? core : { conventions: PLAIN, state: ROOT_STATE };
    Object.freeze(this);
  }

  // docs/decisions.md, "Detached builder methods".
  static #coreOf(builder: unknown): BuilderCore {
    if (typeof builder !== "object" || builder === null || !(#core in builder)) {
      // Also a builder of another copy of the package (its other build, or another version).
      throw new EndpointError(
        "ERR_INVALID_OPTIONS",
        `a RequestBuilder method was called on ${kindOf(builder)}, not on a builder of this copy of fluent-endpoint; call it as builder.method(…)`,
      );
    }
    return (builder as RequestBuilder).#core;
  }

  /** A builder holding the global defaults with `options` laid over them. @example RequestBuilder.from({ headers: { authorization: "token secret123" } }) */
  static from<Options extends EndpointOptions>(options: Options): RequestBuilder<string, string, HeldNames<Options>>;
  static from(options: EndpointOptions): RequestBuilder {
    return new RequestBuilder(INTERNAL, {
      conventions: PLAIN,
      state: produceState(ROOT_STATE, readOptions(undefined, options, PLAIN), PLAIN),
    });
  }

  /** Sets method and url from `"<METHOD> <URL>"`, or only the url from `"<URL>"`. @example builder.route("POST /repos/{owner}/{repo}/issues") */
  route<M extends string, U extends string, G extends string, R, Route extends string = never>(
    this: RequestBuilder<M, U, G, R>,
    route: RouteArgument<Route, R>,
  ): RequestBuilder<RouteMethodOr<Route, M>, RouteUrl<Route>, G, R>;
  route(route: string): RequestBuilder {
    // A missing route is no "not given" here, as an undefined option is: parseRoute throws ERR_INVALID_ROUTE.
    if (typeof route !== "string") parseRoute(route);
    const core = RequestBuilder.#coreOf(this);
    return withPatch(core, readOptions(route, undefined, core.conventions));
  }

  /** Sets method and url to those of the route table's operation `operationId`, as `route()` would. @example builder.operation("getPetById") */
  operation<M extends string, U extends string, G extends string, R, const Name extends string>(
    this: RequestBuilder<M, U, G, R>,
    operationId: OperationArgument<Name, R>,
  ): RequestBuilder<OperationMethod<OperationRoute<Name, R>>, RouteUrl<OperationRoute<Name, R>>, G, R>;
  operation(operationId: string): RequestBuilder {
    return this.route(operationRoute(RequestBuilder.#coreOf(this).conventions, operationId) as never);
  }

  /** Sets the HTTP method, in any case (the result lowercases it; under `fluent-endpoint/octokit`, uppercases it). @example builder.method("PATCH") */
  method<NewMethod extends string>(method: NewMethod): RequestBuilder<NewMethod, Url, Given, Routes>;
  method(method: string): RequestBuilder {
    return withOption(RequestBuilder.#coreOf(this), "method", method);
  }

  /** Sets the url template. @example builder.url("/users/{username}") */
  url<NewUrl extends string>(url: NewUrl): RequestBuilder<Method, NewUrl, Given, Routes>;
  url(url: string): RequestBuilder {
    return withOption(RequestBuilder.#coreOf(this), "url", url);
  }

  /** Sets the base URL for urls that are paths. @example builder.baseUrl("https://ghe.example.com/api/v3") */
  baseUrl(baseUrl: string): RequestBuilder<Method, Url, Given, Routes>;
  baseUrl(baseUrl: string): RequestBuilder {
    return withOption(RequestBuilder.#coreOf(this), "baseUrl", baseUrl);
  }

  /** Sets one header (the name is lowercased); `null` or `undefined` removes it. @example builder.header("Authorization", "token secret123") */
  header<Name extends string, Value extends HeaderValue | null | undefined>(
    name: Name,
    value: Value,
  ): RequestBuilder<Method, Url, Given | GivenName<`header:${Lowercase<Name>}`, Value>, Routes>;
  header(name: string, value: HeaderValue | null | undefined): RequestBuilder {
    return withPatch(RequestBuilder.#coreOf(this), patchOf({ headers: [readHeader(name, value)] }));
  }

  /** Merges headers key by key. @example builder.headers({ accept: "text/html", "user-agent": "my-app/1.0" }) */
  headers<NewHeaders extends RequestHeaders>(
    headers: NewHeaders,
  ): RequestBuilder<Method, Url, Given | HeldNames<{ headers: NewHeaders }>, Routes>;
  headers(headers: RequestHeaders): RequestBuilder {
    return withOption(RequestBuilder.#coreOf(this), "headers", headers);
  }

  /** Sets one parameter (a url placeholder, else the query or JSON body); `undefined` changes nothing. @example builder.param("per_page", 100) */
  param<
    M extends string,
    U extends string,
    G extends string,
    R,
    Name extends string,
    Value extends ParameterValue<Name, M, U, R>,
  >(
    this: RequestBuilder<M, U, G, R>,
    name: Name | ParameterName<M, U, R>,
    value: Value,
  ): RequestBuilder<M, U, G | GivenName<Name, Value>, R>;
  param(name: string, value: unknown): RequestBuilder {
    const core = RequestBuilder.#coreOf(this);
    const patch = new Patch();
    readParameter(patch, name, value, core.state);
    return patch.params === undefined ? new RequestBuilder(INTERNAL, core) : withPatch(core, patch);
  }

  /** Sets several parameters. @example builder.params({ owner: "octokit", repo: "endpoint.js" }) */
  params<M extends string, U extends string, G extends string, R, Values extends Record<string, unknown>>(
    this: RequestBuilder<M, U, G, R>,
    params: Values & PartialParameters<M, U, R>,
  ): RequestBuilder<M, U, G | GivenNames<Values>, R>;
  params(params: Record<string, unknown>): RequestBuilder {
    const core = RequestBuilder.#coreOf(this);
    const patch = new Patch();
    readParameters(patch, params, core.state);
    return withPatch(core, patch);
  }

  /** Sets the request body, sent as is (by identity) instead of JSON built from parameters; `undefined` drops it. @example builder.data("Hello, world") */
  data<M extends string, U extends string, G extends string, R, Body extends ParameterValue<"data", M, U, R>>(
    this: RequestBuilder<M, U, G, R>,
    body: Body,
  ): RequestBuilder<M, U, undefined extends Body ? Exclude<G, "data"> : G | "data", R>;
  data(body: unknown): RequestBuilder {
    const core = RequestBuilder.#coreOf(this);
    const patch = new Patch();
    readKey(patch, "data", body, core.conventions);
    return withPatch(core, patch);
  }

  /** Sets `mediaType.format`. @example builder.mediaType({ format: "raw" }) */
  mediaType(mediaType: MediaType): RequestBuilder<Method, Url, Given, Routes>;
  mediaType(mediaType: MediaType): RequestBuilder {
    return withOption(RequestBuilder.#coreOf(this), "mediaType", mediaType);
  }

  /** Sets the `request` meta object, merged over an earlier one (see {@link RequestMeta}). @example builder.request({ signal }) */
  request(request: RequestMeta): RequestBuilder<Method, Url, Given, Routes>;
  request(request: RequestMeta): RequestBuilder {
    return withOption(RequestBuilder.#coreOf(this), "request", request);
  }

  /** The request options, as `endpoint()` returns them; does not compile while a required parameter is missing. @example new RequestBuilder().route("GET /user").build() */
  build<M extends string, U extends string, G extends string, R>(
    this: BuildReceiver<M, U, G, R>,
  ): RequestOptions<BuiltMethod<M>, BuiltResponse<M, U, R>>;
  build(): RequestOptions {
    const { state, conventions } = RequestBuilder.#coreOf(this);
    return buildRequest(state, conventions, state);
  }

  /** The merged options, a fresh mutable object. @example builder.merge().headers */
  merge(): MergedOptions {
    return toOptions(RequestBuilder.#coreOf(this).state);
  }

  /** An `endpoint` function whose defaults are this builder's state. @example builder.route("GET /user").toEndpoint()() */
  toEndpoint<G extends string, R>(this: RequestBuilder<string, string, G, R>): Endpoint<{ [Name in G]: Present }, R>;
  toEndpoint(): Endpoint {
    const { state, conventions } = RequestBuilder.#coreOf(this);
    return createEndpoint(state, conventions);
  }

  /** A builder that builds the routes of `routes` as their description says, typed by the map the table carries. @example builder.withRoutes(routes) */
  withRoutes<NewRoutes>(routes: RouteTable<NewRoutes>): RequestBuilder<Method, Url, Given, NewRoutes>;
  /** The same typed by the route map `NewRoutes`; without `routes`, this very builder (see `endpoint.withRoutes()`). @example new RequestBuilder().withRoutes<Endpoints>() */
  withRoutes<NewRoutes>(routes?: RouteTable): RequestBuilder<Method, Url, Given, NewRoutes>;
  withRoutes(routes?: RouteTable): RequestBuilder {
    if (routes === undefined) return this;
    const core = RequestBuilder.#coreOf(this);
    const table = tableRuntime(routes, core.conventions.table);
    return new RequestBuilder(INTERNAL, {
      conventions: { ...core.conventions, table },
      state: withTable(core.state, table),
    });
  }
}

/** A builder over `core`'s state changed by `patch`. */
function withPatch(core: BuilderCore, patch: Patch): RequestBuilder {
  return new RequestBuilder(INTERNAL, {
    conventions: core.conventions,
    state: produceState(core.state, patch, core.conventions),
  });
}

/**
 * A setter: the option `key` read by the options' own reader. Called without a value it throws
 * (docs/decisions.md, "Builder setters without a value"): `undefined` would change nothing.
 */
function withOption(
  core: BuilderCore,
  key: "method" | "url" | "baseUrl" | "headers" | "mediaType" | "request",
  value: unknown,
): RequestBuilder {
  if (value === undefined) {
    throw new EndpointError(
      key === "method" ? "ERR_INVALID_METHOD" : "ERR_INVALID_OPTIONS",
      `builder.${key}() needs a value: undefined would change nothing`,
    );
  }
  const patch = new Patch();
  readKey(patch, key, value, core.conventions);
  return withPatch(core, patch);
}

/** The route of the operation `name` in the endpoint's tables; `ERR_INVALID_ROUTE` where it has none. */
function operationRoute({ table }: Conventions, name: string): string {
  if (table === undefined) {
    throw new EndpointError("ERR_INVALID_ROUTE", "operation() needs a route table: see withRoutes()");
  }
  return table.operation(name);
}

function builderOf(state: EndpointState, conventions: Conventions): RequestBuilder {
  return new RequestBuilder(INTERNAL, { conventions, state });
}

// docs/decisions.md, "Call forms".
function readArguments(first: unknown, second: unknown, count: number, conventions: Conventions): Patch[] {
  if (typeof first === "string") return [readOptions(first, second, conventions)];
  if (count > 1 && (first === undefined ? second !== undefined : !isPlainObject(first))) {
    throw new EndpointError("ERR_INVALID_ROUTE", `route must be a string, got ${kindOf(first)}`);
  }
  const options = readOptions(undefined, first, conventions);
  return second === undefined || second === first ? [options] : [options, readOptions(undefined, second, conventions)];
}

// The builder's other face (each makes the other, so both live here); a call's state is short-lived, so no immer.
export function createEndpoint(state: EndpointState, conventions: Conventions): Endpoint {
  // A plain function, not `(...args)`: the hot path allocates no argument array.
  const call = function (first?: unknown, second?: unknown): RequestOptions {
    const patches = readArguments(first, second, arguments.length, conventions);
    return buildRequest(mergeForCall(state, patches, conventions), conventions, state);
  };
  let defaultsView: ReadonlyMergedOptions | undefined;
  // DEFAULTS is built on first read; Object.freeze makes every member read-only.
  Object.defineProperty(call, "DEFAULTS", {
    enumerable: true,
    get: () => (defaultsView ??= toOptions(state, true)),
  });
  Object.assign(call, {
    defaults: (options: EndpointOptions) =>
      createEndpoint(produceState(state, readOptions(undefined, options, conventions), conventions), conventions),
    merge(first?: unknown, second?: unknown): MergedOptions {
      return toOptions(mergeForCall(state, readArguments(first, second, arguments.length, conventions), conventions));
    },
    parse: (options: MergedOptions) => parse(options, conventions, state),
    builder: () => builderOf(state, conventions),
    withRoutes(routes?: RouteTable) {
      if (routes === undefined) return call;
      const table = tableRuntime(routes, conventions.table);
      return createEndpoint(withTable(state, table), { ...conventions, table });
    },
    operation: (name: string, options?: unknown) => call(operationRoute(conventions, name), options),
    // The code of its tables, which fluent-endpoint/openapi's functions read from an endpoint however made.
    [TABLE]: conventions.table,
  });
  return Object.freeze(call) as unknown as Endpoint;
}

/**
 * The call signature of an {@link Endpoint}; type arguments, not per-call types, so tsc makes them once per endpoint
 * type. The request options carry the map and the route, which `readResponse()` reads (docs/typed-routes.md,
 * "Responses").
 */
interface EndpointCall<Known extends string, Routes, Keys extends keyof Routes, Options> {
  /**
   * Request options for a route plus parameters, or for options holding method and url; `parse(merge(…))`.
   *
   * @example
   * endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" })
   * // { method: "get", url: "https://api.github.com/orgs/octokit/repos?type=private", headers: {…} }
   * endpoint({ method: "GET", url: "/users/{username}", username: "octocat" })
   * // { method: "get", url: "https://api.github.com/users/octocat", headers: {…} }
   */
  <const First extends string | EndpointOptions = EndpointOptions>(
    first?: EndpointFirstArgument<First, Known> | Keys,
    ...options: EndpointOptionsArguments<First, Known, Routes, Keys, Options>
  ): RequestOptions<EndpointResultMethod<First>, ResponseMark<Routes, First>>;
}

/**
 * The same for an `OpenAPIRoutes` map, whose keys are every method with every path: `Suggested` lists the operations
 * of `Map` (the map before defaults), for autocompletion, only while no route is typed yet (`Suggested` is then its
 * default; a call's route gives it otherwise, so tsc never lists them for a call's own check).
 */
interface TableEndpointCall<Known extends string, Routes, Keys extends keyof Routes, Map, Paths> {
  /**
   * Request options for a route plus parameters, or for options holding method and url; `parse(merge(…))`.
   *
   * @example
   * petstore("GET /pets/{id}", { id: 42 })
   * // { method: "get", url: "https://petstore.swagger.io/v2/pets/42", headers: {…} }
   */
  <
    const First extends string | EndpointOptions = EndpointOptions,
    Suggested extends string = EndpointOptions extends First ? RouteKey<Map> & string : never,
  >(
    first?: TableFirstArgument<First, Known, Map> | NoInfer<Suggested>,
    ...options: EndpointOptionsArguments<First, Known, Routes, Keys, unknown>
  ): RequestOptions<EndpointResultMethod<First>, OperationResponseMark<Paths, First>>;
}

/**
 * The callable `endpoint`, its calls typed by the route (see docs/typed-routes.md); the bare `Endpoint` checks nothing.
 *
 * @typeParam Defaults - The options laid over the global defaults by `defaults()`: the parameters they surely hold are not required.
 * @typeParam Routes - The route map set by `withRoutes()`; `{}` for none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Endpoint<Defaults extends object = any, Routes = any> = EndpointMethods<Defaults, Routes> &
  (typeof TABLE_RULES extends MapKey<Routes>
    ? TableEndpointCall<
        HeldNames<Defaults>,
        HeldRoutes<Routes, HeldNames<Defaults>>,
        MapKey<Routes>,
        Routes,
        PathsOf<Routes>
      >
    : EndpointCall<HeldNames<Defaults>, HeldRoutes<Routes, HeldNames<Defaults>>, MapKey<Routes>, EndpointOptions>);

/** An {@link Endpoint}'s methods; its call signature is the map's (`EndpointCall` or `TableEndpointCall`). */
interface EndpointMethods<Defaults extends object, Routes> {
  /** The current defaults, deep-frozen (`data` and `request` stay the caller's own). @example endpoint.DEFAULTS.baseUrl */
  readonly DEFAULTS: ReadonlyMergedOptions;

  /**
   * A new endpoint function with `options` laid over these defaults; the parameters they hold are no longer required.
   *
   * @example
   * const myEndpoint = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", org: "my-org" });
   * myEndpoint("GET /orgs/{org}/repos"); // no `org` needed
   */
  defaults<Options extends EndpointOptions>(options: Options): Endpoint<Defaults & Options, Routes>;

  /**
   * The defaulted options without parsing them: a fresh object, placeholders not yet expanded.
   *
   * @example
   * endpoint.merge("GET /orgs/{org}/repos", { org: "octokit" }).url // "/orgs/{org}/repos"
   */
  merge<Route extends string = never>(
    route: RouteArgument<Route, Routes>,
    options?: MergeOptions<Route, Routes>,
  ): MergedOptions;
  /** The same, with the method and url in the options (or the defaults alone). @example endpoint.merge({ url: "/user/repos" }) */
  merge(options?: EndpointOptions): MergedOptions;
  /** `more` laid over `options` as options are over a route. @example endpoint.merge({ url: "/a" }, { url: "/b" }).url // "/b" */
  merge(options: EndpointOptions, more: EndpointOptions | undefined): MergedOptions;

  /**
   * Stateless: turns merged options into request options, adding no defaults; a route table's credentials go where
   * this endpoint's calls send them (its servers, the `baseUrl` its defaults configured).
   *
   * @example
   * endpoint.parse(endpoint.merge("GET /user"))
   */
  parse(options: MergedOptions): RequestOptions;

  /**
   * Request options for the route table's operation `operationId` (as the description writes it) plus parameters:
   * `endpoint(route, options)` for its route, typed as that call is.
   *
   * @example
   * petstore.operation("getPetById", { petId: 7 }); // as petstore("GET /pets/{petId}", { petId: 7 })
   */
  operation<const Name extends string>(
    operationId: OperationArgument<Name, Routes>,
    ...options: EndpointOptionsArguments<
      OperationRoute<Name, Routes>,
      HeldNames<Defaults>,
      HeldRoutes<Routes, HeldNames<Defaults>>,
      MapKey<Routes>,
      typeof TABLE_RULES extends MapKey<Routes> ? unknown : EndpointOptions
    >
  ): RequestOptions<
    EndpointResultMethod<OperationRoute<Name, Routes>>,
    MapResponseMark<Routes, PathsOf<Routes>, OperationRoute<Name, Routes>>
  >;

  /** A {@link RequestBuilder} holding this function's defaults and route map. @example endpoint.builder().route("GET /user") */
  builder(): RequestBuilder<string, string, HeldNames<Defaults>, Routes>;

  /**
   * A function that builds the routes of `routes` as their description says, its calls typed by the route map the
   * table carries (see {@link RouteMap}).
   *
   * @example
   * import { routes } from "./petstore-routes.js"; // written by `fluent-endpoint openapi`
   * const petstore = endpoint.withRoutes(routes);
   */
  withRoutes<NewRoutes>(routes: RouteTable<NewRoutes>): Endpoint<Defaults, NewRoutes>;
  /**
   * The same typed by the route map `NewRoutes` (`withRoutes<OpenAPIRoutes<paths>>(routes)` for a table that carries
   * none); without `routes`, this very function, its calls typed only.
   *
   * @example
   * import type { Endpoints } from "@octokit/types";
   * const github = endpoint.withRoutes<Endpoints>();
   * github("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "endpoint.js", state: "open" });
   */
  withRoutes<NewRoutes>(routes?: RouteTable): Endpoint<Defaults, NewRoutes>;
}

/**
 * `build()`'s `this`: the builder once every required parameter is given, else a message tsc prints in its error.
 *
 * @example
 * type This = BuildReceiver<"GET", "/repos/{owner}/{repo}", "owner", {}>; // "missing parameter: repo"
 */
export type BuildReceiver<Method extends string, Url extends string, Given extends string, Routes> = [
  MissingNames<Method, Url, Given, Routes>,
] extends [never]
  ? RequestBuilder<Method, Url, Given, Routes>
  : `missing parameter: ${MissingNames<Method, Url, Given, Routes> & string}`;
