// Types only: what a builder takes for its route, and what it still lacks before `build()` (docs/typed-routes.md,
// "Builder type-state").
import type { EndpointOptions } from "../core/types.js";
import type { DeclaredNames, EntryKind, EntryShape, MapKey, ShapeOf } from "./route-maps.js";
import type { MapResponseMark } from "./responses.js";
import type { PathsOf } from "./route-check.js";
import type { AnyCaseHeaders, MissingHeaders } from "./table-options.js";
import type { RequiredNames, RouteParameters } from "./route-text.js";

/** The map's entry for a builder's route; `never` when the map has none. Indexed by `Route & keyof Routes`. */
type BuilderEntry<Method extends string, Url extends string, Routes> = string extends Method
  ? never
  : [`${Uppercase<Method>} ${Url}`] extends [MapKey<Routes>]
    ? Routes[`${Uppercase<Method>} ${Url}` & keyof Routes]
    : never;

/**
 * The mark of what comes back for a builder's route, its `build()`'s second type argument: the map and the route,
 * looked up only when a response is read; `unknown` without a map.
 *
 * @example
 * type Mark = BuiltResponse<"GET", "/user", Routes>; // ResponseMark<Routes, "GET /user">
 */
export type BuiltResponse<Method extends string, Url extends string, Routes> = [MapKey<Routes>] extends [never]
  ? unknown
  : MapResponseMark<Routes, PathsOf<Routes>, `${Uppercase<Method>} ${Url}`>;

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
