// Types only: what a route needs, from its text or a route map (docs/typed-routes.md).
// Kept cheap for tsc: routes are split on `{…}`, `,` and `:`, never per character (tsc's depth limit);
// recursion is in tail position; a route map is read one route at a time, never constrained or resolved
// for a generic route, which would make tsc evaluate every route of the map.
import type { OptionName } from "../core/options.js";
import type { EndpointOptions, RequestHeaders } from "../core/types.js";

/** Never parameters, so never held by defaults (`data` excepted, see `HeldNames`). */
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

/** The `:name` at the start of `Text`: cut at `/` first, the common case, then at each other `NameEnd` only if needed. */
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

/** The `{…}` expressions of a template: one step per expression, not per character. */
type Expressions<
  Template extends string,
  Found extends string = never,
> = Template extends `${string}{${infer Expression}}${infer Rest}` ? Expressions<Rest, Found | Expression> : Found;

type NotJustAName = `+${string}` | `${string}${"," | ":" | "*"}${string}`;

/** Names of expressions without an optional operator; most are just a name, which skips `VarNames`. */
type ListNames<Lists extends string> = [Lists & NotJustAName] extends [never]
  ? Lists
  : Lists extends `+${infer List}`
    ? VarNames<List>
    : VarNames<Lists>;

type OptionalExpression = `${OptionalOperator}${string}`;

type OptionalLists<Expression extends string> = Expression extends `${OptionalOperator}${infer List}` ? List : never;

/** Whether the path goes on past literal `Text` (no `?` or `#` in it). */
type LiteralInPath<Text extends string> = Text extends `${string}${"?" | "#"}${string}` ? false : true;

// docs/decisions.md, "`:name` placeholders".
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

/** `never` at once for a route without a colon, the usual case. */
type ColonPlaceholders<Route extends string> = Route extends `${string}:${string}`
  ? PathColonNames<PathOf<RouteUrl<Route>>>
  : never;

/** A method never holds a brace or a colon, so the whole route is scanned as it is. */
type RequiredNames<Route extends string> = RequiredOf<Expressions<Route>> | ColonPlaceholders<Route>;

type RequiredOf<Expression extends string> = [Expression & OptionalExpression] extends [never]
  ? ListNames<Expression>
  : ListNames<Exclude<Expression, OptionalExpression>>;

type OptionalNames<Route extends string> = OptionalOf<Expressions<Route>>;

type OptionalOf<Expression extends string> = [Expression & OptionalExpression] extends [never]
  ? never
  : ListNames<OptionalLists<Expression>>;

/** One step for the usual route, whose expressions are all required. */
type ExpressionParameters<Expression extends string, Colons extends string> = [
  Expression & OptionalExpression,
] extends [never]
  ? { [Name in ListNames<Expression> | Colons]: Present }
  : { [Name in RequiredOf<Expression> | Colons]: Present } & { [Name in OptionalOf<Expression>]?: unknown };

/** The url of a route (`"<METHOD> <URL>"` or `"<URL>"`). */
export type RouteUrl<Route extends string> = Route extends `${string} ${infer Url}` ? Url : Route;

/**
 * The method of a builder after `route(Route)`: the route's, or the builder's own for a route that is only a url.
 *
 * @example
 * type Method = RouteMethodOr<"/user", "PATCH">; // "PATCH"
 */
export type RouteMethodOr<Route extends string, Method extends string> = Route extends `${infer RouteMethod} ${string}`
  ? RouteMethod
  : Method;

type NamedParameters<Required extends string, Optional extends string> = [Optional] extends [never]
  ? { [Name in Required]: Present }
  : { [Name in Required]: Present } & { [Name in Optional]?: unknown };

/**
 * The parameters a route needs, read from its text: `{a}`, `{+a}` and `:a` required; `{?a}`, `{/a}`, … optional.
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

/** The intersection with `EndpointOptions` sits inside conditional branches: a generic intersection is costly to normalize during inference. */
type RouteOptions<Route extends string> = ExpressionOptions<Expressions<Route>, ColonPlaceholders<Route>>;

