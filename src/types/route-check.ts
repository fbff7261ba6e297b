// Types only: the routes an endpoint typed by a description takes (docs/typed-routes.md, "Routes a description
// lacks"): its operations, and a route typed `string`. Any other route's argument is typed as the operations
// closest to it, which tsc names in its error. Paths are narrowed by intersecting them with a template
// (`Paths & `/repos/${string}``), which tsc reduces path by path without an instantiation: a misspelt route
// costs a few hundred instantiations however large the description is.
import type { MapKey, RouteKey, TABLE_RULES } from "./route-maps.js";

/**
 * The methods a path item has an operation for, as openapi-typescript writes it (`get?: never` for the others).
 *
 * @example
 * type Methods = OperationMethods<{ get: {}; put?: never; delete: {} }>; // "GET" | "DELETE"
 */
// prettier-ignore
export type OperationMethods<PathItem> =
  | (PathItem extends { get: {} } ? "GET" : never) | (PathItem extends { put: {} } ? "PUT" : never)
  | (PathItem extends { post: {} } ? "POST" : never) | (PathItem extends { delete: {} } ? "DELETE" : never)
  | (PathItem extends { options: {} } ? "OPTIONS" : never) | (PathItem extends { head: {} } ? "HEAD" : never)
  | (PathItem extends { patch: {} } ? "PATCH" : never) | (PathItem extends { trace: {} } ? "TRACE" : never);

/**
 * The operation a route names; `undefined` or `never` where its path lacks the method. One alias for the arguments
 * (`OpenAPIRoutes`) and the responses: tsc keeps an alias's instantiations, so reading a call's response finds the
 * operation its arguments already looked up.
 *
 * @example
 * type Operation = OpenAPIOperation<paths, "GET /pets/{id}">; // paths["/pets/{id}"]["get"]
 */
export type OpenAPIOperation<Paths, Route> = Route extends `${infer Method} ${infer Path extends keyof Paths & string}`
  ? Paths[Path][Lowercase<Method> & keyof Paths[Path]]
  : never;

/**
 * The `paths` of the description a map was made from (its `TABLE_RULES` mark); `never` for any other map, `any` too.
 *
 * @example
 * type Paths = PathsOf<OpenAPIRoutes<paths>>; // paths
 */
export type PathsOf<Map> = unknown extends Map
  ? never
  : typeof TABLE_RULES extends keyof Map
    ? Map[typeof TABLE_RULES] extends { readonly paths: infer Paths } | undefined
      ? Paths
      : never
    : never;

/** Whether `Route` names an operation of the map: a key whose path has the method (not an entry marked `absent`). */
type IsOperation<Route, Map> = Route extends keyof Map ? (Map[Route] extends { absent: true } ? false : true) : false;

/**
 * The first argument of a call on an endpoint typed by a description: an operation of it as it is; a route typed
 * `string` unchecked (the escape hatch for a route the description lacks); any other route typed as the operations
 * closest to it, which tsc's error then names. The true branch gives tsc `First` to infer from.
 *
 * @example
 * type Argument = TableRouteArgument<"GET /pets/{petid}", OpenAPIRoutes<paths>>; // "GET /pets/{petId}"
 */
export type TableRouteArgument<First extends string, Map> = string extends First
  ? First
  : IsOperation<First, Map> extends true
    ? First
    : NoInfer<ClosestOperations<First, PathsOf<Map>>>;

/**
 * The route `builder.route()` and `merge()` take: the map's routes suggested while none is typed yet (`Route` is then
 * its default, `never`); on a description's map, a route with a method checked as a call's route is (a url alone
 * waits for the builder's method).
 *
 * @example
 * type Argument = RouteArgument<"GET /pets/{petid}", OpenAPIRoutes<paths>>; // "GET /pets/{petId}"
 */
export type RouteArgument<Route extends string, Routes> = [Route] extends [never]
  ? NoInfer<RouteKey<Routes>>
  : typeof TABLE_RULES extends MapKey<Routes>
    ? Route extends `${string} ${string}`
      ? TableRouteArgument<Route, Routes>
      : Route
    : Route;

