// Types only: the names defaults and a builder surely hold, which a call then no longer needs
// (docs/decisions.md, "Typed routes: what defaults hold").
import type { OptionName } from "../core/options.js";
import type { EndpointOptions } from "../core/types.js";
import type { TableOptions } from "./route-maps.js";
import type { NamedParameters, OptionalNames, RequiredNames } from "./route-text.js";

/** Never parameters, so never held by defaults (`data` excepted, see `HeldNames`). */
type OptionKey = Exclude<OptionName, "data">;

/** {@link RouteOptions} with `Held` names no longer required. */
export type HeldRouteOptions<Route extends string, Held extends string> = NamedParameters<
  Exclude<RequiredNames<Route>, Held>,
  OptionalNames<Route> | (RequiredNames<Route> & Held),
  EndpointOptions
>;

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

/**
 * `Name`, when a `param(Name, value)` call surely gives it (`undefined` leaves the builder as it is).
 *
 * @example
 * type Given = GivenName<"owner", string>; // "owner"
 * type NotGiven = GivenName<"owner", string | undefined>; // never
 */
export type GivenName<Name extends string, Value> = null extends Value ? never : undefined extends Value ? never : Name;
