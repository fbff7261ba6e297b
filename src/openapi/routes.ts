// An OpenAPI 3.0 or 3.1 description compiled to a route table (docs/decisions.md, "Route tables").
import { describe, EndpointError, quote } from "../core/errors.js";
import type {
  BodyFieldEncoding,
  QueryStyle,
  RouteBody,
  RouteEntry,
  RouteParameter,
  RouteTable,
} from "../core/route-table.js";
import { QUERY_STYLES, routeTable } from "./table.js";
import { percentEncode, varname } from "./varname.js";
import { isPlainObject, ownValue, setOwn } from "../core/values.js";

type Node = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** Names OpenAPI says a header parameter may not take: the request's own headers. */
const IGNORED_HEADERS: ReadonlySet<string> = /*#__PURE__*/ new Set(["accept", "content-type", "authorization"]);

/** Path styles as RFC 6570 operators. */
const PATH_OPERATORS: Readonly<Record<string, string>> = { simple: "", label: ".", matrix: ";" };

/**
 * The route table of an OpenAPI 3.0 or 3.1 description, for `withRoutes(routes)`: each operation's path and `form`
 * query parameters compiled to one RFC 6570 template, and every parameter and body field placed where it declares.
 *
 * @param document - the parsed description (JSON or YAML), its `$ref`s pointing inside it (`#/components/…`)
 * @example
 * import { endpoint } from "fluent-endpoint";
 * import { openAPIRoutes } from "fluent-endpoint/openapi";
 * const api = endpoint.defaults({ baseUrl: "https://api.example.com" }).withRoutes(openAPIRoutes(description));
 * api("GET /pets", { tags: ["dog", "cat"] }).url; // "https://api.example.com/pets?tags=dog&tags=cat"
 */
export function openAPIRoutes<Routes = unknown>(document: unknown): RouteTable<Routes> {
  if (!isPlainObject(document) || typeof document.openapi !== "string" || !/^3\.[01]\./.test(document.openapi)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `openAPIRoutes() needs an OpenAPI 3.0 or 3.1 description, got ${isPlainObject(document) ? `openapi ${quote(String(document.openapi))}` : describe(document)}`,
    );
  }
  const table: Record<string, RouteEntry> = {};
  const paths = resolve(document, document.paths, "paths") ?? {};
  for (const path of Object.keys(paths)) {
    const item = resolve(document, paths[path], `path ${quote(path)}`);
    if (item === undefined) continue;
    for (const method of METHODS) {
      const operation = resolve(document, ownValue(item, method), `${method.toUpperCase()} ${path}`);
      if (operation === undefined) continue;
      const route = `${method.toUpperCase()} ${path}`;
      setOwn(table, route, compileOperation(document, route, path, item, operation));
    }
  }
  return routeTable<Routes>(table);
}

