// Types only: what a route needs, read from its text or looked up in a route map.
// Nothing here exists at run time. The types are written to stay cheap for tsc
// (figures in docs/performance.md): a route is split with template-literal
// inference on `{…}` expressions, `,` and `:` (never character by character, which
// reaches tsc's depth limit near 1 000 characters), recursion is in tail position,
// and a route map is only ever read one route at a time: indexed by a route it holds,
// or mapped lazily (an entry is made when a call reads it). A constraint on the map,
// or a lookup tsc can resolve for a generic route (`Routes[Route]["parameters" & …]`,
// `infer Key extends keyof Routes`), makes tsc evaluate every route of the map; the
// one-call benchmark and a test catch that. What a call needs from an endpoint's
// defaults and map (the names held, the map's routes) is made once per endpoint type,
// as the type arguments of its call signature's interface (see `EndpointCall`).
import type { OptionName } from "../core/options.js";
import type { EndpointOptions, RequestHeaders } from "../core/types.js";

/** Option keys: never parameters, so never held by defaults (the `data` body excepted, see `HeldNames`). */
type OptionKey = Exclude<OptionName, "data">;

/**
 * The value of a required parameter: anything but `null` or `undefined`.
 *
 * @example
 * const owner: Present = "octokit";
 */
export type Present = NonNullable<unknown>;

// prettier-ignore
type Letter =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m"
  | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
  | "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" | "J" | "K" | "L" | "M"
  | "N" | "O" | "P" | "Q" | "R" | "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z";

/** `Text` up to the first `Stop`, or all of it. */
type Before<Text extends string, Stop extends string> = Text extends `${infer Head}${Stop}${string}` ? Head : Text;

/** A printable ASCII character other than a letter, digit, `_` or `/`: one that ends a `:name`. */
// prettier-ignore
type NameEnd =
  | "." | "-" | "~" | "%" | ":" | "?" | "#" | "!" | "$" | "&" | "'" | "(" | ")" | "*" | "+"
  | "," | ";" | "=" | "@" | "[" | "]" | "|" | "^" | "`" | "\\" | '"' | "<" | ">" | " ";

/**
 * The name of a `:name` placeholder at the start of `Text`: it ends at the first
 * character that is not a letter, digit or `_`. Cut at `/` first; a segment that
 * still holds another such character (rare) is cut at each one in turn.
 */
// prettier-ignore
type ColonName<Text extends string> =
  Before<Text, "/"> extends infer Segment extends string
    ? Segment extends `${string}${NameEnd}${string}`
      ? Before<Before<Before<Before<Before<Before<Before<Before<Before<Before<
        Before<Before<Before<Before<Before<Before<Before<Before<Before<Before<
        Before<Before<Before<Before<Before<Before<Before<Before<Before<
          Segment, ".">, "-">, "~">, "%">, ":">, "?">, "#">, "!">, "$">, "&">,
          "'">, "(">, ")">, "*">, "+">, ",">, ";">, "=">, "@">, "[">,
          "]">, "|">, "^">, "`">, "\\">, '"'>, "<">, ">">, " ">
      : Segment
    : never;

/** The `:name` placeholders of a piece of literal path text (a colon before a digit stays literal). */
type ColonNames<Text extends string, Found extends string = never> = Text extends `${string}:${infer After}`
  ? ColonNames<After, After extends `${Letter | "_"}${string}` ? Found | ColonName<After> : Found>
  : Found;

/** A varspec's name: its `:3` prefix or `*` explode modifier stripped. */
type VarName<Spec extends string> = Spec extends `${infer Name}:${string}`
  ? Name
  : Spec extends `${infer Name}*`
    ? Name
    : Spec;

/** The names of a comma-separated varspec list. */
type VarNames<List extends string, Found extends string = never> = List extends `${infer Spec},${infer Rest}`
  ? VarNames<Rest, Found | VarName<Spec>>
  : Found | VarName<List>;

/** Operators whose variables may be left out (RFC 6570 §3.2: they expand to nothing). */
type OptionalOperator = "#" | "." | "/" | ";" | "?" | "&";

/** The `{…}` expressions of a template, as written between the braces: one step per expression. */
type Expressions<
  Template extends string,
  Found extends string = never,
> = Template extends `${string}{${infer Expression}}${infer Rest}` ? Expressions<Rest, Found | Expression> : Found;

/** An expression with a modifier, several varspecs or the `+` operator: one that is not just a name. */
type NotJustAName = `+${string}` | `${string}${"," | ":" | "*"}${string}`;

