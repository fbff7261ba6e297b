// Types only: the parameters a route's text asks for (docs/typed-routes.md).
// Kept cheap for tsc: routes are split on `{…}`, `,` and `:`, never per character (tsc's depth limit);
// recursion is in tail position.
import type { EndpointOptions } from "../core/types.js";

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
export type RequiredNames<Route extends string> = RequiredOf<Expressions<Route>> | ColonPlaceholders<Route>;

type RequiredOf<Expression extends string> = [Expression & OptionalExpression] extends [never]
  ? ListNames<Expression>
  : ListNames<Exclude<Expression, OptionalExpression>>;

export type OptionalNames<Route extends string> = OptionalOf<Expressions<Route>>;

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

export type NamedParameters<Required extends string, Optional extends string> = [Optional] extends [never]
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
