// An operation's argument schema: one JSON Schema (2020-12) of the options object a call of it takes
// (docs/decisions.md, "Argument schemas").
import { EndpointError, quote } from "../core/errors.js";
import { type RouteEntry, type RouteTable, TABLE, type TableRuntime } from "../core/route-table.js";
import { isPlainObject, ownValue, setOwn } from "../core/values.js";
import { parseRoute } from "../http/route.js";
import { pointerKey, pointerTarget } from "./pointer.js";
import { openAPIRoutes } from "./routes.js";
import { copyData } from "./data.js";
import { apiOf, emptiesItsSegment } from "./table.js";
import { type DescriptionSource, endpointTable, type OperationSource, sourceOf } from "./sources.js";

type Node = Record<string, unknown>;
/** A JSON Schema: an object of keywords, or `true`/`false`. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** Where each argument of a call goes: a parameter's location, or `body` for `data`. */
export type ArgumentLocation = "path" | "query" | "querystring" | "header" | "cookie" | "body";

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
  /** The patterns refused as unsafe to run (docs/decisions.md, "Hostile schemas"). */
  readonly refused: readonly string[];
}

/** Header parameters whose definition OpenAPI says to ignore: the request's own headers. */
const IGNORED_HEADERS: ReadonlySet<string> = /*#__PURE__*/ new Set(["accept", "content-type", "authorization"]);
/** Nesting deeper than this (a schema inside a schema) is left unchecked: a bound, so no schema exhausts the stack. */
const MAX_DEPTH = 100;
/** Keywords whose value is one schema. */
const ONE = ["additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"];
const ONE_31 = ["unevaluatedProperties", "unevaluatedItems"];
/** Keywords whose value is a list of schemas. */
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords whose value is a record of schemas. */
const RECORDS = ["properties", "patternProperties", "dependentSchemas"];
/** Keywords kept as data (assertions and the annotations a form or a tool definition shows). */
const DATA = [
  "type",
  "enum",
  "const",
  "minimum",
  "maximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
  "dependentRequired",
  "format",
  "title",
  "description",
  "default",
  "examples",
  "readOnly",
  "writeOnly",
  "deprecated",
];

const cache = /*#__PURE__*/ new WeakMap<DescriptionSource, Map<string, OperationArguments>>();

/**
 * The argument schema of `entry` (a route of `runtime`'s table), built from the description on first use and kept;
 * undefined for a table with no description behind it.
 */
export function operationArguments(runtime: TableRuntime, entry: RouteEntry): OperationArguments | undefined {
  const route = routeOf(runtime, entry);
  if (route === undefined) return undefined;
  const source = sourceOf(runtime) ?? writtenSource(runtime);
  if (source === undefined) return undefined;
  let built = cache.get(source);
  if (built === undefined) cache.set(source, (built = new Map()));
  let found = built.get(route);
  if (found === undefined) {
    const operation = source.operations.get(route);
    if (operation === undefined) return undefined;
    found = buildArguments(source, route, entry, operation);
    built.set(route, found);
  }
  return found;
}

const written = /*#__PURE__*/ new WeakMap<TableRuntime, DescriptionSource | null>();
/** The stand-in documents of written argument schemas. */
const writtenDocuments = /*#__PURE__*/ new WeakSet<object>();

/**
 * The argument schemas a table from `routeTable()` carries (`fluent-endpoint openapi --check` writes them), read as
 * an OpenAPI 3.1 description would be: each one's parameters, body and `$defs` converted again, so a schema
 * written by hand is made as harmless as a description's (docs/decisions.md, "Hostile schemas").
 */
function writtenSource(runtime: TableRuntime): DescriptionSource | undefined {
  let source = written.get(runtime);
  if (source === undefined) {
    const schemas = apiOf(runtime).arguments;
    source = null;
    if (schemas !== undefined) {
      const operations = new Map<string, OperationSource>();
      for (const route of Object.keys(schemas))
        operations.set(route, { common: undefined, operation: { schema: schemas[route] } });
      const document = { openapi: "3.1.0" };
      writtenDocuments.add(document);
      source = { document, operations };
    }
    written.set(runtime, source);
  }
  return source ?? undefined;
}

const routes = /*#__PURE__*/ new WeakMap<TableRuntime, Map<RouteEntry, string>>();

