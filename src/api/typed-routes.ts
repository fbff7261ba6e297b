// Types only: what a route needs, from its text or a route map (docs/typed-routes.md).
// Kept cheap for tsc: routes are split on `{…}`, `,` and `:`, never per character (tsc's depth limit);
// recursion is in tail position; a route map is read one route at a time, never constrained or resolved
// for a generic route, which would make tsc evaluate every route of the map.
import type { TABLE_RULES as TABLE_RULES_KEY } from "../core/brands.js";
import type { OptionName } from "../core/options.js";
import type { EndpointOptions, HeaderValue } from "../core/types.js";

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

/**
 * The options a route read from its text takes. The intersection with `EndpointOptions` sits inside conditional
 * branches: a generic intersection is costly to normalize during inference.
 *
 * @example
 * type Options = RouteOptions<"GET /orgs/{org}">; // { org: {} } & EndpointOptions
 */
export type RouteOptions<Route extends string> = ExpressionOptions<Expressions<Route>, ColonPlaceholders<Route>>;

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
 * The keys a route is looked up by; none for an `any` map (the bare `Endpoint`'s).
 *
 * @example
 * type Keys = MapKey<{ "GET /pets": { parameters: {} } }>; // "GET /pets"
 */
export type MapKey<Routes> = unknown extends Routes ? never : keyof Routes;

/**
 * The routes of a route map, for autocompletion: its keys, or the operations of an `OpenAPIRoutes` map (whose keys
 * are every method with every path).
 *
 * @example
 * type Routes = RouteKey<{ "GET /pets": { parameters: {} } }>; // "GET /pets"
 */
export type RouteKey<Routes> = unknown extends Routes
  ? never
  : typeof TABLE_RULES extends keyof Routes
    ? MarkedRoutes<Routes[typeof TABLE_RULES & keyof Routes]>
    : keyof Routes;

type MarkedRoutes<Mark> = Mark extends { readonly routes: infer Routes } ? Routes : never;

/**
 * The routes suggested for a builder's or `merge()`'s route: listed only while no route is typed yet (`Route` is then
 * its default, `never`), never for a call's own check (for `OpenAPIRoutes` that would read every operation).
 *
 * @example
 * type None = RouteSuggestion<"GET /pets", { "GET /pets": { parameters: {} } }>; // never
 */
export type RouteSuggestion<Route, Routes> = [Route] extends [never] ? RouteKey<Routes> : never;

/** The names a parameter type declares, every alternative's (a `multipart/form-data` body's fields, or `data`). */
type DeclaredNames<Parameters> = Parameters extends unknown ? keyof Parameters : never;

/** `Parameters` with the names defaults hold no longer required, printed as fields (no `Omit` or `Pick`). */
type HeldParameters<Parameters, Held extends string> = [Held] extends [never]
  ? Parameters
  : RelaxHeld<Parameters, Held>;

type RelaxHeld<Parameters, Held extends string> = Parameters extends unknown
  ? [keyof Parameters & Held] extends [never]
    ? Parameters
    : { [Key in keyof Parameters as Key extends Held ? never : Key]: Parameters[Key] } & {
          [Key in keyof Parameters as Key extends Held ? Key : never]?: Parameters[Key];
        } extends infer Relaxed
      ? { [Key in keyof Relaxed]: Relaxed[Key] }
      : never
  : never;

/** The options beside parameters that declare `Declared`: an option key declared is the parameter's. */
type OptionsBeside<Declared> = [Declared & OptionName] extends [never]
  ? EndpointOptions
  : { [Key in keyof EndpointOptions as Key extends Declared ? never : Key]: EndpointOptions[Key] };

/** Whether defaults or a builder hold header `Name`: by any case of its name, or by `headers` (`header:<name>`). */
type IsHeaderHeld<Name extends string, Held extends string> = [
  (Lowercase<Name> | `header:${Lowercase<Name>}`) & Lowercase<Held>,
] extends [never]
  ? false
  : true;

/** The required header parameters not held. */
type MissingHeaders<Headers, Held extends string> = {
  [Name in keyof Headers]-?: {} extends Pick<Headers, Name>
    ? never
    : IsHeaderHeld<Name & string, Held> extends true
      ? never
      : Name;
}[keyof Headers];

/** Each header parameter, optional, by its name and by its name in lower case. */
type AnyCaseHeaders<Headers> = { [Name in keyof Headers]?: Headers[Name] } & {
  [Name in keyof Headers as Lowercase<Name & string>]?: Headers[Name];
};

/**
 * A header parameter's value under `headers`, which takes header values only: a boolean as the text the run time
 * writes for it at the top level, a list as text (`a,b`).
 */
type HeaderText<Value> = Value extends boolean
  ? `${Value}`
  : Value extends HeaderValue | null | undefined
    ? Value
    : HeaderValue;

/** Under `headers`: each header parameter by its name and in lower case, as text. */
type NestedHeaders<Headers> = { [Name in keyof Headers]?: HeaderText<Headers[Name]> } & {
  [Name in keyof Headers as Lowercase<Name & string>]?: HeaderText<Headers[Name]>;
} & { [name: string]: HeaderValue | null | undefined };

/**
 * The ways to give one required header: by name or in lower case, under `headers` or at the top level. Made in that
 * order, so that tsc's error names the header at the top level by the name the description gives it.
 */
type HeaderForms<Name extends string, Value, Nested extends boolean> =
  | (Nested extends true
      ? { [Key in Lowercase<Name> | Name]: { headers: { [Given in Key]: HeaderText<Value> } } }[Lowercase<Name> | Name]
      : never)
  | { [Given in Lowercase<Name>]: Value }
  | { [Given in Name]: Value };

/** One way for each required header (an intersection of unions, through a function's parameter). */
type RequiredHeaderForms<Headers, Names extends keyof Headers, Nested extends boolean> = [Names] extends [never]
  ? {}
  : {
        [Name in Names]: (forms: HeaderForms<Name & string, Headers[Name], Nested>) => void;
      }[Names] extends (forms: infer Every) => void
    ? Every
    : never;

/** The header parameters of a route table's entry; `Nested` is false when a body field takes the name `headers`. */
type HeaderOptions<Headers, Held extends string, Nested extends boolean> = AnyCaseHeaders<Headers> &
  (Nested extends true ? { headers?: NestedHeaders<Headers> } : {}) &
  RequiredHeaderForms<Headers, MissingHeaders<Headers, Held>, Nested>;

/**
 * What a call of a route table's route takes: its parameters, its header parameters by name in any case or under
 * `headers`, and the option keys it does not declare (a declared name is the parameter).
 *
 * @example
 * type Options = TableOptions<{ url: string }, {}, never>; // { url: string } & { method?: … } (no `url` option)
 */
export type TableOptions<Parameters, Headers, Held extends string> = [keyof Headers] extends [never]
  ? Parameters & OptionsBeside<DeclaredNames<Parameters>>
  : "headers" extends DeclaredNames<Parameters>
    ? Parameters & HeaderOptions<Headers, Held, false> & OptionsBeside<DeclaredNames<Parameters>>
    : Parameters & HeaderOptions<Headers, Held, true> & OptionsBeside<DeclaredNames<Parameters> | "headers">;

/** `NoInfer`: the route alone says what the call is (options typed `RouteParameters<Route>` would infer it). */
type OptionsArguments<Options> = {} extends Options ? [options?: NoInfer<Options>] : [options: NoInfer<Options>];

/**
 * `endpoint()`'s first argument: a route, or options holding the required parameters of their literal `url` (the
 * call signature adds the map's routes, for autocompletion).
 *
 * @example
 * // endpoint({ method: "GET", url: "/users/{username}" }) is an error: `username` is missing.
 * type First = EndpointFirstArgument<{ url: "/users/{username}" }, never>;
 */
export type EndpointFirstArgument<First, Held extends string> = First & NoInfer<UrlOptionsParameters<First, Held>>;

type UrlOptionsParameters<Options, Held extends string> = Options extends string
  ? unknown
  : Options extends { url: infer Url extends string }
    ? UrlParameters<Url, Held>
    : unknown;

type UrlParameters<Url extends string, Held extends string> = NamedParameters<Exclude<RequiredNames<Url>, Held>, never>;

/**
 * The key of the mark `OpenAPIRoutes` carries, `{ readonly routes: … }` (its operations, computed when read): a call of
 * its routes takes each entry's `parameters` as they are (header parameters by name in any case, a parameter named
 * like an option is the parameter; docs/typed-routes.md, "OpenAPI"). Types only: never present.
 */
export declare const TABLE_RULES: typeof TABLE_RULES_KEY;

/**
 * `Routes` with the names defaults hold no longer required; a base-type argument of `Endpoint`, so made once per
 * endpoint type (an entry per route, when looked up).
 *
 * @example
 * type Routes = HeldRoutes<{ "GET /orgs/{org}": { parameters: { org: string } } }, "org">;
 * // { "GET /orgs/{org}": { parameters: { org?: string } } }
 */
export type HeldRoutes<Routes, Held extends string> = unknown extends Routes
  ? Routes
  : [Held] extends [never]
    ? Routes
    : { [Route in keyof Routes]: HeldEntry<Routes[Route], Route, Held> };

type HeldEntry<Entry, Route, Held extends string> = Entry extends { absent: true }
  ? { parameters: HeldRouteOptions<Route & string, Held> }
  : Entry extends { declared: infer Declared; headers: infer Headers }
    ? { parameters: TableOptions<HeldParameters<Declared, Held>, Headers, Held> }
    : { parameters: HeldParameters<Entry["parameters" & keyof Entry], Held> };

/**
 * `endpoint()`'s arguments after the first: options, required when the route needs a parameter no default holds.
 * `Keys` and `Options` come in made once per endpoint type; the entry is read through `infer`, as a direct index
 * evaluates every route. A question per call costs about 100 instantiations over 100 calls: none is asked here
 * that could be asked once per endpoint type (docs/architecture.md, "Typed routes").
 *
 * @example
 * type Rest = EndpointOptionsArguments<"GET /orgs/{org}", never, {}, never, EndpointOptions>;
 * // [options: { org: {} } & EndpointOptions]
 */
export type EndpointOptionsArguments<First, Held extends string, Routes, Keys extends keyof Routes, Options> = [
  First,
] extends [never]
  ? // A first argument typed `never`: anything goes.
    [options?: EndpointOptions]
  : First extends Keys
    ? Routes[First] extends infer Entry
      ? OptionsArguments<Entry["parameters" & keyof Entry] & Options>
      : never
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

type MergeEntryOptions<Entry, Route extends string> = Entry extends { absent: true }
  ? Partial<RouteParameters<Route>> & EndpointOptions
  : Entry extends { declared: infer Declared; headers: infer Headers }
    ? TableOptions<Partial<Declared>, Partial<Headers>, never> & {
        [Name in DeclaredNames<Declared> & Exclude<OptionName, "data">]?: never;
      }
    : Entry extends { parameters: infer Parameters }
      ? Partial<Parameters> & EndpointOptions
      : EndpointOptions;

/**
 * The options of `merge(route, options)`: the route's parameters typed, none required.
 *
 * @example
 * type Options = MergeOptions<"GET /orgs/{org}", {}>; // { org?: {} } & EndpointOptions
 */
export type MergeOptions<Route extends string, Routes> = [Route] extends [MapKey<Routes>]
  ? MergeEntryOptions<Routes[Route & keyof Routes], Route>
  : Partial<RouteParameters<Route>> & EndpointOptions;

/**
 * The names a defaults object surely holds (docs/decisions.md, "Typed routes: what defaults hold"), and
 * `header:<name>` for each header its `headers` surely hold; every name for `any`.
 * `unknown extends Options` tells `any`: `0 extends 1 & Options` fails for an `Options` constrained to `object`.
 *
 * @example
 * type Held = HeldNames<{ owner: "octokit"; repo?: string; baseUrl: string }>; // "owner"
 * type Header = HeldNames<{ headers: { "X-Api-Key": string } }>; // "header:x-api-key"
 */
export type HeldNames<Options> = unknown extends Options
  ? string
  : DefinedNames<Options> | ("headers" extends keyof Options ? HeldHeaderNames<Options> : never);

/** The keys of a remapped type, so that tsc prints the names rather than this alias (none made for `{}`). */
type DefinedNames<Options> = keyof {
  [Key in keyof Options as Key extends string ? DefinedName<Options, Key, OptionKey> : never]: 0;
};

/**
 * The names a `builder.params()` object surely gives: an option key too, which a route table's route may declare as a
 * parameter (the others `params()` refuses at run time); every name for `any`.
 *
 * @example
 * type Given = GivenNames<{ url: string; page?: number }>; // "url"
 */
export type GivenNames<Parameters> = unknown extends Parameters
  ? string
  : keyof { [Key in keyof Parameters as Key extends string ? DefinedName<Parameters, Key, never> : never]: 0 };

type DefinedName<Options, Key extends string & keyof Options, Skipped> = string extends Key
  ? never
  : Key extends Skipped
    ? never
    : {} extends Pick<Options, Key>
      ? never
      : null extends Options[Key]
        ? never
        : undefined extends Options[Key]
          ? never
          : Key;

/** The headers `headers` surely holds, each as `header:<name in lower case>`. */
type HeldHeaderNames<Options> =
  {} extends Pick<Options, "headers" & keyof Options>
    ? never
    : `header:${Lowercase<DefinedNames<Options["headers" & keyof Options]> & string>}`;

/** The map's entry for a builder's route; `never` when the map has none. Indexed by `Route & keyof Routes`. */
type BuilderEntry<Method extends string, Url extends string, Routes> = string extends Method
  ? never
  : [`${Uppercase<Method>} ${Url}`] extends [MapKey<Routes>]
    ? Routes[`${Uppercase<Method>} ${Url}` & keyof Routes]
    : never;

/** An entry's parameters as a builder takes them: a route table's header parameters too, in any case, none required. */
type EntryParameters<Entry> = Entry extends { declared: infer Declared; headers: infer Headers }
  ? Declared & AnyCaseHeaders<Headers>
  : Entry extends { parameters: infer Parameters }
    ? Parameters
    : EndpointOptions;

type BuilderParameters<Method extends string, Url extends string, Routes> =
  BuilderEntry<Method, Url, Routes> extends infer Entry
    ? [Entry] extends [never]
      ? RouteParameters<Url>
      : EntryParameters<Entry>
    : never;

type RequiredKeys<Parameters> = {
  [Key in keyof Parameters]-?: {} extends Pick<Parameters, Key> ? never : Key;
}[keyof Parameters];

/** Whether some alternative of `Parameters` (a multipart body's fields, or `data`) has every name given. */
type SomeComplete<Parameters, Given extends string> = Parameters extends unknown
  ? [Exclude<RequiredKeys<Parameters>, Given>] extends [never]
    ? true
    : false
  : never;

type MissingParameters<Parameters, Given extends string> =
  true extends SomeComplete<Parameters, Given>
    ? never
    : Parameters extends unknown
      ? Exclude<RequiredKeys<Parameters>, Given>
      : never;

type EntryMissing<Entry, Given extends string> = Entry extends { declared: infer Declared; headers: infer Headers }
  ? MissingParameters<Declared, Given> | MissingHeaders<Headers, Given>
  : Entry extends { parameters: infer Parameters }
    ? MissingParameters<Parameters, Given>
    : never;

/** The required parameters a builder lacks; a header parameter counts as given by `.header()` in any case. */
export type MissingNames<Method extends string, Url extends string, Given extends string, Routes> =
  BuilderEntry<Method, Url, Routes> extends infer Entry
    ? [Entry] extends [never]
      ? Exclude<RequiredNames<Url>, Given>
      : EntryMissing<Entry, Given>
    : never;

/**
 * The names `builder.param()` suggests; any other name is accepted too.
 *
 * @example
 * type Names = ParameterName<"GET", "/orgs/{org}/repos{?type}", {}>; // "org" | "type"
 */
export type ParameterName<Method extends string, Url extends string, Routes> = DeclaredNames<
  BuilderParameters<Method, Url, Routes>
>;

/** The value for `Name` in whichever alternative declares it. */
type DeclaredValue<Parameters, Name> = Parameters extends unknown
  ? Name extends keyof Parameters
    ? Parameters[Name]
    : never
  : never;

/**
 * The value `builder.param(name, value)` takes for `Name`.
 *
 * @example
 * type Value = ParameterValue<"owner", "GET", "/repos/{owner}/{repo}", {}>; // {}
 */
export type ParameterValue<Name extends string, Method extends string, Url extends string, Routes> =
  BuilderParameters<Method, Url, Routes> extends infer Parameters
    ? [Name] extends [DeclaredNames<Parameters> & string]
      ? [Name] extends [never]
        ? unknown
        : DeclaredValue<Parameters, Name>
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