type ExpressionOptions<Expression extends string, Colons extends string> = [Expression & OptionalExpression] extends [
  never,
]
  ? { [Name in ListNames<Expression> | Colons]: Present } & EndpointOptions
  : { [Name in RequiredOf<Expression> | Colons]: Present } & {
      [Name in OptionalOf<Expression>]?: unknown;
    } & EndpointOptions;

/** {@link RouteOptions} with `Held` names no longer required. */
type HeldRouteOptions<Route extends string, Held extends string> = [
  OptionalNames<Route> | (RequiredNames<Route> & Held),
] extends [never]
  ? { [Name in Exclude<RequiredNames<Route>, Held>]: Present } & EndpointOptions
  : { [Name in Exclude<RequiredNames<Route>, Held>]: Present } & {
      [Name in OptionalNames<Route> | (RequiredNames<Route> & Held)]?: unknown;
    } & EndpointOptions;

/**
 * A map of routes (`"<METHOD> <URL>"`, method uppercase) to their parameters; `@octokit/types`' `Endpoints` fits.
 * `withRoutes()` does not check its map against it: that would evaluate every route on the first call.
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
 * The routes of a route map, for autocompletion; none for an `any` map (the bare `Endpoint`'s).
 *
 * @example
 * type Routes = RouteKey<{ "GET /pets": { parameters: {} } }>; // "GET /pets"
 */
export type RouteKey<Routes> = unknown extends Routes ? never : keyof Routes;

/** Indexed by `Route & keyof Routes`: a distributive `extends keyof` makes tsc evaluate every route for a generic `Route`. */
type MapParameters<Route, Routes> = Routes[Route & keyof Routes] extends { parameters: infer Parameters }
  ? Parameters
  : EndpointOptions;

type HeldMapParameters<Parameters, Held extends string> = [Held] extends [never]
  ? Parameters
  : Omit<Parameters, Held> & Partial<Pick<Parameters, Held & keyof Parameters>>;

/**
 * `Routes` with the held names no longer required; a base-type argument of `Endpoint`, so made once per endpoint type.
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

/** `NoInfer`: the route alone says what the call is (options typed `RouteParameters<Route>` would infer it). */
type OptionsArguments<Options> = {} extends Options ? [options?: NoInfer<Options>] : [options: NoInfer<Options>];

/**
 * `endpoint()`'s first argument: a route, or options holding the required parameters of their literal `url`.
 *
 * @example
 * // endpoint({ method: "GET", url: "/users/{username}" }) is an error: `username` is missing.
 * type First = EndpointFirstArgument<{ url: "/users/{username}" }, never, never>;
 */
export type EndpointFirstArgument<First, Held extends string, Keys> =
  (First & NoInfer<UrlOptionsParameters<First, Held>>) | Keys;

type UrlOptionsParameters<Options, Held extends string> = Options extends string
  ? unknown
  : Options extends { url: infer Url extends string }
    ? UrlParameters<Url, Held>
    : unknown;

type UrlParameters<Url extends string, Held extends string> = NamedParameters<Exclude<RequiredNames<Url>, Held>, never>;

/**
 * `endpoint()`'s arguments after the first: options, required when the route needs a parameter no default holds.
 * `Keys` comes in made once per endpoint type; the entry is read through `infer`, as a direct index evaluates every route.
 *
 * @example
 * type Rest = EndpointOptionsArguments<"GET /orgs/{org}", never, {}, never>;
 * // [options: { org: {} } & EndpointOptions]
 */
export type EndpointOptionsArguments<First, Held extends string, Routes, Keys extends keyof Routes> = [First] extends [
  never,
]
  ? // A first argument typed `never`: anything goes.
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
 * The names a defaults object surely holds (docs/decisions.md, "Typed routes: what defaults hold"); every name for `any`.
 * `unknown extends Options` tells `any`: `0 extends 1 & Options` fails for an `Options` constrained to `object`.
 *
 * @example
 * type Held = HeldNames<{ owner: "octokit"; repo?: string; baseUrl: string }>; // "owner"
 */
