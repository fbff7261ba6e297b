// An OpenAPI 3.0, 3.1 or 3.2 description compiled to a route table (docs/decisions.md, "Route tables").
import { kindOf, EndpointError, isRevoked, quote } from "../core/errors.js";
import type {
  BodyFieldEncoding,
  ContentEncoding,
  QueryStyle,
  RouteBody,
  RouteEntry,
  ParameterPlacement,
  RouteServer,
  RouteTable,
  SecurityScheme,
  SkippedOperation,
} from "../core/route-table.js";
import { TABLE } from "../core/route-table.js";
import { readSchemes } from "./security.js";
import { keepSource, type OperationSource } from "./sources.js";
import { pointerKey } from "./pointer.js";
import { checkedTable, QUERY_STYLES } from "./table.js";
import { parseTableTemplate } from "../template/template.js";
import { isSwagger, skippedInConversion, swaggerToOpenAPI } from "./swagger.js";
import { percentEncode, varname } from "./varname.js";
import { isPlainObject, ownValue, setOwn } from "../core/values.js";
import { isToken } from "../http/tokens.js";

type Node = Record<string, unknown>;

// `query` is OpenAPI 3.2's QUERY: safe, with a body.
/** Header parameters whose definition OpenAPI ignores: the request's own headers. */
const IGNORED_HEADERS: ReadonlySet<string> = /*#__PURE__*/ new Set(["accept", "content-type", "authorization"]);

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"] as const;

/** Path styles as RFC 6570 operators. */
const PATH_OPERATORS: Readonly<Record<string, string>> = { simple: "", label: ".", matrix: ";" };

/**
 * The route table of an OpenAPI 3.0, 3.1 or 3.2 description, or of a Swagger 2.0 one converted to 3.0, for
 * `withRoutes(routes)`: each operation's path and `form` query parameters compiled to one RFC 6570 template, and every
 * parameter and body field placed where it declares. An operation with a flaw of its own (a media type that is none, a
 * header named `""`) is left out, listed by `skippedOperations(routes)`; a call of it throws why.
 *
 * @param description - the parsed description (JSON or YAML), its `$ref`s pointing inside it (`#/components/…`);
 *   `fluent-endpoint openapi` bundles one of several files
 * @example
 * import { endpoint } from "fluent-endpoint";
 * import { openAPIRoutes } from "fluent-endpoint/openapi";
 * const api = endpoint.withRoutes(openAPIRoutes(description)); // servers: [{ url: "https://api.example.com" }]
 * api("GET /pets", { tags: ["dog", "cat"] }).url; // "https://api.example.com/pets?tags=dog&tags=cat"
 */
export function openAPIRoutes<Routes = unknown>(description: unknown): RouteTable<Routes> {
  const document = isSwagger(description) ? swaggerToOpenAPI(description) : description;
  // Each field of the description is read once into a local (docs/decisions.md, "What a table trusts").
  const version = isPlainObject(document) ? document.openapi : undefined;
  if (!isPlainObject(document) || typeof version !== "string" || !/^3\.[012]\./.test(version)) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `openAPIRoutes() needs an OpenAPI 3.0, 3.1 or 3.2 description or a Swagger 2.0 one, got ${describeVersion(document, version)}`,
    );
  }
  const context: Context = { document, refs: new Map(), fields: new Map(), shared: new Map() };
  const table: Record<string, RouteEntry> = {};
  // docs/decisions.md, "Tolerant compile": a flaw of one operation (or one path) leaves it out; what is the whole
  // description's (its version, `paths`, servers, security schemes, security) still refuses it.
  const skipped: SkippedOperation[] = [...skippedInConversion(document)];
  // `named`: the operationId of the operation being compiled, once it is read, so a call by name finds why.
  const tolerate = (route: string, compile: () => void, named?: () => unknown) => {
    try {
      compile();
    } catch (error) {
      if (!(error instanceof EndpointError)) throw error;
      const operationId = named?.();
      skipped.push({ route, message: error.message, ...(typeof operationId === "string" && { operationId }) });
    }
  };
  // docs/decisions.md, "A description's defaults": with no `servers`, the server is `/`.
  const server = firstServer(document.servers, "the description") ?? { url: "/" };
  const schemes = securitySchemes(context);
  requirements(document.security, schemes, "the description");
  const paths = resolve(context, document.paths, "paths") ?? {};
  // Kept by reference for argument schemas, read when first asked for: checks off, compiling costs nothing more.
  const operations = new Map<string, OperationSource>();
  for (const path of Object.keys(paths)) {
    // OAS Paths Object: a key starting `x-` is a Specification Extension, not a path.
    if (path.startsWith("x-")) continue;
    tolerate(path, () => compilePath(context, path, paths[path], server, schemes, table, operations, tolerate));
  }
  // Checked there, as every entry's; an entry it refuses is left out too.
  const api = { server: server as unknown as RouteServer, securitySchemes: schemes };
  const routes = checkedTable<Routes>(table, api, skipped);
  keepSource(routes[TABLE], { document, operations });
  return routes;
}