/** The route `entry` has in `runtime`'s table (`"GET /pets/{petId}"`). */
function routeOf(runtime: TableRuntime, entry: RouteEntry): string | undefined {
  let names = routes.get(runtime);
  if (names === undefined) {
    names = new Map();
    for (const key of Object.keys(runtime.entries)) names.set(runtime.entries[key]!, key);
    routes.set(runtime, names);
  }
  return names.get(entry);
}

/**
 * The route of `key` in `runtime`'s table: `"METHOD /path"` (any case of a standard method), or an operationId, looked
 * up as `operation()` looks it up (docs/decisions.md, "Operations by name"); undefined for a route the table lacks.
 */
export function findRoute(runtime: TableRuntime, key: string): RouteEntry | undefined {
  let route: { method: string | undefined; url: string } | undefined;
  try {
    route = parseRoute(key);
  } catch {
    // No route string (`find pet by id`): a name.
  }
  const entry = route?.method === undefined ? undefined : runtime.route(route.method, route.url);
  if (entry !== undefined) return entry;
  let named: string;
  try {
    named = runtime.operation(key);
  } catch (error) {
    // A route the table lacks is told so by the caller; a name, as `operation()` tells it (the closest names).
    if (route?.method !== undefined) return undefined;
    throw error;
  }
  const { method, url } = parseRoute(named);
  return runtime.route(method!, url);
}

/** What one operation's conversion shares: its `$defs`, by the pointer each stands for, and the patterns it refused. */
interface Conversion {
  readonly document: Node;
  readonly is30: boolean;
  readonly names: Map<string, string>;
  readonly used: Set<string>;
  readonly defs: Record<string, JsonSchema>;
  readonly pending: [pointer: string, name: string][];
  readonly refused: string[];
}

function buildArguments(
  source: DescriptionSource,
  route: string,
  entry: RouteEntry,
  { common, operation }: OperationSource,
): OperationArguments {
  const { document } = source;
  const conversion: Conversion = {
    document: document as Node,
    is30: String(document.openapi).startsWith("3.0."),
    names: new Map(),
    used: new Set(),
    defs: {},
    pending: [],
    refused: [],
  };
  if (writtenDocuments.has(document)) return writtenArguments(conversion, route, entry, operation.schema);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const locations = new Map<string, ArgumentLocation>();
  // Operation parameters replace path-item ones of the same name and location, as the table compiled them.
  const declared = new Map<string, Node>();
  for (const list of [common, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const parameter = follow(conversion, item);
      if (parameter !== undefined) declared.set(`${String(parameter.in)} ${String(parameter.name)}`, parameter);
    }
  }
  for (const parameter of declared.values()) {
    const { name, in: location, required: isRequired, description, deprecated, schema, content } = parameter;
    if (typeof name !== "string" || typeof location !== "string") continue;
    const key = location === "header" ? name.toLowerCase() : name;
    if (location === "header" && IGNORED_HEADERS.has(key)) continue;
    // The table places a name declared in several locations in one of them: that one is the call's argument.
    const placement = ownValue(entry.parameters, key);
    const placed = typeof placement === "object" && placement !== null && "in" in placement ? placement.in : placement;
    const isPlaced = placed === location || (location === "query" && isPlainObject(placement) && !("in" in placement));
    if (!isPlaced || locations.has(key)) continue;
    const media = follow(conversion, content);
    const first = media === undefined ? undefined : Object.keys(media)[0];
    const declaredSchema = first === undefined ? schema : follow(conversion, media![first])?.schema;
    let converted = convert(conversion, declaredSchema ?? true, 0);
    if (typeof description === "string" || deprecated === true) {
      const annotated: Record<string, unknown> = typeof converted === "boolean" ? {} : { ...converted };
      if (typeof description === "string") annotated.description = description;
      if (deprecated === true) annotated.deprecated = true;
      converted = converted === false ? { ...annotated, not: true } : annotated;
    }
    // `""` for a path parameter alone in its segment is no value: the request would go to another url.
    // (A schema that takes no text, such as an integer's, refuses `""` already.)
    if (location === "path" && emptiesItsSegment(entry, key) && converted !== false) {
      const text = typeof converted === "boolean" ? {} : converted;
      const { type, minLength } = text;
      const takesText = type === undefined || type === "string" || (Array.isArray(type) && type.includes("string"));
      if (takesText && (typeof minLength !== "number" || minLength < 1)) converted = { ...text, minLength: 1 };
    }
    setOwn(properties, key, converted);
    locations.set(key, location as ArgumentLocation);
    // OpenAPI: a path parameter is always required.
    if (isRequired === true || location === "path") required.push(key);
  }
  const body = follow(conversion, operation.requestBody);
  const type = entry.body?.type;
  const bodyFields = Object.hasOwn(entry.parameters, "data");
  if (body !== undefined && type !== undefined && bodyFields) {
    const media = follow(conversion, follow(conversion, body.content)?.[type]);
    const converted = convert(conversion, follow(conversion, media?.schema) ?? true, 0);
    const fields = typeof converted === "object" && isPlainObject(converted.properties) ? converted.properties : {};
    for (const field of Object.keys(fields)) {
      if (locations.has(field)) continue;
      setOwn(properties, field, fields[field]);
      locations.set(field, "body");
    }
    if (body.required === true && typeof converted === "object" && Array.isArray(converted.required)) {
      for (const field of converted.required as string[]) if (locations.get(field) === "body") required.push(field);
    }
  } else if (body !== undefined && type !== undefined) {
    const media = follow(conversion, follow(conversion, body.content)?.[type]);
    let converted = convert(conversion, media?.schema ?? true, 0);
    if (typeof body.description === "string") {
      converted = { ...(typeof converted === "boolean" ? {} : converted), description: body.description };
    }
    setOwn(properties, "data", converted);
    locations.set("data", "body");
    if (body.required === true) required.push("data");
  }
  // Each `$ref` target once, from a queue: a chain of thousands of schemas needs no deeper stack.
  while (conversion.pending.length > 0) {
    const [pointer, name] = conversion.pending.shift()!;
    setOwn(conversion.defs, name, convert(conversion, target(conversion, pointer) ?? true, 0));
  }
  breakCycles(conversion.defs);
  const schema: Node = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: route,
  };
  const summary = operation.summary ?? operation.description;
  if (typeof summary === "string") schema.description = summary;
  schema.type = "object";
  schema.properties = properties;
  if (required.length > 0) schema.required = required;
  if (Object.keys(conversion.defs).length > 0) schema.$defs = conversion.defs;
  if (conversion.refused.length > 0) {
    schema.$comment = `patterns refused as unsafe to run, left unchecked: ${conversion.refused.map((pattern) => quote(pattern, 80)).join(", ")}`;
  }
  return { route, schema, locations, bodyFields, refused: conversion.refused };
}