/** The operations closest to `Route`: its path's, or those of the paths closest to it; by its method where they have it. */
type ClosestOperations<Route extends string, Paths> = Route extends `${infer Method} ${infer Path}`
  ? OperationsOf<Path extends keyof Paths ? Path : ClosestPaths<keyof Paths & string, Path>, Uppercase<Method>, Paths>
  : OperationsOf<ClosestPaths<keyof Paths & string, Route>, never, Paths>;

/** The operations of `Path` by `Method`, where some path has it; else every operation of each path. */
type OperationsOf<Path, Method extends string, Paths> =
  ByMethod<Path, Method, Paths> extends infer Routes
    ? [Routes] extends [never]
      ? AllOperations<Path, Paths>
      : Routes
    : never;

/** Each path's operation by `Method`, if it has one. */
type ByMethod<Path, Method extends string, Paths> = Path extends keyof Paths & string
  ? [Method & OperationMethods<Paths[Path]>] extends [never]
    ? never
    : `${Method} ${Path}`
  : never;

/** Every operation of each path. */
type AllOperations<Path, Paths> = Path extends keyof Paths & string
  ? `${OperationMethods<Paths[Path]>} ${Path}`
  : never;

/**
 * The paths closest to `Path`: those with the longest start in common with it, of them those with the longest end
 * in common with the rest, and of them the nearest (see {@link Nearest}). Any names split by `/` are read so: an
 * operationId a description lacks is typed by it too.
 *
 * @example
 * type Closest = ClosestPaths<"/pets" | "/pets/{petId}" | "/users", "/pets/{petid}">; // "/pets/{petId}"
 */
export type ClosestPaths<All extends string, Path extends string> =
  CommonStart<All, Path> extends infer Start extends string
    ? Path extends `${Start}${infer Rest}`
      ? CommonEnd<All & `${Start}${string}`, Start, Rest> extends infer End extends string
        ? Nearest<All & `${Start}${string}${End}`, Start, End>
        : never
      : never
    : never;

/** The longest start of `Path` some path of `All` starts with: whole segments while they match, then characters. */
type CommonStart<
  All extends string,
  Path extends string,
  Start extends string = "",
> = Path extends `${infer Segment}/${infer Rest}`
  ? [All & `${Start}${Segment}/${string}`] extends [never]
    ? CommonCharacters<All, Path, Start>
    : CommonStart<All, Rest, `${Start}${Segment}/`>
  : CommonCharacters<All, Path, Start>;

/** `Start` with the characters of `Rest` added while some path of `All` starts with it. */
type CommonCharacters<
  All extends string,
  Rest extends string,
  Start extends string,
> = Rest extends `${infer Character}${infer More}`
  ? [All & `${Start}${Character}${string}`] extends [never]
    ? Start
    : CommonCharacters<All, More, `${Start}${Character}`>
  : Start;

/** The longest end of `End` some of `Candidates` end with after `Start`: characters dropped from its front until one does. */
type CommonEnd<Candidates extends string, Start extends string, End extends string> = [
  Candidates & `${Start}${string}${End}`,
] extends [never]
  ? End extends `${string}${infer Shorter}`
    ? CommonEnd<Candidates, Start, Shorter>
    : End
  : End;

/** A character of a path, for a path one character from the route (a letter left out, or a wrong one). */
// prettier-ignore
type PathCharacter =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m"
  | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z"
  | "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "-" | "_" | "." | "/" | "{" | "}";

/**
 * Of `Candidates` (paths from `Start` to `End`), the nearest: those with one character between the two (a letter
 * left out or a wrong one), else with none (a letter too many), else those that add no `/`, else all. Each but the
 * last by an intersection, which costs no instantiation.
 */
type Nearest<Candidates extends string, Start extends string, End extends string> = [
  Candidates & `${Start}${PathCharacter}${End}`,
] extends [never]
  ? [Candidates & `${Start}${End}`] extends [never]
    ? Exclude<Candidates, `${Start}${string}/${string}${End}`> extends infer Flat
      ? [Flat] extends [never]
        ? Candidates
        : Flat
      : never
    : Candidates & `${Start}${End}`
  : Candidates & `${Start}${PathCharacter}${End}`;