/** The variable names of expressions written without an optional operator (most are just a name). */
type ListNames<Lists extends string> = [Lists & NotJustAName] extends [never]
  ? Lists
  : Lists extends `+${infer List}`
    ? VarNames<List>
    : VarNames<Lists>;

/** An expression with an optional operator. */
type OptionalExpression = `${OptionalOperator}${string}`;

/** The varspec lists of the expressions that have an optional operator. */
type OptionalLists<Expression extends string> = Expression extends `${OptionalOperator}${infer List}` ? List : never;

/** Whether the path goes on past literal `Text` (no `?` or `#` in it). */
type LiteralInPath<Text extends string> = Text extends `${string}${"?" | "#"}${string}` ? false : true;

/**
 * The `:name` placeholders of a url template: they count only in its path, which
 * ends at a literal `?` or `#` or a `{?…}`, `{&…}` or `{#…}` expression.
 */
type PathColonNames<
  Url extends string,
  Found extends string = never,
> = Url extends `${infer Text}{${infer Expression}}${infer Rest}`
  ? LiteralInPath<Text> extends false
    ? Found | ColonNames<Before<Before<Text, "?">, "#">>
    : Expression extends `${"?" | "&" | "#"}${string}`
      ? Found | ColonNames<Text>
      : PathColonNames<Rest, Found | ColonNames<Text>>
  : Found | ColonNames<Before<Before<Url, "?">, "#">>;

/** A url with its leading `scheme://authority` dropped: colons there (a port, a password) are no placeholders. */
type PathOf<Url extends string> = Url extends `${infer Scheme}://${infer Rest}`
  ? Scheme extends `${string}${"/" | "{" | "?" | "#" | ":"}${string}`
    ? Url
    : Rest extends `${Before<Before<Before<Before<Rest, "/">, "?">, "#">, "{">}${infer Path}`
      ? Path
      : Url
  : Url;

/** The `:name` placeholders of a route; `never` at once for a route without a colon. */
type ColonPlaceholders<Route extends string> = Route extends `${string}:${string}`
  ? PathColonNames<PathOf<RouteUrl<Route>>>
  : never;

/**
 * The names a route requires: those of simple `{a}`/`{a,b}` and reserved `{+a}`
 * expressions, and `:a` placeholders. (A method never holds a brace or a colon, so
 * the route is scanned as it is.)
 */
type RequiredNames<Route extends string> = RequiredOf<Expressions<Route>> | ColonPlaceholders<Route>;

/** The names required by the expressions `Expression`. */
type RequiredOf<Expression extends string> = [Expression & OptionalExpression] extends [never]
  ? ListNames<Expression>
  : ListNames<Exclude<Expression, OptionalExpression>>;

/** The names a route may take: those of `{#…}`, `{.…}`, `{/…}`, `{;…}`, `{?…}` and `{&…}` expressions. */
type OptionalNames<Route extends string> = OptionalOf<Expressions<Route>>;

/** The names the expressions `Expression` may take. */
type OptionalOf<Expression extends string> = [Expression & OptionalExpression] extends [never]
  ? never
  : ListNames<OptionalLists<Expression>>;

/**
 * The parameters of the expressions `Expression` and the `:name` placeholders
 * `Colons`, in one step for the usual route, whose expressions are all required.
 */
type ExpressionParameters<Expression extends string, Colons extends string> = [
  Expression & OptionalExpression,
] extends [never]
  ? { [Name in ListNames<Expression> | Colons]: Present }
  : { [Name in RequiredOf<Expression> | Colons]: Present } & { [Name in OptionalOf<Expression>]?: unknown };

/** The url of a route (`"<METHOD> <URL>"` or `"<URL>"`). */
export type RouteUrl<Route extends string> = Route extends `${string} ${infer Url}` ? Url : Route;

/**
 * The method of a builder after `route(Route)`: the route's, or `Method` (the
 * builder's own) for a route that is only a url.
 *
 * @example
 * type Method = RouteMethodOr<"/user", "PATCH">; // "PATCH"
 */
export type RouteMethodOr<Route extends string, Method extends string> = Route extends `${infer RouteMethod} ${string}`
  ? RouteMethod
  : Method;

/** Parameters with `Required` names (anything but `null` or `undefined`) and `Optional` ones. */
type NamedParameters<Required extends string, Optional extends string> = [Optional] extends [never]
  ? { [Name in Required]: Present }
  : { [Name in Required]: Present } & { [Name in Optional]?: unknown };