/** Adds the operations of the path item `value` at `path` to `table`, each compiled under `tolerate`. */
function compilePath(
  context: Context,
  path: string,
  value: unknown,
  server: Node,
  schemes: Readonly<Record<string, SecurityScheme>>,
  table: Record<string, RouteEntry>,
  operations: Map<string, OperationSource>,
  tolerate: (route: string, compile: () => void, named?: () => unknown) => void,
): void {
  const item = resolve(context, value, `path ${quote(path)}`);
  if (item === undefined) return;
  const { parameters: common, additionalOperations } = item;
  const pathServer = firstServer(item.servers, `path ${quote(path)}`);
  // An operation with what it says of its server, its responses' media types and its credentials.
  const add = (route: string, operation: Node) => {
    const entry = compileOperation(context, route, path, common, operation);
    operations.set(route, { common, operation });
    let own = firstServer(operation.servers, route) ?? pathServer;
    // A path or operation that repeats the description's server (Twilio's every path) needs no server of its own.
    if (own !== undefined && JSON.stringify(own) === JSON.stringify(server)) own = undefined;
    const accept = responseTypes(context, operation.responses, route);
    const security = requirements(operation.security ?? context.document.security, schemes, route);
    // What names and lists it (docs/decisions.md, "Operations by name"), checked as a table checks them.
    const { operationId, summary, tags, deprecated } = operation;
    setOwn(table, route, {
      ...entry,
      ...(own && { server: own }),
      ...(accept && { accept }),
      ...(security.length > 0 && { security }),
      ...(operationId !== undefined && { operationId }),
      // Documentation only: a summary, tags or deprecated mark of another type is left out, not refused.
      ...(typeof summary === "string" && { summary }),
      ...(Array.isArray(tags) && tags.every((tag) => typeof tag === "string") && { tags }),
      ...(typeof deprecated === "boolean" && { deprecated }),
    });
  };
  for (const method of METHODS) {
    const route = `${method.toUpperCase()} ${path}`;
    let operation: Node | undefined;
    tolerate(
      route,
      () => {
        operation = resolve(context, ownValue(item, method), route);
        if (operation !== undefined) add(route, operation);
      },
      () => operation?.operationId,
    );
  }
  // OpenAPI 3.2: other methods (`LINK`), keyed by the method as it is sent.
  const others = resolve(context, additionalOperations, `path ${quote(path)}, additionalOperations`) ?? {};
  for (const method of Object.keys(others)) {
    const route = `${method} ${path}`;
    let operation: Node | undefined;
    tolerate(
      route,
      () => {
        if (!isToken(method)) fail(route, "has an additional operation whose method is no HTTP token");
        if ((METHODS as readonly string[]).includes(method.toLowerCase())) {
          fail(route, `is an additional operation, which OpenAPI reserves to the ${method.toLowerCase()} field`);
        }
        operation = resolve(context, others[method], route);
        if (operation !== undefined) add(route, operation);
      },
      () => operation?.operationId,
    );
  }
}