/** An argument schema as a table carries it, converted again against itself (its `$defs`). */
function writtenArguments(
  conversion: Conversion,
  route: string,
  entry: RouteEntry,
  written: unknown,
): OperationArguments {
  const root = isPlainObject(written) ? written : {};
  const self: Conversion = { ...conversion, document: root };
  const properties: Record<string, JsonSchema> = {};
  const locations = new Map<string, ArgumentLocation>();
  const bodyFields = Object.hasOwn(entry.parameters, "data");
  const declared = isPlainObject(root.properties) ? root.properties : {};
  for (const name of Object.keys(declared)) {
    setOwn(properties, name, convert(self, declared[name], 0));
    const placement = ownValue(entry.parameters, name);
    const location = isPlainObject(placement) ? ("in" in placement ? placement.in : "query") : placement;
    locations.set(name, name === "data" && !bodyFields ? "body" : ((location ?? "body") as ArgumentLocation));
  }
  while (self.pending.length > 0) {
    const [pointer, name] = self.pending.shift()!;
    setOwn(self.defs, name, convert(self, target(self, pointer) ?? true, 0));
  }
  breakCycles(self.defs);
  const schema: Node = { $schema: "https://json-schema.org/draft/2020-12/schema", title: route };
  if (typeof root.description === "string") schema.description = root.description;
  schema.type = "object";
  schema.properties = properties;
  const required = Array.isArray(root.required) ? root.required.filter((name) => locations.has(name)) : [];
  if (required.length > 0) schema.required = required;
  if (Object.keys(self.defs).length > 0) schema.$defs = self.defs;
  if (self.refused.length > 0) {
    schema.$comment = `patterns refused as unsafe to run, left unchecked: ${self.refused.map((pattern) => quote(pattern, 80)).join(", ")}`;
  }
  return { route, schema, locations, bodyFields, refused: self.refused };
}