/**
 * The parameters a route needs, read from its text: every name of a simple `{a}` or
 * `{a,b}` expression, a reserved `{+a}` expression or a `:a` placeholder is required
 * (anything but `null` or `undefined`); the names of `{#…}`, `{.…}`, `{/…}`, `{;…}`,
 * `{?…}` and `{&…}` expressions are optional. A route typed as plain `string` needs
 * nothing.
 *
 * @example
 * type Issue = RouteParameters<"GET /repos/{owner}/{repo}/issues/{issue_number}{?page}">;
 * // { owner: {}; repo: {}; issue_number: {} } & { page?: unknown }
 *
 * function get<Route extends string>(route: Route, parameters: RouteParameters<Route>) {
 *   return endpoint(route as string, parameters);
 * }
 */
export type RouteParameters<Route extends string> = ExpressionParameters<Expressions<Route>, ColonPlaceholders<Route>>;

/**
 * The options a route takes: its parameters (as {@link RouteParameters}) and the
 * option keys. The intersection with `EndpointOptions` sits inside the branches of a
 * conditional type: while a call's type arguments are inferred, tsc compares the
 * argument with this type, and an intersection of generic types costs it about
 * 1 500 instantiations to normalize, a conditional type almost none.
 */
type RouteOptions<Route extends string> = ExpressionOptions<Expressions<Route>, ColonPlaceholders<Route>>;

/** {@link ExpressionParameters} and the option keys (see {@link RouteOptions}). */
type ExpressionOptions<Expression extends string, Colons extends string> = [Expression & OptionalExpression] extends [
  never,
]
  ? { [Name in ListNames<Expression> | Colons]: Present } & EndpointOptions
  : { [Name in RequiredOf<Expression> | Colons]: Present } & {
      [Name in OptionalOf<Expression>]?: unknown;
    } & EndpointOptions;

/** A route's options with `Held` names (held by defaults) no longer required (see {@link RouteOptions}). */
type HeldRouteOptions<Route extends string, Held extends string> = [
  OptionalNames<Route> | (RequiredNames<Route> & Held),
] extends [never]
  ? { [Name in Exclude<RequiredNames<Route>, Held>]: Present } & EndpointOptions
  : { [Name in Exclude<RequiredNames<Route>, Held>]: Present } & {
      [Name in OptionalNames<Route> | (RequiredNames<Route> & Held)]?: unknown;
    } & EndpointOptions;

/**
 * A map of routes to the parameters each takes, as `withRoutes()` reads it:
 * `@octokit/types`' `Endpoints` fits as it is, and {@link OpenAPIRoutes} makes one
 * from openapi-typescript's `paths`. Keys are `"<METHOD> <URL>"` with an uppercase
 * method; a parameter that is not optional is required, and `data` stands for a
 * body that is not JSON. (`withRoutes()` does not check its map against this type:
 * that would evaluate every route of the map on the first call.)
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
 * The routes of a route map, for autocompletion: none for no map, or for an `any`
 * one (which the bare `Endpoint` type holds).
 *
 * @example
 * type Routes = RouteKey<{ "GET /pets": { parameters: {} } }>; // "GET /pets"
 */
export type RouteKey<Routes> = unknown extends Routes ? never : keyof Routes;

/**
 * The parameters the map `Routes` gives `Route`, which it holds. (Indexed by
 * `Route & keyof Routes`: a distributive `Route extends keyof Routes`, or matching
 * the map against `{ [Key in Route]: … }`, makes tsc evaluate every route of the
 * map when `Route` is generic; a plain `Routes[…]["parameters"]` costs fewer
 * instantiations but more time.)
 */
type MapParameters<Route, Routes> = Routes[Route & keyof Routes] extends { parameters: infer Parameters }
  ? Parameters
  : EndpointOptions;

/** Map parameters with `Held` names no longer required. */
type HeldMapParameters<Parameters, Held extends string> = [Held] extends [never]
  ? Parameters
  : Omit<Parameters, Held> & Partial<Pick<Parameters, Held & keyof Parameters>>;

/**
 * The route map an endpoint's calls read: `Routes` itself when its defaults hold no
 * name (or for no map), else `Routes` with the held names no longer required. An
 * argument of the `Endpoint` interface's base type, so tsc makes it once per
 * endpoint type, not once per call; a route's entry is mapped only when a call uses it.
 *
 * @example
 * type Routes = HeldRoutes<{ "GET /orgs/{org}": { parameters: { org: string } } }, "org">;
 * // { "GET /orgs/{org}": { parameters: Omit<{ org: string }, "org"> & Partial<Pick<{ org: string }, "org">> } }
 */