export type HeldNames<Options> = unknown extends Options ? string : DefinedNames<Options>;

/** The keys of a remapped type, so that tsc prints the names rather than this alias. */
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

type IsMapRoute<Method extends string, Url extends string, Routes> = string extends Method
  ? false
  : [`${Uppercase<Method>} ${Url}`] extends [RouteKey<Routes>]
    ? true
    : false;

type BuilderParameters<Method extends string, Url extends string, Routes> =
  IsMapRoute<Method, Url, Routes> extends true
    ? MapParameters<`${Uppercase<Method>} ${Url}`, Routes>
    : RouteParameters<Url>;

type RequiredKeys<Parameters> = {
  [Key in keyof Parameters]-?: {} extends Pick<Parameters, Key> ? never : Key;
}[keyof Parameters];

/** The required parameters a builder lacks. */
export type MissingNames<Method extends string, Url extends string, Given extends string, Routes> =
  IsMapRoute<Method, Url, Routes> extends true
    ? Exclude<RequiredKeys<MapParameters<`${Uppercase<Method>} ${Url}`, Routes>>, Given>
    : Exclude<RequiredNames<Url>, Given>;

/**
 * The names `builder.param()` suggests; any other name is accepted too.
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
 * The value `builder.param(name, value)` takes for `Name`.
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
 * `Name`, when a `param(Name, value)` call surely gives it (`undefined` leaves the builder as it is).
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

type OpenAPIMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

type OpenAPIRouteKeys<Paths> = {
  [Path in keyof Paths & string]: {
    [Method in keyof Paths[Path] & OpenAPIMethod]: [Paths[Path][Method]] extends [undefined]
      ? never
      : `${Uppercase<Method>} ${Path}`;
  }[keyof Paths[Path] & OpenAPIMethod];
}[keyof Paths & string];

type OpenAPIOperation<Paths, Route> = Route extends `${infer Method} ${infer Path extends keyof Paths & string}`
  ? Paths[Path][Lowercase<Method> & keyof Paths[Path]]
  : never;

type OpenAPIParameterGroup<Operation, In extends string> = Operation extends { parameters: infer Parameters }
  ? In extends keyof Parameters
    ? Exclude<Parameters[In], undefined>
    : never
  : never;

type OpenAPIFields<Group> = [Group] extends [never] ? {} : Group;

/** Under `headers`: a top-level key would become a query or body parameter. */
type OpenAPIHeaders<Group> = [Group] extends [never]
  ? {}
  : {} extends Group
    ? { headers?: Group & RequestHeaders }
    : { headers: Group & RequestHeaders };

type JsonMediaType = `${string}json` | `${string}json;${string}`;

type OpenAPIBody<Content> = [keyof Content & JsonMediaType] extends [never]
  ? { data: Content[keyof Content] }
  : Content[keyof Content & JsonMediaType] extends infer Body
    ? Body extends readonly unknown[]
      ? { data: Body }
      : Body extends object
        ? Body
        : { data: Body }
    : never;

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

/** `infer` and an inline mapped type, so that tsc prints the fields, not an alias of an intersection. */
type OpenAPIParameters<Operation> = OpenAPIFields<OpenAPIParameterGroup<Operation, "path">> &
  OpenAPIFields<OpenAPIParameterGroup<Operation, "query">> &
  OpenAPIHeaders<OpenAPIParameterGroup<Operation, "header">> &
  OpenAPIBodyParameters<Operation> extends infer Parameters
  ? { [Key in keyof Parameters]: Parameters[Key] }
  : never;

/**
 * A {@link RouteMap} made from openapi-typescript's `paths` (docs/decisions.md, "Typed routes: route maps").
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
