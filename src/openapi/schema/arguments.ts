// An operation's argument schema: one JSON Schema (2020-12) of the options object a call of it takes
// (docs/decisions.md, "Argument schemas"), made from the operation's record, which the request is built by too.
import { type ArgumentLocation, EndpointError, quote } from "../../core/errors.js";
import type { DeclaredParameter } from "../../core/route-table.js";
import { isPlainObject, setOwn } from "../../core/values.js";
import { isJsonType } from "../../http/json.js";
import { carriesNoBody } from "../../http/route.js";
import { isFormType, isMultipartType } from "../media-types.js";
import { parseTableTemplate, type UrlTemplate } from "../../template/template.js";
import { codeOf, findOperation } from "../table/forms.js";
import { emptiesItsSegment, type Operation } from "../table/operation.js";
import { declaredArguments } from "./declared.js";
import { type Conversion, conversionOf, convert, finishDefs, follow, type JsonSchema, type Node } from "./convert.js";

export type { JsonSchema } from "./convert.js";

/** An operation's argument schema, with what the checks need besides it. */
export interface OperationArguments {
  /** `"GET /pets/{petId}"`. */
  readonly route: string;
  /** The schema, as `argumentSchema()` returns a copy of it. */
  readonly schema: Node;
  /** Each top-level property's location (`data`: `body`). */
  readonly locations: ReadonlyMap<string, ArgumentLocation>;
  /**
   * The body's fields are top-level arguments: the operation has a parameter or body field named `data`, so a call
   * cannot pass the body as `data` (only an object schema's `properties` are described then).
   */
  readonly bodyFields: boolean;
  /** The patterns left out, and why (docs/decisions.md, "Hostile schemas"). */
  readonly refused: readonly { readonly pattern: string; readonly reason: string }[];
}

/** Each operation's argument schema, made when first asked for (compiling with checks off costs nothing more). */
const argumentsOfOperations = /*#__PURE__*/ new WeakMap<Operation, OperationArguments>();

/** The argument schema of `operation`; undefined where its table knows none (a `routeTable()` written without it). */
export function operationArguments(operation: Operation): OperationArguments | undefined {
  const { declared, table } = operation;
  if (declared === undefined || table.schemas === undefined) return undefined;
  let found = argumentsOfOperations.get(operation);
  if (found === undefined) {
    found = buildArguments(operation);
    argumentsOfOperations.set(operation, found);
  }
  return found;
}

