// Types only: the parameters a route's text asks for (docs/typed-routes.md, "Routes read from their text"), in
// three steps: its `{…}` expressions, the names each requires or may take, and the `:name` placeholders of its
// path; then one shape, `NamedParameters`. Kept cheap for tsc: routes are split on `{…}`, `,` and `:`, never per
// character (tsc's depth limit); recursion is in tail position.
import type { EndpointOptions } from "../core/types.js";

/**
 * The value of a required parameter: anything but `null` or `undefined`.
 *
 * @example
 * const owner: Present = "octokit";
 */
export type Present = NonNullable<unknown>;

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

// Step 1: the expressions.

/** The `{…}` expressions of a template: one step per expression, not per character. */
type Expressions<
  Template extends string,
  Found extends string = never,
> = Template extends `${string}{${infer Expression}}${infer Rest}` ? Expressions<Rest, Found | Expression> : Found;

// Step 2: the names an expression requires or may take.

/** Operators whose variables may be left out (RFC 6570 §3.2: they expand to nothing). */
type OptionalOperator = "#" | "." | "/" | ";" | "?" | "&";

/** An expression whose names may be left out. */
type OptionalExpression = `${OptionalOperator}${string}`;

/** An expression that is more than a name: reserved (`+`), a list, or with a modifier. */
type NotJustAName = `+${string}` | `${string}${"," | ":" | "*"}${string}`;

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

/** The names of expressions without an optional operator; most are just a name, which skips `VarNames`. */
type ListNames<Lists extends string> = [Lists & NotJustAName] extends [never]
  ? Lists
  : Lists extends `+${infer List}`
    ? VarNames<List>
    : VarNames<Lists>;

/** The names the expressions `Expression` require. */
type RequiredOf<Expression extends string> = [Expression & OptionalExpression] extends [never]
  ? ListNames<Expression>
  : ListNames<Exclude<Expression, OptionalExpression>>;

/** The names the expressions `Expression` may take. */
type OptionalOf<Expression extends string> = [Expression & OptionalExpression] extends [never]
  ? never
  : ListNames<Expression extends `${OptionalOperator}${infer List}` ? List : never>;

// Step 3: the `:name` placeholders (docs/decisions.md, "`:name` placeholders").

/** A letter: what a `:name` starts with, or `_`. */
// prettier-ignore
type Letter =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m"
  | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
  | "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" | "J" | "K" | "L" | "M"
  | "N" | "O" | "P" | "Q" | "R" | "S" | "T" | "U" | "V" | "W" | "X" | "Y" | "Z";

/** A printable ASCII character other than a letter, digit, `_` or `/`: one that ends a `:name`. */
// prettier-ignore
type NameEnd =
  | "." | "-" | "~" | "%" | ":" | "?" | "#" | "!" | "$" | "&" | "'" | "(" | ")" | "*" | "+"
  | "," | ";" | "=" | "@" | "[" | "]" | "|" | "^" | "`" | "\\" | '"' | "<" | ">" | " ";

/** `Text` up to the first `Stop`, or all of it. */
type Before<Text extends string, Stop extends string> = Text extends `${infer Head}${Stop}${string}` ? Head : Text;

/** `Text` cut at a `NameEnd` until none is left: up to its first one, whichever `NameEnd` tsc matches first. */
type BeforeNameEnd<Text extends string> = Text extends `${infer Head}${NameEnd}${string}` ? BeforeNameEnd<Head> : Text;

/** The `:name` at the start of `Text`: cut at `/` first, the common case. */
type ColonName<Text extends string> =
  Before<Text, "/"> extends infer Segment extends string
    ? Segment extends `${string}${NameEnd}${string}`
      ? BeforeNameEnd<Segment>
      : Segment
    : never;

/** The `:name` placeholders of a piece of literal path text (a colon before a digit stays literal). */
type ColonNames<Text extends string, Found extends string = never> = Text extends `${string}:${infer After}`
  ? ColonNames<After, After extends `${Letter | "_"}${string}` ? Found | ColonName<After> : Found>
  : Found;

/** Whether the path goes on past literal `Text` (no `?` or `#` in it). */
type LiteralInPath<Text extends string> = Text extends `${string}${"?" | "#"}${string}` ? false : true;

/** The `:name` placeholders of a url's path: its literal text up to a `?` or `#`, or a `{?…}`, `{&…}` or `{#…}`. */
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

/** The `:name` placeholders of a route; `never` at once for a route without a colon, the usual case. */
type ColonPlaceholders<Route extends string> = Route extends `${string}:${string}`
  ? PathColonNames<PathOf<RouteUrl<Route>>>
  : never;

// The result: one shape of parameters, from the names.

/**
 * The parameters named `Required` and `Optional`, with `Options` beside them: the one shape of a route read from its
 * text. `Options` is intersected here, inside the branches: a generic intersection is costly to normalize while tsc
 * infers a call's type arguments.
 */
export type NamedParameters<Required extends string, Optional extends string, Options = unknown> = [Optional] extends [
  never,
]
  ? { [Name in Required]: Present } & Options
  : { [Name in Required]: Present } & { [Name in Optional]?: unknown } & Options;

/** A method never holds a brace or a colon, so the whole route is scanned as it is. */
export type RequiredNames<Route extends string> = RequiredOf<Expressions<Route>> | ColonPlaceholders<Route>;

/** The names a route may take. */
export type OptionalNames<Route extends string> = OptionalOf<Expressions<Route>>;

/** The parameters of expressions `Expression` and placeholders `Colons`: one step for the usual route, whose expressions are all required. */
type TextParameters<Expression extends string, Colons extends string, Options> = [
  Expression & OptionalExpression,
] extends [never]
  ? NamedParameters<ListNames<Expression> | Colons, never, Options>
  : NamedParameters<RequiredOf<Expression> | Colons, OptionalOf<Expression>, Options>;

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
export type RouteParameters<Route extends string> = TextParameters<
  Expressions<Route>,
  ColonPlaceholders<Route>,
  unknown
>;

/**
 * The options a route read from its text takes.
 *
 * @example
 * type Options = RouteOptions<"GET /orgs/{org}">; // { org: {} } & EndpointOptions
 */
export type RouteOptions<Route extends string> = TextParameters<
  Expressions<Route>,
  ColonPlaceholders<Route>,
  EndpointOptions
>;
