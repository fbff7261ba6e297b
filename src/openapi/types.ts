// Types only: a route map read from the `paths` type openapi-typescript writes (docs/typed-routes.md, "OpenAPI").
// Its keys are every method with every path, which tsc lists without reading an operation; a method the
// path lacks is an entry marked `absent`. Listing only the operations cost about 40 000 instantiations for a
// 600-operation description before the first call (docs/architecture.md, "Typed routes").

import type { TABLE_RULES, TableEntry, TextEntry } from "../types/route-maps.js";
import type { OpenAPIOperation, OperationMethods } from "../types/route-check.js";
import type { TableOptions } from "../types/table-options.js";

/** The methods a path item may hold an operation for, as openapi-typescript writes them. */
type OpenAPIMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/**
 * A `Blob` or `File`, by its shape, so that the types need no DOM library.
 *
 * @example
 * const file: BlobLike = new Blob(["%PDF-1.7"], { type: "application/pdf" });
 */
export interface BlobLike {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * A `FormData`, by its shape: a `multipart/form-data` body the caller has built.
 *
 * @example
 * const form: FormDataLike = new FormData();
 */
export interface FormDataLike {
  append(name: string, value: string | BlobLike, fileName?: string): void;
  getAll(name: string): unknown[];
  has(name: string): boolean;
  delete(name: string): void;
}

/** What a binary body (`application/octet-stream`, `image/png`…) takes: bytes, a Blob, or text. */
type BinaryBody = BlobLike | Uint8Array | ArrayBuffer | string;

/** The operation's parameters of one place (`path`, `query`, `header`, `cookie`), if any. */
type OpenAPIGroup<Operation, In extends string> = Operation extends { parameters: infer Groups }
  ? In extends keyof Groups
    ? Exclude<Groups[In], undefined>
    : never
  : never;

/** A group's fields, or none. */
type OpenAPIFields<Group> = [Group] extends [never] ? {} : Group;

// Media types: JSON, a form, multipart, binary; any other.
type JsonMediaType = `${string}json` | `${string}json;${string}`;
type FormMediaType = `application/x-www-form-urlencoded${string}`;
type MultipartMediaType = `multipart/form-data${string}`;
// prettier-ignore
type BinaryMediaType =
  | `application/octet-stream${string}` | `image/${string}` | `audio/${string}` | `video/${string}` | `font/${string}`
  | "application/pdf" | "application/zip" | "application/gzip";

/** An operation that declares no body takes no `data` (the option key is free at the top level otherwise). */
type NoBody = { data?: never };

/** A body's named fields: a string index signature dropped (at the top level it would type the options too). */
type NamedFields<Body> = string extends keyof Body
  ? { [Key in keyof Body as string extends Key ? never : number extends Key ? never : Key]: Body[Key] }
  : Body;

/**
 * Any other name, for a body that is a map: `additionalProperties`, or `type: object` alone, which openapi-typescript
 * writes `Record<string, never>` although it holds any field.
 */
type OtherFields<Body> = string extends keyof Body ? { [name: string]: unknown } : {};

/** The fields of an object body, at the top level; anything else is `data`. */
type FieldsBody<Body> = Body extends readonly unknown[]
  ? { data: Body }
  : Body extends object
    ? NamedFields<Body> & OtherFields<Body>
    : { data: Body };

/** A `multipart/form-data` field: text the schema leaves open (`format: binary`) may be a file. */
type MultipartValue<Value> = Value extends readonly (infer Item)[] ? MultipartItem<Item>[] : MultipartItem<Value>;

/** One multipart value: text the schema leaves open may be a file or bytes too. */
type MultipartItem<Value> = string extends Value
  ? Value | BlobLike | Uint8Array
  : Value extends BlobLike
    ? Value | Uint8Array
    : Value;

/** Every field optional, for a body the description marks optional. */
type OptionalIf<Fields, Optional extends boolean> = Optional extends true ? Partial<Fields> : Fields;

/**
 * Its fields at the top level (then no `data`), or the caller's own `FormData` as `data`; that alternative stays as
 * it is for an optional body, or it would take any fields.
 */
type MultipartBody<Body, Optional extends boolean> = Body extends object
  ? Body extends readonly unknown[]
    ? OptionalIf<{ data: Body | FormDataLike }, Optional>
    : | (OptionalIf<{ [Key in keyof NamedFields<Body>]: MultipartValue<NamedFields<Body>[Key]> }, Optional> & NoBody)
      | { data: FormDataLike }
  : OptionalIf<{ data: Body | FormDataLike }, Optional>;

/**
 * Any other media type's body: a wildcard's by {@link WildcardBody}; anything else as `data`, its text or bytes (the
 * run time writes no `application/xml` from fields: docs/decisions.md, "OpenAPI request media types").
 */
type OtherBody<Type, Body> = Type extends WildcardMediaType
  ? WildcardBody<Body>
  : Body extends BlobLike | readonly unknown[] | object
    ? { data: BinaryBody }
    : { data: Type extends BinaryMediaType ? Body | BinaryBody : Body };

/** A media type of any type (docs/decisions.md, "OpenAPI request media types"). */
type WildcardMediaType = "*/*" | `*/*;${string}`;

/**
 * A wildcard's body: an object schema's fields at the top level, or `data` of any kind, which the run time sends by
 * what it is (bytes as they are, a `FormData` as multipart, anything else as JSON); `data` is the field where the
 * schema has one.
 */
type WildcardBody<Body> = Body extends BlobLike | readonly unknown[]
  ? { data: unknown }
  : Body extends object
    ? FieldsBody<Body> | ("data" extends keyof Body ? never : { data: unknown })
    : { data: unknown };

/**
 * A body by each media type offered, since the run time sends the first that fits it (docs/decisions.md, "OpenAPI
 * request media types"): a JSON or form body's fields, a multipart body's, any other's.
 */
type OpenAPIBody<Content, Optional extends boolean> = {
  [Type in keyof Content]: Type extends JsonMediaType | FormMediaType
    ? OptionalIf<FieldsBody<Content[Type]>, Optional>
    : Type extends MultipartMediaType
      ? MultipartBody<Content[Type], Optional>
      : OptionalIf<OtherBody<Type, Content[Type]>, Optional>;
}[keyof Content];

/** What the operation's request body adds to a call; no `data` where it declares none. */
type OpenAPIBodyParameters<Operation> = "requestBody" extends keyof Operation
  ? OpenAPIRequestBody<
      Exclude<Operation["requestBody" & keyof Operation], undefined>,
      {} extends Pick<Operation, "requestBody" & keyof Operation> ? true : false
    >
  : NoBody;

/** A declared request body's parameters, by its `content`. */
type OpenAPIRequestBody<RequestBody, Optional extends boolean> = [RequestBody] extends [never]
  ? NoBody
  : RequestBody extends { content: infer Content }
    ? OpenAPIBody<Content, Optional>
    : {};

/**
 * `infer`, one object per alternative, and an inline mapped type: tsc prints the fields, not an alias. A GET or HEAD
 * takes no body, whatever the description declares (the run time refuses one).
 */
type OpenAPIParameters<Operation, Route extends string> = OpenAPIFields<OpenAPIGroup<Operation, "path">> &
  OpenAPIFields<OpenAPIGroup<Operation, "query">> &
  OpenAPIFields<OpenAPIGroup<Operation, "cookie">> &
  (Route extends `${"GET" | "HEAD"} ${string}` ? NoBody : OpenAPIBodyParameters<Operation>) extends infer Declared
  ? Declared extends unknown
    ? { [Key in keyof Declared]: Declared[Key] }
    : never
  : never;

/** The operation's entry: a table's, or one read from the route's text where its path lacks the method. */
type OpenAPIEntry<Operation, Route extends string> = [Operation] extends [undefined]
  ? TextEntry<Route>
  : TableEntry<
      OpenAPIParameters<Operation, Route>,
      OpenAPIHeaders<Operation>,
      TableOptions<OpenAPIParameters<Operation, Route>, OpenAPIHeaders<Operation>, never>
    >;

/** Header parameters but `Accept`, `Content-Type` and `Authorization`, which OpenAPI says to ignore (so does the table). */
type OpenAPIHeaders<Operation> =
  OpenAPIFields<OpenAPIGroup<Operation, "header">> extends infer HeaderParameters
    ? {
        [
          Name in keyof HeaderParameters as Lowercase<Name & string> extends IgnoredHeader ? never : Name
        ]: HeaderParameters[Name];
      }
    : never;

/** The header parameters OpenAPI says to ignore, in lower case. */
type IgnoredHeader = "accept" | "content-type" | "authorization";

/** The operations, for autocompletion only: listing them costs about 17 000 instantiations for 600 operations. */
type OpenAPIOperations<Paths> = {
  [Path in keyof Paths & string]: `${OperationMethods<Paths[Path]>} ${Path}`;
}[keyof Paths & string];

/**
 * A route map made from openapi-typescript's `paths` (docs/typed-routes.md, "OpenAPI"): one entry per
 * operation, `"GET /pets/{petId}"`; a method a path lacks is an entry marked `absent`, read from its text.
 *
 * @typeParam Paths - openapi-typescript's `paths`.
 * @typeParam Operations - The operations by operationId, each one's route, which type `operation(operationId)`
 *   (`fluent-endpoint openapi` writes them as `operationRoutes`); none by default.
 * @example
 * import type { paths } from "./petstore"; // written by openapi-typescript
 * const petstore = endpoint.defaults({ baseUrl: "https://petstore.swagger.io/v2" }).withRoutes<OpenAPIRoutes<paths>>();
 * petstore("GET /pets/{id}", { id: 42 });
 * // with the operations by name (`fluent-endpoint openapi` writes `operationRoutes`):
 * const named = endpoint.withRoutes<OpenAPIRoutes<paths, { findPetById: "GET /pets/{id}" }>>();
 * named.operation("findPetById", { id: 42 });
 */
export type OpenAPIRoutes<Paths, Operations = never> = {
  [Route in `${Uppercase<OpenAPIMethod>} ${keyof Paths & string}`]: OpenAPIEntry<OpenAPIOperation<Paths, Route>, Route>;
} & {
  /** Types only: the operations, read by `RouteKey` for autocompletion. */
  readonly [TABLE_RULES]?: {
    /** The operations, `"GET /pets/{petId}"`. */
    readonly routes: OpenAPIOperations<Paths>;
    /** The description's paths, read for the operations closest to a route it lacks. */
    readonly paths: Paths;
    /** Its operations by operationId, each one's route (`{ getPetById: "GET /pets/{petId}" }`); `never` for none. */
    readonly operations: Operations;
  };
};