function buildArguments(operation: Operation): OperationArguments {
  const { route, method, table } = operation;
  const declared = declaredArguments(operation);
  const conversion = conversionOf(table.schemas!);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const locations = new Map<string, ArgumentLocation>();
  for (const { name, in: location, required: isRequired, schema, description, deprecated } of declared.parameters ??
    []) {
    if (locations.has(name)) continue;
    let converted = convert(conversion, schema ?? true, 0);
    if (description !== undefined || deprecated === true) {
      const annotated: Record<string, unknown> = typeof converted === "boolean" ? {} : { ...converted };
      if (description !== undefined) annotated.description = description;
      if (deprecated === true) annotated.deprecated = true;
      converted = converted === false ? { ...annotated, not: true } : annotated;
    }
    if (location === "path") {
      const type =
        typeof converted === "object" && !("$ref" in converted) ? converted.type : follow(conversion, schema)?.type;
      converted = pathValue(converted, type, emptiesItsSegment(operation, name));
    }
    setOwn(properties, name, converted);
    locations.set(name, location);
    // OpenAPI: a path parameter is always required.
    if (isRequired === true || location === "path") required.push(name);
  }
  // The body is what the build sends: none for GET and HEAD, which carry none.
  const body = declared.body;
  const bodyFields = Object.hasOwn(operation.parameters, "data");
  let dependentRequired: Record<string, string[]> | undefined;
  // What a key the operation does not declare meets (docs/decisions.md, "Argument checks"): as a body field, the body's
  // schema; where the query takes any name, nothing (undefined); else it is refused.
  const sendsBody = operation.body !== undefined && !carriesNoBody(method);
  let others: JsonSchema | undefined =
    sendsBody || takesAnyQueryName(operation, declared.parameters ?? [], conversion) ? undefined : false;
  // Beside `data`, the whole body, such a key is sent nowhere: refused.
  let dataAlone = false;
  if (body !== undefined && sendsBody) {
    if (bodyFields) {
      // A parameter or body field named `data`: the body is given as its fields, each a top-level argument.
      const converted = convert(conversion, follow(conversion, body.schema) ?? body.schema ?? true, 0);
      const fields = typeof converted === "object" && isPlainObject(converted.properties) ? converted.properties : {};
      others = otherFields(converted);
      for (const field of Object.keys(fields)) {
        if (locations.has(field)) continue;
        setOwn(properties, field, fields[field] as JsonSchema);
        locations.set(field, "body");
      }
      const needed = (
        typeof converted === "object" && Array.isArray(converted.required) ? converted.required : []
      ).filter((field: unknown): field is string => typeof field === "string" && locations.get(field) === "body");
      if (body.required === true) required.push(...needed);
      else if (needed.length > 0) {
        // An optional body is sent once any field is given: then it needs its required fields.
        dependentRequired = {};
        for (const [field, location] of locations) if (location === "body") setOwn(dependentRequired, field, needed);
      }
    } else {
      // A media type whose text the build does not write (`application/xml`) takes the body as text or bytes.
      const { type, alternatives = [] } = operation.body;
      let converted: JsonSchema = [type, ...alternatives].some(takesValues)
        ? convert(conversion, body.schema ?? true, 0)
        : { type: "string", contentMediaType: type };
      if (body.description !== undefined) {
        converted = { ...(typeof converted === "boolean" ? {} : converted), description: body.description };
      }
      setOwn(properties, "data", converted);
      locations.set("data", "body");
      if (body.required === true) required.push("data");
      dataAlone = true;
    }
  }
  const defs = finishDefs(conversion);
  const schema: Node = { $schema: "https://json-schema.org/draft/2020-12/schema", title: route };
  // The summary says what it does in a line; the description where there is none.
  const about = declared.summary ?? declared.description;
  if (about !== undefined) schema.description = about;
  schema.type = "object";
  schema.properties = properties;
  if (required.length > 0) schema.required = required;
  if (dependentRequired !== undefined) schema.dependentRequired = dependentRequired;
  if (others !== undefined) schema.additionalProperties = others;
  if (dataAlone) {
    const named: Record<string, boolean> = {};
    for (const name of Object.keys(properties)) setOwn(named, name, true);
    schema.dependentSchemas = { data: { properties: named, additionalProperties: false } };
  }
  if (defs !== undefined) schema.$defs = defs;
  const { refused } = conversion;
  if (refused.length > 0) {
    schema.$comment = `patterns left unchecked: ${refused.map(({ pattern, reason }) => `${quote(pattern, 80)} (${reason})`).join(", ")}`;
  }
  return { route, schema, locations, bodyFields, refused };
}

/**
 * Whether a GET or HEAD call may give any key: what the operation does not declare goes to the query, which takes any
 * name where a query parameter spreads an object's own keys into it (`form`, exploded: `?a=1&b=2` for `{ a: 1, b: 2 }`)
 * and its schema leaves that object open (no `additionalProperties: false`, or `patternProperties`). A call of any
 * other method sends such a key in its body.
 */
function takesAnyQueryName(
  operation: Operation,
  parameters: readonly DeclaredParameter[],
  conversion: Conversion,
): boolean {
  if (!carriesNoBody(operation.method)) return false;
  let template: UrlTemplate | undefined;
  return parameters.some(({ name, in: location, schema }) => {
    if (location !== "query" || !takesOpenObject(schema === undefined ? true : (follow(conversion, schema) ?? schema)))
      return false;
    const placement = operation.parameters[name];
    if (typeof placement === "object") return !("in" in placement) && placement.style === "form" && placement.explode;
    if (placement !== "query") return false;
    template ??= parseTableTemplate(operation.url);
    return template.parts.some(
      (part) =>
        typeof part === "object" &&
        (part.operator === "?" || part.operator === "&") &&
        part.varspecs.some((spec) => spec.name === name && spec.explode),
    );
  });
}