function compileOperation(document: Node, route: string, path: string, item: Node, operation: Node): RouteEntry {
  // Operation parameters replace path-item ones of the same name and location.
  const declared = new Map<string, Node>();
  for (const list of [item.parameters, operation.parameters]) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(route, "has parameters that are not a list");
    for (const [index, value] of list.entries()) {
      const parameter = resolve(document, value, `${route}, parameter ${index}`);
      if (parameter === undefined || typeof parameter.name !== "string" || typeof parameter.in !== "string") {
        fail(route, `has parameter ${index} without a name or location`);
      }
      declared.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }

  const parameters: Record<string, RouteParameter> = {};
  const place = (name: string, placement: RouteParameter) => {
    if (!Object.hasOwn(parameters, name)) setOwn(parameters, name, placement);
  };
  // A `#fragment` of a path key tells operations on one path apart (`/files/{id}#copy`): it is never sent.
  let url = literal(path.indexOf("#") === -1 ? path : path.slice(0, path.indexOf("#")));
  const query: string[] = [];
  for (const parameter of declared.values()) {
    const name = parameter.name as string;
    const location = parameter.in as string;
    // Of two parameters of one name, the first declared wins.
    if (Object.hasOwn(parameters, location === "header" ? name.toLowerCase() : name)) continue;
    const style = typeof parameter.style === "string" ? parameter.style : undefined;
    const explode = typeof parameter.explode === "boolean" ? parameter.explode : undefined;
    if (location === "path") {
      const operator = PATH_OPERATORS[style ?? "simple"];
      if (operator === undefined) fail(route, `has path parameter ${quote(name)} of style ${quote(String(style))}`);
      // A path parameter the path does not name (`petid` for `{petId}`) is left to the ordinary rules.
      if (!url.includes(`{${name}}`)) continue;
      url = url.replaceAll(`{${name}}`, `{${operator}${varname(name)}${explode === true ? "*" : ""}}`);
      place(name, "path");
    } else if (location === "query") {
      const queryStyle = style ?? "form";
      if (!QUERY_STYLES.has(queryStyle))
        fail(route, `has query parameter ${quote(name)} of style ${quote(queryStyle)}`);
      // `form` explodes unless told otherwise; the other styles do not.
      const exploded = explode ?? queryStyle === "form";
      // RFC 6570 writes a varname as it is (`include%2Dtotal=`), so a name that needs encoding is written by our code.
      if (queryStyle === "form" && parameter.allowReserved !== true && /^\w+$/.test(name)) {
        query.push(`${name}${exploded ? "*" : ""}`);
        place(name, "query");
      } else {
        place(name, {
          style: queryStyle as QueryStyle,
          explode: exploded,
          allowReserved: parameter.allowReserved === true,
        });
      }
    } else if (location === "header") {
      if (!IGNORED_HEADERS.has(name.toLowerCase())) place(name.toLowerCase(), "header");
    } else if (location === "cookie") {
      place(name, "cookie");
    }
  }
  // A `{name}` of the path that no parameter declares is a simple one, as RFC 6570 reads it; only its varname may need encoding.
  url = url.replace(/\{([^{}+#./;?&,*:=!@|]+)\}/g, (whole, name: string) => {
    if (/^(\w|%[0-9A-F]{2})+$/.test(name)) return whole;
    place(name, "path");
    return `{${varname(name)}}`;
  });
  if (query.length > 0) url += `{${url.includes("?") ? "&" : "?"}${query.join(",")}}`;

  const entry: { url: string; parameters: Record<string, RouteParameter>; body?: RouteBody } = { url, parameters };
  const body = resolve(document, operation.requestBody, `${route}, requestBody`);
  const content = body === undefined ? undefined : resolve(document, body.content, `${route}, requestBody content`);
  if (content !== undefined) {
    const types = Object.keys(content);
    const type =
      types.find((name) => /^application\/(.+\+)?json(;|$)/i.test(name)) ??
      types.find((name) => name.toLowerCase().startsWith("application/x-www-form-urlencoded")) ??
      types.find((name) => name.toLowerCase().startsWith("multipart/form-data")) ??
      types[0];
    if (type !== undefined) {
      const media = resolve(document, content[type], `${route}, ${type}`) ?? {};
      for (const field of fieldNames(document, media.schema, route)) place(field, "body");
      const encoding = formEncoding(document, media.encoding, route);
      // A wildcard (`*/*`) names no content type to send: the body is JSON, as without a description.
      const sent = type.includes("*") ? "application/json" : type;
      entry.body = encoding === undefined ? { type: sent } : { type: sent, encoding };
    }
  }
  return entry;
}

/** The property names of an object schema, those of its `allOf`, `anyOf` and `oneOf` parts included; none for any other schema. */
function fieldNames(document: Node, schema: unknown, route: string): string[] {
  const names: string[] = [];
  // Each schema once, so parts that share a `$ref` cost nothing more (a description can be a DAG).
  const seen = new Set<unknown>();
  const pending = [schema];
  while (pending.length > 0) {
    const node = resolveSchema(document, pending.pop(), route);
    if (node === undefined || seen.has(node)) continue;
    seen.add(node);
    const { properties } = node;
    if (isPlainObject(properties)) for (const name of Object.keys(properties)) names.push(name);
    // The fields of any alternative are fields (a discriminated union of record types).
    for (const parts of [node.oneOf, node.anyOf, node.allOf]) {
      if (Array.isArray(parts)) for (let i = parts.length - 1; i >= 0; i--) pending.push(parts[i]);
    }
  }
  return names;
}

/** A schema with its `$ref`s followed; undefined for a boolean schema (OpenAPI 3.1's `true`), which has no fields. */
function resolveSchema(document: Node, schema: unknown, route: string): Node | undefined {
  return typeof schema === "boolean" ? undefined : resolve(document, schema, `${route}, a body schema`);
}

/** A form body's `encoding`: the fields written other than by the default (`form` with `explode`, an object as `deepObject`). */
function formEncoding(
  document: Node,
  encoding: unknown,
  route: string,
): Readonly<Record<string, BodyFieldEncoding>> | undefined {
  const node = resolve(document, encoding, `${route}, encoding`);
  if (node === undefined) return undefined;
  let fields: Record<string, BodyFieldEncoding> | undefined;
  for (const field of Object.keys(node)) {
    const value = resolve(document, node[field], `${route}, encoding of ${quote(field)}`);
    if (value === undefined || (value.style === undefined && value.explode === undefined)) continue;
    const style = value.style ?? "form";
    if (!QUERY_STYLES.has(style)) fail(route, `encodes body field ${quote(field)} by style ${quote(String(style))}`);
    const explode = typeof value.explode === "boolean" ? value.explode : style === "form";
    setOwn((fields ??= {}), field, {
      style: style as QueryStyle,
      explode,
      allowReserved: value.allowReserved === true,
    });
  }
  return fields;
}

/** A path's text outside `{…}` with the characters RFC 6570 literals may not hold percent-encoded (`/<upload_url>`). */
function literal(path: string): string {
  return path.replace(/\{[^{}]*\}|[\s"'<>\\^`|]/g, (match) => (match.length > 1 ? match : percentEncode(match)));
}

/** `value` with its `$ref` chain followed inside `document`; undefined for undefined. */
function resolve(document: Node, value: unknown, where: string): Node | undefined {
  const seen = new Set<string>();
  while (isPlainObject(value) && typeof value.$ref === "string") {
    const ref = value.$ref;
    if (seen.has(ref)) fail(where, `has a $ref cycle through ${quote(ref)}`);
    seen.add(ref);
    if (!ref.startsWith("#")) {
      fail(where, `has the $ref ${quote(ref)} to another document: bundle the description into one first`);
    }
    value = pointer(document, ref, where);
  }
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) fail(where, `is ${describe(value)}, not an object`);
  return value;
}

/** RFC 6901 JSON pointer in a URI fragment: `#/components/schemas/Pet`. */
function pointer(document: Node, ref: string, where: string): unknown {
  let node: unknown = document;
  for (const token of ref.slice(1).split("/").slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
    } catch {
      fail(where, `has the $ref ${quote(ref)}, whose percent-escapes are no UTF-8`);
    }
    node = isPlainObject(node) || Array.isArray(node) ? ownValue(node, key) : undefined;
    if (node === undefined) fail(where, `has the $ref ${quote(ref)}, which points at nothing`);
  }
  return node;
}

function fail(where: string, problem: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", `OpenAPI description: ${where} ${problem}`);
}