export type HeldRoutes<Routes, Held extends string> = unknown extends Routes
  ? Routes
  : [Held] extends [never]
    ? Routes
    : {
        [Route in keyof Routes]: {
          parameters: HeldMapParameters<
            Routes[Route] extends infer Entry ? Entry["parameters" & keyof Entry] : never,
            Held
          >;
        };
      };

/**
 * `[options]` for `Options` (parameters and option keys): optional unless they hold a
 * required parameter. `NoInfer`: the route alone says what the call is (options typed
 * `RouteParameters<Route>` in a generic helper would otherwise infer `Route`).
 */
type OptionsArguments<Options> = {} extends Options ? [options?: NoInfer<Options>] : [options: NoInfer<Options>];

/**
 * What `endpoint()` checks its first argument against: a route as it is (a route of
 * the map, one of `Keys`, autocompletes); options with a literal `url` must hold that
 * url's required parameters, except those held by defaults (`Held`).
 *
 * @example
 * // endpoint({ method: "GET", url: "/users/{username}" }) is an error: `username` is missing.
 * type First = EndpointFirstArgument<{ url: "/users/{username}" }, never, never>;
 */
export type EndpointFirstArgument<First, Held extends string, Keys> =
  (First & NoInfer<UrlOptionsParameters<First, Held>>) | Keys;

/** What options with a literal `url` must hold; nothing for a route (a string). */
type UrlOptionsParameters<Options, Held extends string> = Options extends string
  ? unknown
  : Options extends { url: infer Url extends string }
    ? UrlParameters<Url, Held>
    : unknown;

/** What options with a literal url must hold. */
type UrlParameters<Url extends string, Held extends string> = NamedParameters<Exclude<RequiredNames<Url>, Held>, never>;

/**
 * The arguments of `endpoint()` after a route: its options, required when the route
 * needs a parameter no default holds. After options (the other call form): none.
 * `Routes` is the map with the held names already made optional (see
 * {@link HeldRoutes}) and `Keys` its routes, both made once per endpoint type: `keyof`
 * a map of 1 200 routes, or its intersection with a route, costs tsc time on every
 * call. The entry is read through `infer`: `Routes[First]["parameters" & keyof …]`
 * makes tsc evaluate every route of the map.
 *
 * @example
 * type Rest = EndpointOptionsArguments<"GET /orgs/{org}", never, {}, never>;
 * // [options: { org: {} } & EndpointOptions]
 */
export type EndpointOptionsArguments<First, Held extends string, Routes, Keys extends keyof Routes> = [First] extends [
  never,
]
  ? // A first argument typed `never` (a test's `42 as never`): anything goes, as before.
    [options?: EndpointOptions]
  : First extends Keys
    ? OptionsArguments<
        (Routes[First] extends infer Entry ? Entry["parameters" & keyof Entry] : never) & EndpointOptions
      >
    : First extends string
      ? OptionsArguments<[Held] extends [never] ? RouteOptions<First> : HeldRouteOptions<First, Held>>
      : // The options form: `@octokit/request` passes an undefined second argument.
        [parameters?: undefined];

/**
 * The method `endpoint()` returns: the literal lowercased method of a literal route
 * (`"GET /user"` gives `"get"`) or of a literal `method` option, else `string`.
 *
 * @example
 * type Method = EndpointResultMethod<"POST /user/repos">; // "post"
 */
export type EndpointResultMethod<First> = First extends `${infer Method} ${string}`
  ? Lowercase<Method>
  : First extends { method: infer Method extends string }
    ? BuiltMethod<Method>
    : string;

/**
 * The options of `merge(route, options)`: the route's parameters typed, none required.
 *
 * @example
 * type Options = MergeOptions<"GET /orgs/{org}", {}>; // { org?: {} } & EndpointOptions
 */
export type MergeOptions<Route extends string, Routes> = [Route] extends [RouteKey<Routes>]
  ? Partial<MapParameters<Route, Routes>> & EndpointOptions
  : Partial<RouteParameters<Route>> & EndpointOptions;