/** Whether `schema` (a description's, its `$ref` followed) takes an object with keys it does not name. */
function takesOpenObject(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isPlainObject(schema)) return false;
  const { type } = schema;
  const object =
    type === undefined
      ? schema.enum === undefined && schema.const === undefined
      : type === "object" || (Array.isArray(type) && type.includes("object"));
  return object && (schema.additionalProperties !== false || isPlainObject(schema.patternProperties));
}

/** Keywords by which an object schema takes fields its `properties` do not name. */
const NAMING_MORE = [
  "patternProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "$ref",
  "if",
  "dependentSchemas",
  "unevaluatedProperties",
];

/**
 * What a body field its schema does not name meets, where the body is given as its fields: the body schema's own
 * `additionalProperties`, where nothing else (`patternProperties`, `allOf`…) names more fields; undefined otherwise.
 */
function otherFields(body: JsonSchema): JsonSchema | undefined {
  if (typeof body !== "object" || body.additionalProperties === undefined) return undefined;
  return NAMING_MORE.some((keyword) => body[keyword] !== undefined)
    ? undefined
    : (body.additionalProperties as JsonSchema);
}

/** Whether the build writes a body of fields or values (not only text or bytes) under the media type `type`. */
function takesValues(type: string): boolean {
  return isJsonType(type) || isFormType(type) || isMultipartType(type) || type.includes("*");
}

/**
 * A path parameter's schema, saying what the request takes as its value (docs/decisions.md, "Path parameters of a
 * description's route"): not `null`, no list or object that defines nothing, and no `""` where it would empty its
 * segment (`/Plugins/{id}/` is another url). Each keyword applies to its own type only, so a schema that says none
 * gets them all.
 */
function pathValue(schema: JsonSchema, type: unknown, emptiesSegment: boolean): JsonSchema {
  if (schema === false) return schema;
  const value: Record<string, unknown> = schema === true ? {} : { ...schema };
  const takes = (kind: string) => type === undefined || type === kind || (Array.isArray(type) && type.includes(kind));
  if (Array.isArray(type) && type.includes("null")) value.type = type.filter((each) => each !== "null");
  const least = (keyword: string) => typeof value[keyword] !== "number" || (value[keyword] as number) < 1;
  if (emptiesSegment && takes("string") && least("minLength")) value.minLength = 1;
  if (takes("array") && least("minItems")) value.minItems = 1;
  if (takes("object") && least("minProperties")) value.minProperties = 1;
  return value;
}

/**
 * The argument schema of one operation: a JSON Schema (2020-12) of the options object a call takes, its parameters
 * by name (a header's lower case; `Accept`, `Content-Type` and `Authorization`, whose definition OpenAPI ignores, left
 * out) and the body as `data` (none for GET and HEAD, which carry no body), with `required`, the description's
 * `description` texts, and exactly the rules `openAPIEndpoint(…, { check })` enforces (a path, query, header or
 * cookie value may also be given as text that reads as its number or boolean; `format` is an annotation). A fresh
 * object each call.
 *
 * @param api - an endpoint, however made (`openAPIEndpoint()`, `withRoutes()`, `defaults()`), a table from
 *   `openAPIRoutes()` or `routeTable()`, or a description (compiled for the call)
 * @param key - `"METHOD /path"` or an operationId
 * @example
 * import { argumentSchema } from "fluent-endpoint/openapi";
 * const tool = { name: "getPet", parameters: argumentSchema(routes, "getPet") };
 * // { type: "object", properties: { petId: { type: "integer" } }, required: ["petId"], … }
 */
export function argumentSchema(api: unknown, key: string): Record<string, unknown> {
  const caller = "argumentSchema()";
  const found = operationArguments(findOperation(codeOf(api, caller), key, caller));
  if (found === undefined) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `${caller}: ${quote(key)} has no argument schema (a table made by routeTable() without one)`,
    );
  }
  return structuredClone(found.schema);
}
