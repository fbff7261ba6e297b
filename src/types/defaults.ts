// Types only: the names defaults and a builder surely hold, which a call then no longer needs
// (docs/decisions.md, "Typed routes: what defaults hold").
import type { OptionName } from "../core/options.js";
import type { EndpointOptions } from "../core/types.js";
import type { EntryShape, ShapeOf } from "./route-maps.js";
import type { EntryResponse } from "./responses.js";
import type { TableOptions } from "./table-options.js";
import type { NamedParameters, OptionalNames, RequiredNames } from "./route-text.js";

/** Never parameters, so never held by defaults (`data` excepted, see `HeldNames`). */
type OptionKey = Exclude<OptionName, "data">;

/** `RouteOptions` with the `Known` names (those defaults hold) no longer required. */
export type HeldRouteOptions<Route extends string, Known extends string> = NamedParameters<
  Exclude<RequiredNames<Route>, Known>,
  OptionalNames<Route> | (RequiredNames<Route> & Known),
  EndpointOptions
>;

/** `Declared` with the `Known` names no longer required, printed as fields (no `Omit` or `Pick`). */
type RelaxKnown<Declared, Known extends string> = [Known] extends [never] ? Declared : RelaxEach<Declared, Known>;

/** {@link RelaxKnown} for each alternative of `Declared` (a `multipart/form-data` body's fields, or `data`). */
type RelaxEach<Declared, Known extends string> = Declared extends unknown
  ? [keyof Declared & Known] extends [never]
    ? Declared
    : { [Key in keyof Declared as Key extends Known ? never : Key]: Declared[Key] } & {
          [Key in keyof Declared as Key extends Known ? Key : never]?: Declared[Key];
        } extends infer Relaxed
      ? { [Key in keyof Relaxed]: Relaxed[Key] }
      : never
  : never;

/**
 * `Routes` with the names defaults hold no longer required; a base-type argument of `Endpoint`, so made once per
 * endpoint type (an entry per route, when looked up).
 *
 * @example
 * type Routes = HeldRoutes<{ "GET /orgs/{org}": { parameters: { org: string } } }, "org">;
 * // { "GET /orgs/{org}": { parameters: { org?: string } } }
 */
export type HeldRoutes<Routes, Known extends string> = unknown extends Routes
  ? Routes
  : [Known] extends [never]
    ? Routes
    : {
        [Route in keyof Routes]: HeldEntry<ShapeOf<Routes[Route]>, Route & string, Known, EntryResponse<Routes[Route]>>;
      };

/** What a call of an entry's route takes once defaults hold the `Known` names, as the entry's `parameters`; its response kept. */
type HeldEntry<Shape, Route extends string, Known extends string, Response> =
  Shape extends EntryShape<infer Kind, infer Declared, infer HeaderParameters>
    ? Kind extends "text"
      ? { parameters: HeldRouteOptions<Route, Known>; response: Response }
      : Kind extends "table"
        ? { parameters: TableOptions<RelaxKnown<Declared, Known>, HeaderParameters, Known>; response: Response }
        : { parameters: RelaxKnown<Declared, Known>; response: Response }
    : never;

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
export type GivenNames<Given> = unknown extends Given
  ? string
  : keyof { [Key in keyof Given as Key extends string ? DefinedName<Given, Key, never> : never]: 0 };

/** `Key`, when `Options` surely holds it: required, neither `null` nor `undefined`, and not `Skipped`. */
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

/**
 * `Name`, when a `param(Name, value)` call surely gives it (`undefined` leaves the builder as it is).
 *
 * @example
 * type Given = GivenName<"owner", string>; // "owner"
 * type NotGiven = GivenName<"owner", string | undefined>; // never
 */
export type GivenName<Name extends string, Value> = null extends Value ? never : undefined extends Value ? never : Name;