/**
 * The names a defaults object surely holds: keys that are literal, not optional,
 * neither `null` nor `undefined`, and not options (`data` excepted: it is the body a
 * route map's `data` parameter asks for). For `any` (the bare `Endpoint` type): every name.
 * (`unknown extends Options` tells `any`: `0 extends 1 & Options` does not, for an
 * `Options` constrained to `object`, whose intersection with `1` is `never`.)
 *
 * @example
 * type Held = HeldNames<{ owner: "octokit"; repo?: string; baseUrl: string }>; // "owner"
 */
export type HeldNames<Options> = unknown extends Options ? string : DefinedNames<Options>;

/**
 * The string keys of `Options` that are literal, not optional, neither `null` nor
 * `undefined`, and not options. (The keys of a remapped type: tsc prints the names
 * themselves rather than this alias.)
 */
type DefinedNames<Options> = keyof {
  [Key in keyof Options as Key extends string ? DefinedName<Options, Key> : never]: 0;
};

type DefinedName<Options, Key extends string & keyof Options> = string extends Key
  ? never
  : Key extends OptionKey
    ? never
    : {} extends Pick<Options, Key>
      ? never
      : null extends Options[Key]
        ? never
        : undefined extends Options[Key]
          ? never
          : Key;

/** Whether a builder's method and url make a route of the map `Routes`. */
type IsMapRoute<Method extends string, Url extends string, Routes> = string extends Method
  ? false
  : [`${Uppercase<Method>} ${Url}`] extends [RouteKey<Routes>]
    ? true
    : false;

/** A builder's parameters: from `Routes` when its method and url make a route of the map, else read from the url. */
type BuilderParameters<Method extends string, Url extends string, Routes> =
  IsMapRoute<Method, Url, Routes> extends true
    ? MapParameters<`${Uppercase<Method>} ${Url}`, Routes>
    : RouteParameters<Url>;

/** The names of `Parameters` that are not optional. */
type RequiredKeys<Parameters> = {
  [Key in keyof Parameters]-?: {} extends Pick<Parameters, Key> ? never : Key;
}[keyof Parameters];

/** The required parameters a builder lacks. */
export type MissingNames<Method extends string, Url extends string, Given extends string, Routes> =
  IsMapRoute<Method, Url, Routes> extends true
    ? Exclude<RequiredKeys<MapParameters<`${Uppercase<Method>} ${Url}`, Routes>>, Given>
    : Exclude<RequiredNames<Url>, Given>;

/**
 * The names `builder.param()` suggests: the placeholders of the builder's url, or
 * the parameters of its route in the route map. Any other name is accepted too.
 *
 * @example
 * type Names = ParameterName<"GET", "/orgs/{org}/repos{?type}", {}>; // "org" | "type"
 */
export type ParameterName<Method extends string, Url extends string, Routes> = keyof BuilderParameters<
  Method,
  Url,
  Routes
>;

/**
 * The value `builder.param(name, value)` takes for `Name`: the route map's type for
 * it, anything but `null` or `undefined` for a required placeholder, else anything.
 *
 * @example
 * type Value = ParameterValue<"owner", "GET", "/repos/{owner}/{repo}", {}>; // {}
 */
export type ParameterValue<Name extends string, Method extends string, Url extends string, Routes> =
  BuilderParameters<Method, Url, Routes> extends infer Parameters
    ? [Name] extends [keyof Parameters & string]
      ? [Name] extends [never]
        ? unknown
        : Parameters[Name & keyof Parameters]
      : unknown
    : unknown;

/**
 * The parameters `builder.params()` takes: the builder's known parameters typed, none required.
 *
 * @example
 * type Given = PartialParameters<"GET", "/orgs/{org}", {}>; // { org?: {} }
 */
export type PartialParameters<Method extends string, Url extends string, Routes> = Partial<
  BuilderParameters<Method, Url, Routes>
>;

/**
 * `Name`, when a `param(Name, value)` call surely gives it: not when the value may be
 * `null` or `undefined` (`undefined` leaves the builder as it is).
 *
 * @example
 * type Given = GivenName<"owner", string>; // "owner"
 * type NotGiven = GivenName<"owner", string | undefined>; // never
 */
export type GivenName<Name extends string, Value> = null extends Value ? never : undefined extends Value ? never : Name;

/**
 * The lowercase method a result holds: a literal for a literal method, else `string`.
 *
 * @example
 * type Method = BuiltMethod<"GET">; // "get"
 */
export type BuiltMethod<Method extends string> = string extends Method ? string : Lowercase<Method>;

