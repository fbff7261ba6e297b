// Types only: route maps, whose entries type a route's parameters (docs/typed-routes.md, "Route maps").
// A map is read one route at a time, never constrained or resolved for a generic route, which would make tsc
// evaluate every route of the map.
import type { OptionName } from "../core/options.js";
import type { EndpointOptions, HeaderValue } from "../core/types.js";

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
export type DeclaredNames<Parameters> = Parameters extends unknown ? keyof Parameters : never;

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
export type MissingHeaders<Headers, Held extends string> = {
  [Name in keyof Headers]-?: {} extends Pick<Headers, Name>
    ? never
    : IsHeaderHeld<Name & string, Held> extends true
      ? never
      : Name;
}[keyof Headers];

/** Each header parameter, optional, by its name and by its name in lower case. */
export type AnyCaseHeaders<Headers> = { [Name in keyof Headers]?: Headers[Name] } & {
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

/**
 * The key of the mark `OpenAPIRoutes` carries, `{ readonly routes: … }` (its operations, computed when read): a call of
 * its routes takes each entry's `parameters` as they are (header parameters by name in any case, a parameter named
 * like an option is the parameter; docs/typed-routes.md, "OpenAPI"). Types only: never present.
 */
export declare const TABLE_RULES: unique symbol;