/** `components.securitySchemes`, each `$ref` resolved and its fields checked. */
function securitySchemes(context: Context): Readonly<Record<string, SecurityScheme>> {
  const components = resolve(context, context.document.components, "components");
  const declared = resolve(context, components?.securitySchemes, "components.securitySchemes") ?? {};
  const resolved: Record<string, Node> = {};
  for (const name of Object.keys(declared)) {
    setOwn(resolved, name, resolve(context, declared[name], `security scheme ${quote(name)}`) ?? {});
  }
  return readSchemes("the description", resolved);
}

/**
 * An operation's security requirements that name schemes (an empty one asks for no credentials); one naming a scheme
 * the description does not declare can never be met, so it is left out.
 */
function requirements(security: unknown, schemes: Readonly<Record<string, unknown>>, route: string): string[][] {
  if (security === undefined) return [];
  if (!isList(security, route)) fail(route, "has security that is not a list");
  const lists: string[][] = [];
  for (const requirement of security) {
    if (!isPlainObject(requirement)) fail(route, `has a security requirement that is ${kindOf(requirement)}`);
    const names = Object.keys(requirement);
    if (names.length > 0 && names.every((name) => Object.hasOwn(schemes, name))) lists.push(names);
  }
  return lists;
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSENDABLE = /[,\0-\x1f\x7f]|\p{Cs}/u;

/** The first of a `servers` list, which the specification makes the default; undefined for none. */
function firstServer(servers: unknown, where: string): Node | undefined {
  if (servers === undefined) return undefined;
  if (!isList(servers, where)) fail(where, "has servers that are not a list");
  return servers.length === 0 ? undefined : (servers[0] as Node);
}

/**
 * The `accept` an operation's responses make: every media type they declare, JSON ones first, each once; undefined
 * when they declare none.
 */
function responseTypes(context: Context, responses: unknown, route: string): string | undefined {
  const all = resolve(context, responses, `${route}, responses`);
  if (all === undefined) return undefined;
  const types = new Map<string, string>();
  for (const status of Object.keys(all)) {
    if (status.startsWith("x-")) continue; // OAS Responses Object: a Specification Extension
    const response = resolve(context, all[status], `${route}, response ${quote(status)}`);
    const content =
      response === undefined
        ? undefined
        : resolve(context, response.content, `${route}, response ${quote(status)} content`);
    // A key that is no media type (a comma would split it, a control character break the header) is left out.
    for (const type of Object.keys(content ?? {})) if (!UNSENDABLE.test(type)) types.set(type.toLowerCase(), type);
  }
  const listed = [...types.values()];
  const json = listed.filter((type) => /^application\/(.+\+)?json(;|$)/i.test(type));
  const ordered = [...json, ...listed.filter((type) => !json.includes(type))];
  return ordered.length === 0 ? undefined : ordered.join(", ");
}

/** The version field a description that is not OpenAPI 3.0, 3.1 or Swagger 2.0 has, for a message. */
function describeVersion(document: unknown, version: unknown): string {
  if (!isPlainObject(document)) return kindOf(document);
  if (version !== undefined) return `openapi ${quote(String(version))}`;
  // Swagger 1.2 names its version `swaggerVersion`.
  for (const field of ["swagger", "swaggerVersion"]) {
    const value = ownValue(document, field);
    if (value !== undefined) return `${field} ${quote(String(value))}`;
  }
  return 'an object with neither "openapi" nor "swagger"';
}

/** What one compilation shares: each `$ref` resolved once, each schema's fields listed once and stored once. */
interface Context {
  readonly document: Node;
  /** A `$ref` and the node its chain ends at. */
  readonly refs: Map<string, Node | undefined>;
  /** A schema and its fields. */
  readonly fields: Map<Node, readonly string[]>;
  /** A list of fields as one frozen record of body placements, shared by the operations that declare nothing else. */
  readonly shared: Map<readonly string[], Readonly<Record<string, ParameterPlacement>>>;
}

/** A parameter's fields, read once. */
interface Parameter {
  readonly name: string;
  readonly location: string;
  readonly style: unknown;
  readonly explode: unknown;
  readonly allowReserved: unknown;
  /** The media type of a parameter described by `content` (its one key). */
  readonly contentType: string | undefined;
}

/** docs/decisions.md, "OpenAPI styles": a name declared in several locations is the first location's of these. */
const PRECEDENCE: readonly string[] = ["path", "query", "header", "cookie"];

function compileOperation(context: Context, route: string, path: string, common: unknown, operation: Node): RouteEntry {
  // Operation parameters replace path-item ones of the same name and location.
  const declared = new Map<string, Parameter>();
  for (const list of [common, operation.parameters]) {
    if (list === undefined) continue;
    if (!isList(list, route)) fail(route, "has parameters that are not a list");
    for (let index = 0, length = list.length; index < length; index++) {
      const parameter = resolve(context, list[index], `${route}, parameter ${index}`);
      const { name, in: location, style, explode, allowReserved, content } = parameter ?? {};
      if (typeof name !== "string" || typeof location !== "string") {
        fail(route, `has parameter ${index} without a name or location`);
      }
      const media = resolve(context, content, `${route}, parameter ${quote(name)} content`);
      const first = media === undefined ? undefined : Object.keys(media)[0];
      const contentType = first !== undefined && isMediaType(first) ? first : undefined;
      if (location === "querystring" && contentType === undefined) {
        fail(route, `has the querystring parameter ${quote(name)} without content, which OpenAPI 3.2 requires`);
      }
      declared.set(`${location} ${name}`, { name, location, style, explode, allowReserved, contentType });
    }
  }
  const ordered = [...declared.values()].sort(
    (a, b) => rank(a.location) - rank(b.location), // stable: declaration order within a location
  );

  const parameters: Record<string, ParameterPlacement> = {};
  const addParameter = (name: string, placement: ParameterPlacement) => {
    if (!Object.hasOwn(parameters, name)) setOwn(parameters, name, placement);
  };
  // A header under its lower-case name (a key matches it in any case), or under its own where a parameter of another
  // location has that name: OpenAPI names are case-sensitive, so `Secret` and `secret` are two (docs/decisions.md,
  // "OpenAPI styles"). The lower-case names of the headers and the names they were declared with.
  const headers = new Map<string, string>();
  const addHeader = (name: string, placement: ParameterPlacement) => {
    const lower = name.toLowerCase();
    if (headers.has(lower)) return; // a second header of one name
    headers.set(lower, name);
    addParameter(Object.hasOwn(parameters, lower) ? name : lower, placement);
  };
  // The path's text and its `{name}` placeholders, each replaced once: linear in the path and its parameters.
  const { parts, slots, fragment } = placeholders(path);
  const query: string[] = [];
  for (const { name, location, style, explode, allowReserved, contentType } of ordered) {
    const exploded = typeof explode === "boolean" ? explode : undefined;
    if (location === "path") {
      const operator =
        contentType !== undefined
          ? "" // its media type's text, encoded as `{x}` encodes it
          : typeof style === "string" || style === undefined
            ? pathOperator(style ?? "simple")
            : undefined;
      if (operator === undefined) fail(route, `has path parameter ${quote(name)} of style ${quote(String(style))}`);
      // A path parameter the path does not name (`petid` for `{petId}`) is left to the ordinary rules.
      const at = slots.get(name);
      // docs/decisions.md, "A path parameter after `#`": the fragment is never sent, so neither could its value be.
      if (at === undefined && fragment.includes(`{${name}}`)) {
        fail(route, `has path parameter ${quote(name)} in its path's #fragment, which is never sent`);
      }
      if (at === undefined || Object.hasOwn(parameters, name)) continue;
      const star = exploded === true && contentType === undefined ? "*" : "";
      for (const index of at) parts[index] = `{${operator}${varname(name)}${star}}`;
      addParameter(name, contentType === undefined ? "path" : { in: "path", contentType });
    } else if (slots.has(name) || Object.hasOwn(parameters, name)) {
      continue; // the path's, or a location's before this one
    } else if (contentType !== undefined) {
      // Parameter Object `content`: the value as its media type's text, under its own name.
      // A header OpenAPI ignores the definition of is the header as given (see below), not a media type's text.
      if (location === "header") {
        addHeader(name, IGNORED_HEADERS.has(name.toLowerCase()) ? "header" : { in: location, contentType });
      } else if (location === "query" || location === "querystring" || location === "cookie") {
        addParameter(name, { in: location, contentType });
      }
    } else if (location === "query") {
      const queryStyle = style ?? "form";
      if (!QUERY_STYLES.has(queryStyle))
        fail(route, `has query parameter ${quote(name)} of style ${quote(String(queryStyle))}`);
      // `form` explodes unless told otherwise; the other styles do not.
      const isExploded = exploded ?? queryStyle === "form";
      // RFC 6570 writes a varname as it is (`include%2Dtotal=`), so a name that needs encoding is written by our code.
      if (queryStyle === "form" && allowReserved !== true && /^\w+$/.test(name)) {
        query.push(`${name}${isExploded ? "*" : ""}`);
        addParameter(name, "query");
      } else {
        addParameter(name, {
          style: queryStyle as QueryStyle,
          explode: isExploded,
          allowReserved: allowReserved === true,
        });
      }
    } else if (location === "header") {
      // `simple` is the one style OpenAPI defines for a header: any other is read as it.
      // `Accept`, `Content-Type`, `Authorization`: OpenAPI ignores their definition, but a value given is still the
      // header (docs/decisions.md, "Credentials"), never a query parameter carrying a secret.
      addHeader(name, exploded === true ? { in: "header", explode: true } : "header");
    } else if (location === "cookie") {
      // `form` (any style but OpenAPI 3.2's `cookie`, which writes values as they are); both explode by default.
      const cookieStyle = style === "cookie" ? "cookie" : "form";
      addParameter(
        name,
        cookieStyle === "form" && exploded !== false
          ? "cookie"
          : { in: "cookie", style: cookieStyle, explode: exploded ?? true },
      );
    }
  }
  // A `{name}` of the path that no parameter declares is a simple one, named by all it holds (`{+x}` is `+x`, no operator).
  for (const [name, at] of slots) {
    if (Object.hasOwn(parameters, name) && parameters[name] === "path") continue;
    if (/^(\w|%[0-9A-F]{2})+$/.test(name)) continue;
    for (const index of at) parts[index] = `{${varname(name)}}`;
    addParameter(name, "path");
  }
  let url = parts.join("");
  if (query.length > 0) url += `{${url.includes("?") ? "&" : "?"}${query.join(",")}}`;
  try {
    parseTableTemplate(url);
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    fail(route, `has the path ${quote(path)}, which makes no url template (${error.message})`);
  }

  const entry: { url: string; parameters: Record<string, ParameterPlacement>; body?: RouteBody } = { url, parameters };
  const body = resolve(context, operation.requestBody, `${route}, requestBody`);
  const content = body === undefined ? undefined : resolve(context, body.content, `${route}, requestBody content`);
  if (content !== undefined) {
    const types = Object.keys(content);
    const type =
      types.find((name) => /^application\/(.+\+)?json(;|$)/i.test(name)) ??
      types.find((name) => name.toLowerCase().startsWith("application/x-www-form-urlencoded")) ??
      types.find((name) => name.toLowerCase().startsWith("multipart/form-data")) ??
      types[0];
    if (type !== undefined) {
      const media = resolve(context, content[type], `${route}, ${type}`) ?? {};
      const { schema, encoding: declaredEncoding } = media;
      const fields = fieldNames(context, schema, route);
      if (Object.keys(parameters).length === 0) entry.parameters = sharedFields(context, fields);
      else {
        for (const field of fields) {
          // A body field named as a header is in lower case is that field; the header keeps the name it was declared with.
          const header = headers.get(field);
          if (header !== undefined && header !== field && !Object.hasOwn(parameters, header)) {
            setOwn(parameters, header, parameters[field]!);
            delete parameters[field];
          }
          addParameter(field, "body");
        }
      }
      const encoding = formEncoding(context, declaredEncoding, route);
      const declaredBody: { -readonly [K in keyof RouteBody]: RouteBody[K] } = { type };
      if (encoding !== undefined) declaredBody.encoding = encoding;
      // docs/decisions.md, "OpenAPI request media types": the others, for a body the first does not fit.
      const alternatives = types.filter((name) => name !== type && isMediaType(name));
      if (alternatives.length > 0) declaredBody.alternatives = alternatives;
      if (isStringSchema(context, schema, route)) declaredBody.stringSchema = true;
      entry.body = declaredBody;
    }
  }
  return entry;
}

function rank(location: string): number {
  const index = PRECEDENCE.indexOf(location);
  return index === -1 ? PRECEDENCE.length : index;
}

/** A path style's RFC 6570 operator; undefined for any other name (`constructor` included). */
function pathOperator(style: string): string | undefined {
  return Object.hasOwn(PATH_OPERATORS, style) ? PATH_OPERATORS[style] : undefined;
}

/**
 * A path cut at its `#fragment` (outside `{…}`: it tells operations on one path apart and is never sent), as
 * literal text and `{…}` placeholders, with the parts each placeholder's name stands at, and the fragment cut off.
 */
function placeholders(path: string): { parts: string[]; slots: Map<string, number[]>; fragment: string } {
  const parts: string[] = [];
  const slots = new Map<string, number[]>();
  let text = "";
  let fragment = "";
  for (let i = 0; i < path.length; i++) {
    const character = path[i]!;
    const close = character === "{" ? path.indexOf("}", i + 1) : -1;
    const inner = close === -1 ? undefined : path.slice(i + 1, close);
    if (inner !== undefined && !inner.includes("{")) {
      parts.push(literal(text));
      text = "";
      const at = slots.get(inner);
      if (at === undefined) slots.set(inner, [parts.length]);
      else at.push(parts.length);
      parts.push(`{${inner}}`);
      i = close;
    } else if (character === "#") {
      fragment = path.slice(i);
      break;
    } else {
      text += character;
    }
  }
  parts.push(literal(text));
  return { parts, slots, fragment };
}

/** One frozen record of `fields` as body placements, made once for every operation that declares only them. */
function sharedFields(context: Context, fields: readonly string[]): Record<string, ParameterPlacement> {
  let record = context.shared.get(fields);
  if (record === undefined) {
    const placements: Record<string, ParameterPlacement> = {};
    for (const field of fields) if (!Object.hasOwn(placements, field)) setOwn(placements, field, "body");
    record = Object.freeze(placements);
    context.shared.set(fields, record);
  }
  return record as Record<string, ParameterPlacement>;
}

/** The property names of an object schema, those of its `allOf`, `anyOf` and `oneOf` parts included; none for any other schema. */
function fieldNames(context: Context, schema: unknown, route: string): readonly string[] {
  const root = resolveSchema(context, schema, route);
  if (root === undefined) return [];
  const known = context.fields.get(root);
  if (known !== undefined) return known; // a schema many operations share is walked once
  const names: string[] = [];
  // Each schema once, so parts that share a `$ref` cost nothing more (a description can be a DAG).
  const seen = new Set<unknown>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = resolveSchema(context, pending.pop(), route);
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
  context.fields.set(root, names);
  return names;
}

/** A schema with its `$ref`s followed; undefined for a boolean schema (OpenAPI 3.1's `true`), which has no fields. */
function resolveSchema(context: Context, schema: unknown, route: string): Node | undefined {
  return typeof schema === "boolean" ? undefined : resolve(context, schema, `${route}, a body schema`);
}

/** `type/subtype`, two tokens, then any parameters: one media type a table can send (`image/png, image/jpeg` is two). */
function isMediaType(text: string): boolean {
  const semicolon = text.indexOf(";");
  const [kind, subtype, ...rest] = (semicolon === -1 ? text : text.slice(0, semicolon)).trim().split("/");
  return isToken(kind ?? "") && isToken(subtype ?? "") && rest.length === 0 && !text.includes(",");
}

/** A schema whose `type` is `string` (or a list holding `string`): its JSON body is a JSON string. */
function isStringSchema(context: Context, schema: unknown, route: string): boolean {
  const { type } = resolveSchema(context, schema, route) ?? {};
  return type === "string" || (Array.isArray(type) && type.includes("string"));
}

/**
 * A form or multipart body's `encoding` (the Encoding Object): a field with `style`, `explode` or `allowReserved` is
 * written by that style; one with only a `contentType` as that media type; the others by the value's default type.
 */
function formEncoding(
  context: Context,
  encoding: unknown,
  route: string,
): Readonly<Record<string, BodyFieldEncoding | ContentEncoding>> | undefined {
  const node = resolve(context, encoding, `${route}, encoding`);
  if (node === undefined) return undefined;
  let fields: Record<string, BodyFieldEncoding | ContentEncoding> | undefined;
  for (const field of Object.keys(node)) {
    const value = resolve(context, node[field], `${route}, encoding of ${quote(field)}`);
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
    setOwn((fields ??= {}), field, {
      style: style as QueryStyle,
      explode,
      allowReserved: allowReserved === true,
    });
  }
  return fields;
}

/**
 * Text outside `{…}` with the characters no URI holds percent-encoded (`/<upload_url>`). RFC 3986 §2.2: a sub-delimiter
 * (`'` of OData's `/docs('{key}')` too, which RFC 6570 literals leave out) is sent as written, as a plain route's is.
 */
function literal(text: string): string {
  return text.replace(/[\s"<>\\^`|]/g, percentEncode);
}

/** `Array.isArray`, a revoked Proxy (on which it throws) being `ERR_INVALID_OPTIONS` naming `where`. */
function isList(value: unknown, where: string): value is unknown[] {
  if (isRevoked(value)) fail(where, "has a revoked Proxy, which cannot be read");
  return Array.isArray(value);
}

/** `value` with its `$ref` chain followed inside the description, each `$ref` once; undefined for undefined. */
function resolve(context: Context, value: unknown, where: string): Node | undefined {
  const chain = new Set<string>();
  for (;;) {
    const ref = isPlainObject(value) ? value.$ref : undefined;
    if (typeof ref !== "string") break;
    if (context.refs.has(ref)) {
      value = context.refs.get(ref);
      break;
    }
    if (chain.has(ref)) fail(where, `has a $ref cycle through ${quote(ref)}`);
    chain.add(ref);
    if (!ref.startsWith("#")) {
      fail(
        where,
        `has the $ref ${quote(ref)} to another document: bundle the description first (\`fluent-endpoint openapi\` bundles local files)`,
      );
    }
    value = pointer(context.document, ref, where);
  }
  if (value !== undefined && !isPlainObject(value)) fail(where, `is ${kindOf(value)}, not an object`);
  for (const ref of chain) context.refs.set(ref, value);
  return value;
}

/** RFC 6901 JSON pointer in a URI fragment: `#/components/schemas/Pet`; a plain-name anchor (`#pets`) points at nothing. */
function pointer(document: Node, ref: string, where: string): unknown {
  if (ref !== "#" && !ref.startsWith("#/")) fail(where, `has the $ref ${quote(ref)}, which points at nothing`);
  let node: unknown = document;
  for (const token of ref.slice(2).split("/")) {
    if (ref === "#") break;
    let key: string;
    try {
      key = pointerKey(token);
    } catch {
      fail(where, `has the $ref ${quote(ref)}, whose percent-escapes are no UTF-8`);
    }
    node = isPlainObject(node) || isList(node, where) ? ownValue(node, key) : undefined;
    if (node === undefined) fail(where, `has the $ref ${quote(ref)}, which points at nothing`);
  }
  return node;
}

function fail(where: string, problem: string): never {
  throw new EndpointError("ERR_INVALID_OPTIONS", `OpenAPI description: ${where} ${problem}`);
}