/** A description object with its `$ref` chain followed inside the document; undefined for anything else. */
function follow(conversion: Conversion, value: unknown): Node | undefined {
  const seen = new Set<string>();
  while (isPlainObject(value) && typeof value.$ref === "string") {
    if (seen.has(value.$ref)) return undefined;
    seen.add(value.$ref);
    value = target(conversion, value.$ref);
  }
  return isPlainObject(value) ? value : undefined;
}

/** The node a `#/…` JSON pointer names in the document; undefined for none. */
function target(conversion: Conversion, pointer: string): unknown {
  return pointerTarget(conversion.document, pointer);
}

/** `#/$defs/Name` for a `$ref` into the document, its target queued for conversion; undefined for one elsewhere. */
function defRef(conversion: Conversion, ref: string): string | undefined {
  if (!ref.startsWith("#/")) return undefined;
  let name = conversion.names.get(ref);
  if (name === undefined) {
    if (target(conversion, ref) === undefined) return undefined;
    let last: string;
    try {
      last = pointerKey(ref.slice(ref.lastIndexOf("/") + 1));
    } catch {
      return undefined;
    }
    name = last;
    for (let n = 2; conversion.used.has(name); n++) name = `${last}${n}`;
    conversion.names.set(ref, name);
    conversion.used.add(name);
    setOwn(conversion.defs, name, true); // reserved; converted from the queue
    conversion.pending.push([ref, name]);
  }
  return `#/$defs/${encodeToken(name)}`;
}

function encodeToken(name: string): string {
  return encodeURIComponent(name.replaceAll("~", "~0").replaceAll("/", "~1")).replaceAll("%7E", "~");
}

/**
 * A description's schema as JSON Schema 2020-12: OpenAPI 3.0's `nullable`, boolean `exclusiveMinimum` and
 * `$ref` (whose siblings 3.0 ignores) rewritten, `$ref`s pointing into `$defs`, a `readOnly` property never
 * required, a `discriminator` deciding its `oneOf`/`anyOf` branch, unsafe patterns refused.
 */
function convert(conversion: Conversion, value: unknown, depth: number): JsonSchema {
  if (typeof value === "boolean") return value;
  if (!isPlainObject(value) || depth > MAX_DEPTH) return true;
  const { is30 } = conversion;
  const out: Record<string, unknown> = {};
  const ref = value.$ref;
  if (typeof ref === "string") {
    const to = defRef(conversion, ref);
    if (to !== undefined) out.$ref = to;
    if (is30) return to === undefined ? true : out; // OpenAPI 3.0: a Reference Object's siblings are ignored
  }
  const next = depth + 1;
  for (const keyword of DATA) {
    const data = ownValue(value, keyword);
    if (data !== undefined) out[keyword] = copyData(data);
  }
  for (const keyword of is30 ? ONE : [...ONE, ...ONE_31]) {
    const schema = ownValue(value, keyword);
    if (schema !== undefined) out[keyword] = convert(conversion, schema, next);
  }
  const items = value.items;
  if (Array.isArray(items)) out.prefixItems = items.map((item) => convert(conversion, item, next));
  else if (items !== undefined) out.items = convert(conversion, items, next);
  for (const keyword of LISTS) {
    const list = ownValue(value, keyword);
    if (Array.isArray(list)) out[keyword] = list.map((item) => convert(conversion, item, next));
  }
  for (const keyword of RECORDS) {
    const record = ownValue(value, keyword);
    if (!isPlainObject(record)) continue;
    const converted: Record<string, JsonSchema> = {};
    for (const name of Object.keys(record)) {
      if (keyword === "patternProperties" && !isSafePattern(conversion, name)) continue;
      setOwn(converted, name, convert(conversion, record[name], next));
    }
    out[keyword] = converted;
  }
  const { pattern, required, nullable, exclusiveMinimum, exclusiveMaximum, discriminator } = value;
  if (typeof pattern === "string" && isSafePattern(conversion, pattern)) out.pattern = pattern;
  if (Array.isArray(required)) {
    // OpenAPI 3.0.3: a readOnly property's `required` applies to the response only.
    const names = required.filter(
      (name): name is string => typeof name === "string" && !isReadOnly(conversion, value.properties, name),
    );
    if (names.length > 0) out.required = names;
  }
  if (is30) {
    if (exclusiveMinimum === true && typeof value.minimum === "number") {
      out.exclusiveMinimum = value.minimum;
      delete out.minimum;
    }
    if (exclusiveMaximum === true && typeof value.maximum === "number") {
      out.exclusiveMaximum = value.maximum;
      delete out.maximum;
    }
    if (nullable === true) {
      if (typeof out.type === "string") out.type = [out.type, "null"];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    }
  } else {
    if (typeof exclusiveMinimum === "number") out.exclusiveMinimum = exclusiveMinimum;
    if (typeof exclusiveMaximum === "number") out.exclusiveMaximum = exclusiveMaximum;
  }
  if (isPlainObject(discriminator)) decideBranch(conversion, value, discriminator, out);
  return out;
}

