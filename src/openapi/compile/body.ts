// An operation's request body compiled: the media type sent first, the others a body may fit, the fields it names,
// how a form's fields are encoded (docs/decisions.md, "OpenAPI request media types").
import { isRevoked, quote } from "../../core/errors.js";
import type {
  BodyFieldEncoding,
  ContentEncoding,
  DeclaredBody,
  QueryStyle,
  RouteBody,
} from "../../core/route-table.js";
import { isPlainObject, setOwn } from "../../core/values.js";
import { isJsonType } from "../../http/json.js";
import { isFormType, isMediaType, isMultipartType } from "../media-types.js";
import { QUERY_STYLES } from "./parameters.js";
import { type Description, fail, isList, type Node, resolve } from "./refs.js";

/** What a request body compiles to. */
export interface CompiledBody {
  readonly body: RouteBody;
  /** The property names of its schema (its `allOf`, `anyOf` and `oneOf` parts' too): a call's keys for its fields. */
  readonly fields: readonly string[];
  /** What a call's body must be, as the description says. */
  readonly declared: DeclaredBody;
}

/** The operation's body; undefined when it declares none, or no media type. */
export function compileBody(description: Description, route: string, operation: Node): CompiledBody | undefined {
  const requestBody = resolve(description, operation.requestBody, () => `${route}, requestBody`);
  const content =
    requestBody === undefined
      ? undefined
      : resolve(description, requestBody.content, () => `${route}, requestBody content`);
  if (content === undefined) return undefined;
  const types = Object.keys(content);
  const type = types.find(isJsonType) ?? types.find(isFormType) ?? types.find(isMultipartType) ?? types[0];
  if (type === undefined) return undefined;
  const { schema, encoding: declaredEncoding } = resolve(description, content[type], () => `${route}, ${type}`) ?? {};
  const body: { -readonly [K in keyof RouteBody]: RouteBody[K] } = { type };
  const encoding = formEncoding(description, declaredEncoding, route);
  if (encoding !== undefined) body.encoding = encoding;
  // docs/decisions.md, "OpenAPI request media types": the others, for a body the first does not fit.
  const alternatives = types.filter((name) => name !== type && isMediaType(name));
  if (alternatives.length > 0) body.alternatives = alternatives;
  if (isStringSchema(description, schema, route)) body.stringSchema = true;
  const { required, description: text } = requestBody!;
  const declared: DeclaredBody = {
    ...(required === true && { required: true }),
    ...(schema !== undefined && { schema }),
    ...(typeof text === "string" && { description: text }),
  };
  return { body, fields: fieldNames(description, schema, route), declared };
}

/** The property names of an object schema, those of its `allOf`, `anyOf` and `oneOf` parts included; none for any other schema. */
function fieldNames(description: Description, schema: unknown, route: string): readonly string[] {
  const root = resolveSchema(description, schema, route);
  if (root === undefined) return [];
  const known = description.fields.get(root);
  if (known !== undefined) return known; // a schema many operations share is walked once
  const names: string[] = [];
  // Each schema once, so parts that share a `$ref` cost nothing more (a description can be a DAG).
  const seen = new Set<unknown>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = resolveSchema(description, pending.pop(), route);
    if (node === undefined || seen.has(node)) continue;
    seen.add(node);
    const { properties, oneOf, anyOf, allOf } = node;
    if (isPlainObject(properties)) for (const name of Object.keys(properties)) names.push(name);
    else if (isRevoked(properties)) fail(route, "has a body schema whose properties are a revoked Proxy");
    // The fields of any alternative are fields (a discriminated union of record types).
    for (const parts of [oneOf, anyOf, allOf]) {
      if (isList(parts, route)) for (let i = parts.length - 1; i >= 0; i--) pending.push(parts[i]);
    }
  }
  description.fields.set(root, names);
  return names;
}

/** A schema with its `$ref`s followed; undefined for a boolean schema (OpenAPI 3.1's `true`), which has no fields. */
function resolveSchema(description: Description, schema: unknown, route: string): Node | undefined {
  return typeof schema === "boolean" ? undefined : resolve(description, schema, () => `${route}, a body schema`);
}

/** A schema whose `type` is `string` (or a list holding `string`): its JSON body is a JSON string. */
function isStringSchema(description: Description, schema: unknown, route: string): boolean {
  const { type } = resolveSchema(description, schema, route) ?? {};
  return type === "string" || (Array.isArray(type) && type.includes("string"));
}

/**
 * A form or multipart body's `encoding` (the Encoding Object): a field with `style`, `explode` or `allowReserved` is
 * written by that style; one with only a `contentType` as that media type; the others by the value's default type.
 */
function formEncoding(
  description: Description,
  encoding: unknown,
  route: string,
): Readonly<Record<string, BodyFieldEncoding | ContentEncoding>> | undefined {
  const node = resolve(description, encoding, () => `${route}, encoding`);
  if (node === undefined) return undefined;
  let fields: Record<string, BodyFieldEncoding | ContentEncoding> | undefined;
  for (const field of Object.keys(node)) {
    const value = resolve(description, node[field], () => `${route}, encoding of ${quote(field)}`);
    const { style: declared, explode: exploded, allowReserved, contentType } = value ?? {};
    if (declared === undefined && exploded === undefined && allowReserved === undefined) {
      // A list of types (`image/png, image/jpeg`) names no one to send: the value's own default stays.
      if (typeof contentType === "string" && isMediaType(contentType) && !contentType.includes("*")) {
        setOwn((fields ??= {}), field, { contentType: contentType.trim() });
      }
      continue;
    }
    const style = declared ?? "form";
    if (!QUERY_STYLES.has(style)) fail(route, `encodes body field ${quote(field)} by style ${quote(String(style))}`);
    const explode = typeof exploded === "boolean" ? exploded : style === "form";
    setOwn((fields ??= {}), field, { style: style as QueryStyle, explode, allowReserved: allowReserved === true });
  }
  return fields;
}
