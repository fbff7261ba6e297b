// Types only: what `api.operation(operationId, options)` and `builder.operation(operationId)` take, typed by the
// names a description's map carries (docs/typed-routes.md, "Operations by name"): a name is its route, then typed as
// the route call is, so a call by name costs one map lookup more than the call by route.
import type { TABLE_RULES } from "./route-maps.js";
import type { ClosestPaths } from "./route-check.js";

/**
 * The names a map carries, operationId to route (`OpenAPIRoutes<paths, operationRoutes>`); `never` for a map
 * that carries none.
 *
 * @example
 * type Names = OperationNames<OpenAPIRoutes<paths, { getPetById: "GET /pets/{petId}" }>>; // { getPetById: "GET /pets/{petId}" }
 */
export type OperationNames<Map> = unknown extends Map
  ? never
  : typeof TABLE_RULES extends keyof Map
    ? Map[typeof TABLE_RULES] extends { readonly operations: infer Names } | undefined
      ? Names
      : never
    : never;

/**
 * The route an operation name stands for: the map's, or `string` (unchecked) where the map names no operations or
 * the name is typed `string`.
 *
 * @example
 * type Route = OperationRoute<"getPetById", OpenAPIRoutes<paths, { getPetById: "GET /pets/{petId}" }>>; // "GET /pets/{petId}"
 */
export type OperationRoute<Name extends string, Map> =
  OperationNames<Map> extends infer Names
    ? [Names] extends [never]
      ? string
      : Name extends keyof Names
        ? Names[Name] & string
        : string
    : string;

/**
 * The operationId a call takes: one the map names as it is; a name typed `string`, or any name where the map names
 * none, unchecked; any other typed as the names closest to it, which tsc's error then names. The true branch gives
 * tsc `Name` to infer from.
 *
 * @example
 * type Argument = OperationArgument<"getPetByID", OpenAPIRoutes<paths, { getPetById: "GET /pets/{petId}" }>>; // "getPetById"
 */
export type OperationArgument<Name extends string, Map> =
  OperationNames<Map> extends infer Names
    ? [Names] extends [never]
      ? Name
      : string extends Name
        ? Name
        : Name extends keyof Names
          ? Name
          : NoInfer<ClosestPaths<keyof Names & string, Name>>
    : Name;

/**
 * The method of a builder after `operation(Name)`: its route's, or `string` where the route is not known.
 *
 * @example
 * type Method = OperationMethod<"GET /pets/{petId}">; // "GET"
 */
export type OperationMethod<Route extends string> = Route extends `${infer Method} ${string}` ? Method : string;