/** Whether `name` of `properties` is a `readOnly` property (through its `$ref`s). */
function isReadOnly(conversion: Conversion, properties: unknown, name: string): boolean {
  if (!isPlainObject(properties)) return false;
  return follow(conversion, ownValue(properties, name))?.readOnly === true;
}

/**
 * A `discriminator` decides the branch: its property must hold one of its values, and the branch that value maps to
 * is the one checked (`if`/`then` for each), so a problem names the branch's own keyword, not "matches none".
 * A branch with no `$ref` has no name to map: the `oneOf`/`anyOf` then stays as written.
 */
function decideBranch(conversion: Conversion, schema: Node, discriminator: Node, out: Record<string, unknown>): void {
  const { propertyName, mapping } = discriminator;
  const keyword = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : undefined;
  if (typeof propertyName !== "string" || keyword === undefined) return;
  const branches = schema[keyword] as unknown[];
  const byValue = new Map<string, string>();
  if (isPlainObject(mapping)) {
    for (const value of Object.keys(mapping)) {
      const to = mapping[value];
      if (typeof to === "string") byValue.set(value, to.includes("/") ? to : `#/components/schemas/${to}`);
    }
  }
  const mapped = new Set(byValue.values());
  for (const branch of branches) {
    const ref = isPlainObject(branch) ? branch.$ref : undefined;
    if (typeof ref !== "string") return;
    const implicit = ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined;
    if (mapped.has(ref) || implicit === undefined || implicit.includes("/")) continue;
    try {
      byValue.set(pointerKey(implicit), ref);
    } catch {
      return; // escapes that are no UTF-8 name no schema: the alternatives stay as written
    }
  }
  const decisions: unknown[] = [
    { required: [propertyName], properties: { [propertyName]: { enum: [...byValue.keys()] } } },
  ];
  for (const [value, ref] of byValue) {
    const to = defRef(conversion, ref);
    if (to === undefined) return;
    decisions.push({
      if: { properties: { [propertyName]: { const: value } }, required: [propertyName] },
      then: { $ref: to },
    });
  }
  delete out[keyword];
  out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), ...decisions];
  out.discriminator = { propertyName };
}

/**
 * Whether a pattern is safe to run on a caller's value: a valid `u`-flag regular expression without a quantified
 * group that holds a quantifier (`^(a+)+$`) or a backreference, the shapes that backtrack exponentially
 * (docs/decisions.md, "Hostile schemas"). An unsafe one is refused: left out of the schema and named in `refused`.
 */
function isSafePattern(conversion: Conversion, pattern: string): boolean {
  let safe = pattern.length <= 1000 && !/\\[1-9]|\\k</.test(pattern);
  if (safe) {
    try {
      new RegExp(pattern, "u");
      safe = !hasNestedQuantifier(pattern);
    } catch {
      safe = false;
    }
  }
  if (!safe) conversion.refused.push(pattern);
  return safe;
}

/**
 * A repeated group (`+`, `*`, `{n,m}`) that holds a quantifier or an alternation (`(a+)+`, `(a|aa)*`, `(\\w|\\d)+`):
 * the shapes that backtrack exponentially. A safe one such as `(foo|bar)+` is refused too, as telling them apart takes
 * more than a scan (docs/decisions.md, "Hostile schemas").
 */
