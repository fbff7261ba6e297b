// Types only: what a call of a route table's route takes (docs/typed-routes.md, "OpenAPI"): its declared parameters,
// its header parameters by name in any case or under `headers`, and the option keys it does not declare; no other name.
import type { OptionName } from "../core/options.js";
import type { EndpointOptions, HeaderValue } from "../core/types.js";

/** The option keys, and no other name: a name the description does not declare is a mistake (`stat` for `state`). */
type NamedOptions = { [Key in keyof EndpointOptions as string extends Key ? never : Key]: EndpointOptions[Key] };

/** The options beside parameters that declare `DeclaredName`: an option key declared is the parameter's. */
type OptionsBeside<DeclaredName> = [DeclaredName & OptionName] extends [never]
  ? NamedOptions
  : { [Key in keyof NamedOptions as Key extends DeclaredName ? never : Key]: NamedOptions[Key] };

/**
 * The names `Declared` gives, each alternative's, without a map's index signature (whose `string` would take in
 * every option key).
 *
 * @example
 * type Names = NamedKeys<{ team: string; [name: string]: unknown }>; // "team"
 */
export type NamedKeys<Declared> = Declared extends unknown
  ? string extends keyof Declared
    ? keyof { [Key in keyof Declared as string extends Key ? never : number extends Key ? never : Key]: 0 }
    : keyof Declared
  : never;

/** Whether defaults or a builder hold header `Name`: by any case of its name, or by `headers` (`header:<name>`). */
type IsHeaderHeld<Name extends string, Known extends string> = [
  (Lowercase<Name> | `header:${Lowercase<Name>}`) & Lowercase<Known>,
] extends [never]
  ? false
  : true;

/** The required header parameters not `Known` (held by defaults or given to a builder). */
export type MissingHeaders<HeaderParameters, Known extends string> = {
  [Name in keyof HeaderParameters]-?: {} extends Pick<HeaderParameters, Name>
    ? never
    : IsHeaderHeld<Name & string, Known> extends true
      ? never
      : Name;
}[keyof HeaderParameters];

/** Each header parameter, optional, by its name and by its name in lower case. */
export type AnyCaseHeaders<HeaderParameters> = { [Name in keyof HeaderParameters]?: HeaderParameters[Name] } & {
  [Name in keyof HeaderParameters as Lowercase<Name & string>]?: HeaderParameters[Name];
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
type NestedHeaders<HeaderParameters> = { [Name in keyof HeaderParameters]?: HeaderText<HeaderParameters[Name]> } & {
  [Name in keyof HeaderParameters as Lowercase<Name & string>]?: HeaderText<HeaderParameters[Name]>;
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
type RequiredHeaderForms<HeaderParameters, Names extends keyof HeaderParameters, Nested extends boolean> = [
  Names,
] extends [never]
  ? {}
  : {
        [Name in Names]: (forms: HeaderForms<Name & string, HeaderParameters[Name], Nested>) => void;
      }[Names] extends (forms: infer Every) => void
    ? Every
    : never;

/** The header parameters of a route table's entry; `Nested` is false when a body field takes the name `headers`. */
type HeaderOptions<HeaderParameters, Known extends string, Nested extends boolean> = AnyCaseHeaders<HeaderParameters> &
  (Nested extends true ? { headers?: NestedHeaders<HeaderParameters> } : {}) &
  RequiredHeaderForms<HeaderParameters, MissingHeaders<HeaderParameters, Known>, Nested>;

/**
 * What a call of a route table's route takes: its parameters, its header parameters by name in any case or under
 * `headers`, and the option keys it does not declare (a declared name is the parameter).
 *
 * @example
 * type Options = TableOptions<{ url: string }, {}, never>; // { url: string } & { method?: … } (no `url` option)
 */
export type TableOptions<Declared, HeaderParameters, Known extends string> = [keyof HeaderParameters] extends [never]
  ? Declared & OptionsBeside<NamedKeys<Declared>>
  : "headers" extends NamedKeys<Declared>
    ? Declared & HeaderOptions<HeaderParameters, Known, false> & OptionsBeside<NamedKeys<Declared>>
    : Declared & HeaderOptions<HeaderParameters, Known, true> & OptionsBeside<NamedKeys<Declared> | "headers">;
