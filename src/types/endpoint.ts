// Types only: what `endpoint()`, `merge()` and a builder take and return for a route (docs/typed-routes.md).
import type { OptionName } from "../core/options.js";
import type { EndpointOptions } from "../core/types.js";
import type { HeldRouteOptions } from "./defaults.js";
import type { DeclaredNames, EntryKind, EntryShape, MapKey, ShapeOf } from "./route-maps.js";
import type { AnyCaseHeaders, MissingHeaders, TableOptions } from "./table-options.js";
import type { NamedParameters, RequiredNames, RouteOptions, RouteParameters } from "./route-text.js";

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
export type EndpointFirstArgument<First, Known extends string> = First & NoInfer<UrlOptionsParameters<First, Known>>;

type UrlOptionsParameters<Options, Known extends string> = Options extends string
  ? unknown
  : Options extends { url: infer Url extends string }
    ? UrlParameters<Url, Known>
    : unknown;

type UrlParameters<Url extends string, Known extends string> = NamedParameters<
  Exclude<RequiredNames<Url>, Known>,
  never
>;

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
export type EndpointOptionsArguments<First, Known extends string, Routes, Keys extends keyof Routes, Options> = [
  First,
] extends [never]
  ? // A first argument typed `never`: anything goes.
    [options?: EndpointOptions]
  : First extends Keys
    ? Routes[First] extends infer Entry
      ? OptionsArguments<Entry["parameters" & keyof Entry] & Options>
      : never
    : First extends string
      ? OptionsArguments<[Known] extends [never] ? RouteOptions<First> : HeldRouteOptions<First, Known>>
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

/** The options of `merge()` for an entry's route: every parameter optional, a table's declared names over the options. */
type MergeEntryOptions<Shape> =
  Shape extends EntryShape<infer Kind, infer Declared, infer HeaderParameters>
    ? Kind extends "table"
      ? TableOptions<Partial<Declared>, Partial<HeaderParameters>, never> & {
          [Name in DeclaredNames<Declared> & Exclude<OptionName, "data">]?: never;
        }
      : Partial<Declared> & EndpointOptions
    : EndpointOptions;

/**
 * The options of `merge(route, options)`: the route's parameters typed, none required.
 *
 * @example
 * type Options = MergeOptions<"GET /orgs/{org}", {}>; // { org?: {} } & EndpointOptions
 */
export type MergeOptions<Route extends string, Routes> = [Route] extends [MapKey<Routes>]
  ? MergeEntryOptions<ShapeOf<Routes[Route & keyof Routes]>>
  : Partial<RouteParameters<Route>> & EndpointOptions;

/** The map's entry for a builder's route; `never` when the map has none. Indexed by `Route & keyof Routes`. */
type BuilderEntry<Method extends string, Url extends string, Routes> = string extends Method
  ? never
  : [`${Uppercase<Method>} ${Url}`] extends [MapKey<Routes>]
    ? Routes[`${Uppercase<Method>} ${Url}` & keyof Routes]
    : never;

/** An entry's parameters as a builder takes them: a route table's header parameters too, in any case, none required. */
type ShapeParameters<Shape> =
  Shape extends EntryShape<EntryKind, infer Declared, infer HeaderParameters>
    ? [keyof HeaderParameters] extends [never]
      ? Declared
      : Declared & AnyCaseHeaders<HeaderParameters>
    : EndpointOptions;

/** The parameters a builder's route takes: its entry's, or those its text asks for. */
type BuilderParameters<Method extends string, Url extends string, Routes> =
  BuilderEntry<Method, Url, Routes> extends infer Entry
    ? [Entry] extends [never]
      ? RouteParameters<Url>
      : ShapeParameters<ShapeOf<Entry>>
    : never;

/** The names `Declared` requires. */
type RequiredKeys<Declared> = {
  [Key in keyof Declared]-?: {} extends Pick<Declared, Key> ? never : Key;
}[keyof Declared];

/** Whether some alternative of `Declared` (a multipart body's fields, or `data`) has every name given. */
type SomeComplete<Declared, Given extends string> = Declared extends unknown
  ? [Exclude<RequiredKeys<Declared>, Given>] extends [never]
    ? true
    : false
  : never;

/** The names `Declared` requires that are not `Given`; none once some alternative is complete. */
type MissingParameters<Declared, Given extends string> =
  true extends SomeComplete<Declared, Given>
    ? never
    : Declared extends unknown
      ? Exclude<RequiredKeys<Declared>, Given>
      : never;

/** The required parameters and header parameters of an entry that are not `Given`. */
type ShapeMissing<Shape, Given extends string> =
  Shape extends EntryShape<EntryKind, infer Declared, infer HeaderParameters>
    ? MissingParameters<Declared, Given> | MissingHeaders<HeaderParameters, Given>
    : never;

/** The required parameters a builder lacks; a header parameter counts as given by `.header()` in any case. */
export type MissingNames<Method extends string, Url extends string, Given extends string, Routes> =
  BuilderEntry<Method, Url, Routes> extends infer Entry
    ? [Entry] extends [never]
      ? Exclude<RequiredNames<Url>, Given>
      : ShapeMissing<ShapeOf<Entry>, Given>
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
type DeclaredValue<Declared, Name> = Declared extends unknown
  ? Name extends keyof Declared
    ? Declared[Name]
    : never
  : never;

/**
 * The value `builder.param(name, value)` takes for `Name`.
 *
 * @example
 * type Value = ParameterValue<"owner", "GET", "/repos/{owner}/{repo}", {}>; // {}
 */
export type ParameterValue<Name extends string, Method extends string, Url extends string, Routes> =
  BuilderParameters<Method, Url, Routes> extends infer Declared
    ? [Name] extends [DeclaredNames<Declared> & string]
      ? [Name] extends [never]
        ? unknown
        : DeclaredValue<Declared, Name>
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
 * The lowercase method a result holds: a literal for a literal method, else `string`.
 *
 * @example
 * type Method = BuiltMethod<"GET">; // "get"
 */
export type BuiltMethod<Method extends string> = string extends Method ? string : Lowercase<Method>;