function hasNestedQuantifier(pattern: string): boolean {
  const groups: boolean[] = []; // for each open group: whether it holds a quantifier
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const character = pattern[i]!;
    if (character === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (character === "]") inClass = false;
      continue;
    }
    if (character === "[") inClass = true;
    else if (character === "(") groups.push(false);
    else if (character === "|" && groups.length > 0) groups[groups.length - 1] = true;
    else if (character === ")") {
      const held = groups.pop() ?? false;
      const repeated = isRepeat(pattern, i + 1);
      if (held && repeated) return true;
      if ((held || repeated) && groups.length > 0) groups[groups.length - 1] = true;
    } else if (isRepeat(pattern, i) && groups.length > 0) {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** Whether `pattern` repeats what precedes `index`: `*`, `+`, or a `{n,}`/`{n,m}` with m over 1. */
function isRepeat(pattern: string, index: number): boolean {
  const character = pattern[index];
  if (character === "*" || character === "+") return true;
  if (character !== "{") return false;
  const bound = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index, index + 24));
  return bound !== null && bound[2] !== undefined && (bound[3] === "" || Number(bound[3]) > 1);
}

/**
 * A `$ref` cycle that consumes no data (`A: { allOf: [{ $ref: B }] }`, `B: { $ref: A }`) would recurse for ever in
 * any validator: each such `$ref` that closes a cycle is dropped, which asserts nothing the cycle could.
 */
function breakCycles(defs: Record<string, JsonSchema>): void {
  const edges = new Map<string, Record<string, unknown>[]>();
  for (const name of Object.keys(defs)) edges.set(name, inPlaceRefs(defs[name]!));
  const state = new Map<string, 1 | 2>(); // 1: on the path, 2: done
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: [name: string, index: number][] = [[start, 0]];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const holders = edges.get(top[0]) ?? [];
      if (top[1] >= holders.length) {
        state.set(top[0], 2);
        stack.pop();
        continue;
      }
      const holder = holders[top[1]++]!;
      const to = defName(holder.$ref as string);
      if (to === undefined || !edges.has(to)) continue;
      const seen = state.get(to);
      if (seen === 1) delete holder.$ref;
      else if (seen === undefined) {
        state.set(to, 1);
        stack.push([to, 0]);
      }
    }
  }
}

/** The schemas of `schema` that hold a `$ref` checked against the same value (not a property's or an item's). */
function inPlaceRefs(schema: JsonSchema): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObject(node)) continue;
    if (typeof node.$ref === "string") found.push(node);
    for (const keyword of ["not", "if", "then", "else"]) pending.push(node[keyword]);
    for (const keyword of ["allOf", "anyOf", "oneOf"]) {
      const list = node[keyword];
      if (Array.isArray(list)) pending.push(...list);
    }
  }
  return found;
}

function defName(ref: string): string | undefined {
  if (!ref.startsWith("#/$defs/")) return undefined;
  return pointerKey(ref.slice("#/$defs/".length));
}

/**
 * The argument schema of one operation: a JSON Schema (2020-12) of the options object a call takes, its parameters
 * by name (a header's lower case; `Accept`, `Content-Type` and `Authorization`, whose definition OpenAPI ignores, left
 * out) and the body as `data`, with `required`, the description's `description` texts, and exactly the rules
 * `openAPIEndpoint(…, { check: true })` enforces (a path, query, header or cookie value may also be given as text
 * that reads as its number or boolean; `format` is an annotation). A fresh object each call.
 *
 * @param api - an endpoint `openAPIEndpoint()` made, a table from `openAPIRoutes()` or `routeTable()`, or a
 *   description (compiled for the call)
 * @param key - `"METHOD /path"` or an operationId
 * @example
 * import { argumentSchema } from "fluent-endpoint/openapi";
 * const tool = { name: "getPet", parameters: argumentSchema(routes, "getPet") };
 * // { type: "object", properties: { petId: { type: "integer" } }, required: ["petId"], … }
 */
export function argumentSchema(api: unknown, key: string): Record<string, unknown> {
  const made = endpointTable(api) as RouteTable | undefined;
  const table = made ?? (isPlainObject(api) && TABLE in api ? (api as unknown as RouteTable) : openAPIRoutes(api));
  const runtime = table[TABLE];
  const name = "argumentSchema()";
  const entry = findRoute(runtime, key);
  if (entry === undefined) {
    // As `operation()` tells a name it lacks (docs/decisions.md, "Operations by name").
    throw new EndpointError("ERR_INVALID_ROUTE", `${name}: the table has no route or operationId ${quote(key)}`);
  }
  const found = operationArguments(runtime, entry);
  if (found === undefined) {
    throw new EndpointError(
      "ERR_INVALID_OPTIONS",
      `${name}: ${quote(key)} has no argument schema (a table made by routeTable() without one)`,
    );
  }
  return structuredClone(found.schema);
}