/** The methods an OpenAPI path item may hold an operation for. */
type OpenAPIMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** The `"<METHOD> <path>"` routes of openapi-typescript's `paths`: one per operation. */
type OpenAPIRouteKeys<Paths> = {
  [Path in keyof Paths & string]: {
    [Method in keyof Paths[Path] & OpenAPIMethod]: [Paths[Path][Method]] extends [undefined]
      ? never
      : `${Uppercase<Method>} ${Path}`;
  }[keyof Paths[Path] & OpenAPIMethod];
}[keyof Paths & string];

/** The operation a route of {@link OpenAPIRoutes} stands for. */
type OpenAPIOperation<Paths, Route> = Route extends `${infer Method} ${infer Path extends keyof Paths & string}`
  ? Paths[Path][Lowercase<Method> & keyof Paths[Path]]
  : never;

/** One group of an operation's parameters (`path`, `query`, `header`), `never` for none. */
type OpenAPIParameterGroup<Operation, In extends string> = Operation extends { parameters: infer Parameters }
  ? In extends keyof Parameters
    ? Exclude<Parameters[In], undefined>
    : never
  : never;

/** Fields of a parameter group, none for `never`. */
type OpenAPIFields<Group> = [Group] extends [never] ? {} : Group;

/**
 * Header parameters go under `headers`, which is where fluent-endpoint takes headers
 * from (a top-level key would become a query or body parameter).
 */
type OpenAPIHeaders<Group> = [Group] extends [never]
  ? {}
  : {} extends Group
    ? { headers?: Group & RequestHeaders }
    : { headers: Group & RequestHeaders };

/** A media type whose body is JSON: `application/json`, `…+json`, `…/json; charset=…`. */
type JsonMediaType = `${string}json` | `${string}json;${string}`;

/** The parameters a request body stands for: a JSON object's fields, or `data` for any other body. */
type OpenAPIBody<Content> = [keyof Content & JsonMediaType] extends [never]
  ? { data: Content[keyof Content] }
  : Content[keyof Content & JsonMediaType] extends infer Body
    ? Body extends readonly unknown[]
      ? { data: Body }
      : Body extends object
        ? Body
        : { data: Body }
    : never;

/** The parameters of an operation's request body; none when it has none, all optional when the body is. */
type OpenAPIBodyParameters<Operation> = "requestBody" extends keyof Operation
  ? OpenAPIRequestBody<
      Exclude<Operation["requestBody" & keyof Operation], undefined>,
      {} extends Pick<Operation, "requestBody" & keyof Operation> ? true : false
    >
  : {};

type OpenAPIRequestBody<RequestBody, Optional extends boolean> = [RequestBody] extends [never]
  ? {}
  : RequestBody extends { content: infer Content }
    ? Optional extends true
      ? Partial<OpenAPIBody<Content>>
      : OpenAPIBody<Content>
    : {};

/**
 * An operation's parameters as one object type: `infer` and an inline mapped type,
 * so that tsc prints the fields, not an alias of an intersection.
 */
type OpenAPIParameters<Operation> = OpenAPIFields<OpenAPIParameterGroup<Operation, "path">> &
  OpenAPIFields<OpenAPIParameterGroup<Operation, "query">> &
  OpenAPIHeaders<OpenAPIParameterGroup<Operation, "header">> &
  OpenAPIBodyParameters<Operation> extends infer Parameters
  ? { [Key in keyof Parameters]: Parameters[Key] }
  : never;

/**
 * A route map (see {@link RouteMap}) made from openapi-typescript's `paths` type, for
 * `withRoutes()`: one route per operation, keyed `"GET /pets/{petId}"`, whose
 * parameters are the operation's path and query parameters, its header parameters
 * under `headers`, and the fields of its JSON request body, or `data` for a body
 * that is not a JSON object (`text/plain`, an array). A body the description marks
 * optional makes those parameters optional. Operations are only read for the routes
 * a call uses.
 *
 * @example
 * import type { paths } from "./petstore"; // written by openapi-typescript
 * const petstore = endpoint.defaults({ baseUrl: "https://petstore.swagger.io/v2" }).withRoutes<OpenAPIRoutes<paths>>();
 * petstore("GET /pets/{id}", { id: 42 });
 */
export type OpenAPIRoutes<Paths> = {
  [Route in OpenAPIRouteKeys<Paths>]: {
    /** The operation's parameters, body fields and headers. */
    parameters: OpenAPIParameters<OpenAPIOperation<Paths, Route>>;
  };
};
