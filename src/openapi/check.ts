// Argument checks: a call's arguments validated against its operation's argument schema before anything is built
// (docs/decisions.md, "Argument checks"), by @cfworker/json-schema, which interprets a schema (no eval, no new Function).
import { Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { EndpointError, quote, shorten } from "../core/errors.js";
import { type CallArguments, type RouteEntry, type TableRuntime, placementOf } from "../core/route-table.js";
import { isPlainObject, ownValue } from "../core/values.js";
import { type ArgumentLocation, type OperationArguments, operationArguments } from "./arguments.js";
import type { ArgumentCheck } from "./table.js";

/**
 * One problem of a call's arguments, as `EndpointError`'s `problems` list them (code `ERR_INVALID_ARGUMENTS`).
 *
 * @example
 * const problem: ArgumentProblem = { in: "query", name: "state", keyword: "enum", message: 'query parameter "state": "opne" is not one of "open", "closed"' };
 */
export interface ArgumentProblem {
  /** Where the argument goes. */
  readonly in: ArgumentLocation;
  /** The parameter's name, or a JSON pointer into the body (`/owner/login`; `""` for the body itself). */
  readonly name: string;
  /** The schema keyword the value breaks, or `"required"`. */
  readonly keyword: string;
  /** The problem in the description's words; never a credential's, a password's, a header's or a cookie's value. */
  readonly message: string;
}

/** An operation's compiled checks. */
interface Compiled {
  readonly operation: OperationArguments;
  /** Stops at the first problem: a call that passes, the usual case, costs the least. */
  readonly validator: Validator;
  /** Lists every problem, made on the first call that fails. */
  full?: Validator;
  /** Each top-level argument whose schema is a plain scalar one, as a predicate (see {@link scalarCheck}). */
  readonly scalars: ReadonlyMap<string, (value: unknown) => boolean>;
  readonly required: readonly string[];
  /** The parameters whose text reads as their declared number, integer or boolean (a list's items too). */
  readonly coercions: ReadonlyMap<string, Coercion>;
  /** The schema the validator runs (`format` left out: an annotation in 2020-12), for the messages' words. */
  readonly schema: Record<string, unknown>;
}

/** Beyond this nesting a value is not checked: the validator recurses as deep as the value (docs/decisions.md, "Argument checks"). */
const MAX_VALUE_DEPTH = 64;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The check of calls to `runtime`'s routes, each operation's compiled on its first checked call. */
export function argumentCheck(runtime: () => TableRuntime, secrets: ReadonlySet<string>): ArgumentCheck {
  const compiled = new WeakMap<RouteEntry, Compiled | null>();
  return (entry, params, call) => {
    let checks = compiled.get(entry);
    if (checks === undefined) {
      const operation = operationArguments(runtime(), entry);
      checks = operation === undefined ? null : compile(operation);
      compiled.set(entry, checks);
    }
    if (checks !== null) checkCall(checks, entry, params, call, secrets);
  };
}

function compile(operation: OperationArguments): Compiled {
  // docs/decisions.md, "Hostile schemas": a refused pattern is said once, when the operation's checks are compiled.
  const { $comment } = operation.schema;
  if (typeof $comment === "string") console.warn(`fluent-endpoint: ${operation.route}: ${$comment}`);
  const schema = withoutFormat(structuredClone(operation.schema)) as Record<string, unknown>;
  // The validator keeps its own copy: it marks the schemas it dereferences.
  const scalars = new Map<string, (value: unknown) => boolean>();
  const coercions = new Map<string, Coercion>();
  const properties = schema.properties as Record<string, unknown>;
  for (const name of Object.keys(properties)) {
    const predicate = scalarCheck(properties[name]);
    if (predicate !== undefined) scalars.set(name, predicate);
    const coerce = operation.locations.get(name) === "body" ? undefined : coercion(properties[name], schema);
    if (coerce !== undefined) coercions.set(name, coerce);
  }
  return {
    operation,
    schema,
    scalars,
    coercions,
    required: (schema.required as string[] | undefined) ?? [],
    validator: new Validator(structuredClone(schema) as Schema, "2020-12", true),
  };
}

/** The keywords a scalar schema's predicate decides; a schema with any other is left to the validator. */
const SCALAR_KEYWORDS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  "type",
  "enum",
  "const",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);
const SCALAR_TYPES: ReadonlySet<unknown> = /*#__PURE__*/ new Set(["string", "number", "integer", "boolean", "null"]);

/**
 * A predicate for a plain scalar schema (`{ type: "integer", minimum: 1 }`, an `enum` of text): the common
 * parameter, decided without the validator's walk. It only ever answers for a valid value: a call it fails is
 * validated again by the validator, whose problems are what is reported, so the two can never disagree on a
 * refusal. Undefined for any other schema.
 */
function scalarCheck(schema: unknown): ((value: unknown) => boolean) | undefined {
  if (schema === true) return () => true;
  if (!isPlainObject(schema) || !Object.keys(schema).every((keyword) => SCALAR_KEYWORDS.has(keyword))) return undefined;
  const { type, enum: values, const: constant, minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  const { minLength, maxLength, pattern } = schema;
  const types = type === undefined ? undefined : Array.isArray(type) ? type : [type];
  if (types !== undefined && !types.every((each) => SCALAR_TYPES.has(each))) return undefined;
  if (
    values !== undefined &&
    !(Array.isArray(values) && values.every((each) => each === null || typeof each !== "object"))
  ) {
    return undefined;
  }
  if ("const" in schema && constant !== null && typeof constant === "object") return undefined;
  const allowed = values === undefined ? undefined : new Set(values);
  const regex = typeof pattern === "string" ? new RegExp(pattern, "u") : undefined;
  const number = (bound: unknown) => (typeof bound === "number" ? bound : undefined);
  const [min, max, above, below] = [minimum, maximum, exclusiveMinimum, exclusiveMaximum].map(number);
  const [shortest, longest] = [minLength, maxLength].map(number);
  return (value) => {
    if (types !== undefined && !types.some((each) => isOfType(value, each))) return false;
    if (allowed !== undefined && !allowed.has(value)) return false;
    if ("const" in schema && value !== constant) return false;
    if (typeof value === "number") {
      if ((min !== undefined && value < min) || (max !== undefined && value > max)) return false;
      if ((above !== undefined && value <= above) || (below !== undefined && value >= below)) return false;
    } else if (typeof value === "string") {
      // JSON Schema counts code points; a UTF-16 length within both bounds is within them when it holds no pair.
      const length = /[\uD800-\uDFFF]/.test(value) ? [...value].length : value.length;
      if ((shortest !== undefined && length < shortest) || (longest !== undefined && length > longest)) return false;
      if (regex !== undefined && !regex.test(value)) return false;
    }
    return true;
  };
}

function isOfType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

function checkCall(
  compiled: Compiled,
  entry: RouteEntry,
  params: Readonly<Record<string, unknown>>,
  call: CallArguments | undefined,
  secrets: ReadonlySet<string>,
): void {
  const { operation, validator, schema } = compiled;
  const { locations, route } = operation;
  const instance: Record<string, unknown> = {};
  let fields: Record<string, unknown> | undefined;
  // GET and HEAD send leftover parameters in the query string; other methods in the body.
  const method = route.slice(0, route.indexOf(" ")).toUpperCase();
  const bodyOfLeftovers = method !== "GET" && method !== "HEAD";
  let checkable = true;
  for (const name of Object.keys(params)) {
    const value = params[name];
    if (value === undefined) continue;
    const placement = placementOf(entry, name);
    if (placement === "body" || (placement === undefined && bodyOfLeftovers)) {
      (fields ??= {})[name] = value;
      continue;
    }
    const key = placement === undefined ? name : locations.has(name) ? name : name.toLowerCase();
    const location = locations.get(key);
    if (location === undefined) continue;
    const read = typeof value === "string" || typeof value === "boolean" ? value : asInstance(value);
    if (read === UNCHECKABLE) continue;
    const coerce = compiled.coercions.get(key);
    instance[key] = coerce === undefined ? read : coerce(read);
  }
  // A header parameter given in `headers` is the same argument.
  for (const [key, location] of locations) {
    if (location !== "header" || Object.hasOwn(instance, key)) continue;
    const value = call === undefined ? undefined : ownValue(call.headers, key);
    if (value !== undefined && value !== null) instance[key] = (compiled.coercions.get(key) ?? String)(String(value));
  }
  if (operation.bodyFields && fields !== undefined) {
    const read = asInstance(fields);
    if (read === UNCHECKABLE) checkable = false;
    else Object.assign(instance, read);
  } else if (locations.has("data")) {
    const body = call?.data !== undefined ? call.data.value : fields;
    if (body !== undefined) {
      const read = asInstance(body);
      // A body of bytes, a Blob, a FormData… is not JSON the schema could describe: it is not checked.
      if (read === UNCHECKABLE) checkable = false;
      else instance.data = read;
    }
  }
  if (passes(compiled, instance) || validator.validate(instance).valid) return;
  compiled.full ??= new Validator(structuredClone(schema) as Schema, "2020-12", false);
  const { errors } = compiled.full.validate(instance);
  const problems = problemsOf(errors, instance, schema, operation, locations, secrets).filter(
    (problem) => checkable || problem.in !== "body",
  );
  if (problems.length === 0) return;
  const count = problems.length === 1 ? "" : `${problems.length} problems: `;
  const error = new EndpointError(
    "ERR_INVALID_ARGUMENTS",
    `${route}: ${count}${problems.map((problem) => problem.message).join("; ")}`,
  );
  Object.defineProperty(error, "problems", { value: Object.freeze(problems), enumerable: true });
  throw error;
}

/** Whether every argument given is a scalar one its predicate takes and every required one is given. */
function passes({ scalars, required }: Compiled, instance: Record<string, unknown>): boolean {
  for (const name of required) if (!Object.hasOwn(instance, name)) return false;
  for (const name of Object.keys(instance)) if (!scalars.get(name)?.(instance[name])) return false;
  return true;
}

const UNCHECKABLE = Symbol("uncheckable");

/** A value as JSON data a schema describes: a Date as its ISO text (as it is sent), `undefined` fields left out. */
function asInstance(value: unknown): unknown {
  const seen = new Set<object>();
  const read = (item: unknown, depth: number): unknown => {
    if (item === null || typeof item === "string" || typeof item === "boolean") return item;
    if (typeof item === "number") return Number.isFinite(item) ? item : UNCHECKABLE;
    if (item instanceof Date) return Number.isNaN(item.getTime()) ? UNCHECKABLE : item.toISOString();
    if (typeof item !== "object" || depth > MAX_VALUE_DEPTH || seen.has(item)) return UNCHECKABLE;
    if (!Array.isArray(item) && !isPlainObject(item)) return UNCHECKABLE;
    seen.add(item);
    let copy: unknown;
    if (Array.isArray(item)) {
      const list: unknown[] = [];
      for (const member of item) {
        const read_ = member === undefined ? null : read(member, depth + 1);
        if (read_ === UNCHECKABLE) return UNCHECKABLE;
        list.push(read_);
      }
      copy = list;
    } else {
      const object: Record<string, unknown> = {};
      for (const key of Object.keys(item)) {
        const member = (item as Record<string, unknown>)[key];
        if (member === undefined) continue;
        const read_ = read(member, depth + 1);
        if (read_ === UNCHECKABLE) return UNCHECKABLE;
        Object.defineProperty(object, key, { value: read_, enumerable: true, writable: true, configurable: true });
      }
      copy = object;
    }
    seen.delete(item);
    return copy;
  };
  return read(value, 0);
}

/**
 * A parameter's text read as its declared number, integer or boolean (it travels as text: values from forms and
 * urls are strings); a list's items too. Anything else as it is.
 */
function coercion(schema: unknown, root: Record<string, unknown>, depth = 0): Coercion | undefined {
  schema = follow(root, schema);
  if (!isPlainObject(schema) || depth > 1) return undefined;
  const types = typesOf(schema);
  if (types.includes("array")) {
    const items = coercion(schema.items, root, depth + 1);
    return items === undefined ? undefined : (value) => (Array.isArray(value) ? value.map(items) : value);
  }
  if (types.includes("string")) return undefined;
  const numeric = types.includes("number") || types.includes("integer");
  const boolean = types.includes("boolean");
  if (!numeric && !boolean) return undefined;
  return (value) => {
    if (typeof value !== "string") return value;
    if (numeric && NUMBER.test(value)) return Number(value);
    if (boolean && (value === "true" || value === "false")) return value === "true";
    return value;
  };
}

type Coercion = (value: unknown) => unknown;

function typesOf(schema: Record<string, unknown>): unknown[] {
  const { type } = schema;
  return Array.isArray(type) ? type : [type];
}

/** A schema with its `$ref` chain into the root's `$defs` followed. */
function follow(root: Record<string, unknown>, schema: unknown): unknown {
  for (let hops = 0; isPlainObject(schema) && typeof schema.$ref === "string" && hops < 100; hops++) {
    schema = at(root, schema.$ref.slice(1));
  }
  return schema;
}

/** The node a JSON pointer names, `$ref`s on the way followed (as a validator's keyword locations pass through them). */
function at(root: Record<string, unknown>, pointer: string): unknown {
  let node: unknown = root;
  if (pointer === "") return node;
  for (const token of pointer.slice(1).split("/")) {
    const key = decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
    if (key === "$ref" && isPlainObject(node) && typeof node.$ref === "string") {
      node = at(root, node.$ref.slice(1));
      continue;
    }
    node = isPlainObject(node) || Array.isArray(node) ? ownValue(node, key) : undefined;
  }
  return node;
}

/** Keywords a validator reports as its branches' results, not as problems of their own. */
const CONTAINERS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  "properties",
  "patternProperties",
  "items",
  "prefixItems",
  "allOf",
  "$ref",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "false",
  "additionalItems",
]);

function problemsOf(
  errors: readonly OutputUnit[],
  instance: Record<string, unknown>,
  schema: Record<string, unknown>,
  { schema: annotated, bodyFields }: OperationArguments,
  locations: ReadonlyMap<string, ArgumentLocation>,
  secrets: ReadonlySet<string>,
): ArgumentProblem[] {
  const problems: ArgumentProblem[] = [];
  const seen = new Set<string>();
  // An alternative none of whose branches matched is the problem: its branches' own failures are not.
  const alternatives = errors
    .filter(({ keyword }) => keyword === "anyOf" || keyword === "oneOf" || keyword === "not")
    .map(({ keywordLocation }) => `${keywordLocation}/`);
  for (const { keyword, keywordLocation, instanceLocation, error } of errors) {
    if (CONTAINERS.has(keyword)) continue;
    if (alternatives.some((prefix) => keywordLocation.startsWith(prefix))) continue;
    const where = keywordLocation.slice(1).replace(/\/[^/]*$/, "");
    const node = at(schema, where) as Record<string, unknown> | undefined;
    // The schema as described, `format` included, tells a password.
    const password = (at(annotated, where) as Record<string, unknown> | undefined)?.format === "password";
    const path = instanceLocation.slice(1).split("/").slice(1).map(decodeToken);
    const names =
      keyword === "required"
        ? ((node?.required as string[] | undefined) ?? []).filter((name) => !hasKey(valueAt(instance, path), name))
        : keyword === "additionalProperties"
          ? [/"([^"]*)"/.exec(error)?.[1] ?? ""]
          : [undefined];
    for (const extra of names) {
      const full = extra === undefined || keyword === "additionalProperties" ? path : [...path, extra];
      const problem = describe(keyword, node, password, full, extra, instance, locations, secrets, bodyFields);
      const id = `${problem.in} ${problem.name} ${problem.keyword}`;
      if (!seen.has(id)) problems.push(problem);
      seen.add(id);
    }
  }
  return problems;
}

function decodeToken(token: string): string {
  return decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
}

function hasKey(value: unknown, name: string): boolean {
  return isPlainObject(value) && Object.hasOwn(value, name);
}

function valueAt(instance: unknown, path: readonly string[]): unknown {
  let node = instance;
  for (const key of path) node = isPlainObject(node) || Array.isArray(node) ? ownValue(node, key) : undefined;
  return node;
}

function describe(
  keyword: string,
  node: Record<string, unknown> | undefined,
  password: boolean,
  path: readonly string[],
  extra: string | undefined,
  instance: Record<string, unknown>,
  locations: ReadonlyMap<string, ArgumentLocation>,
  secrets: ReadonlySet<string>,
  bodyFields: boolean,
): ArgumentProblem {
  const [top = "", ...rest] = path;
  const location = locations.get(top) ?? "body";
  const isBody = location === "body";
  const pointer = bodyFields ? path : rest;
  const name = isBody ? pointer.map((key) => `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("") : top;
  const subject = isBody
    ? name === ""
      ? "the body"
      : `body field ${shorten(name, 80)}`
    : `${location === "querystring" ? "query string" : location} parameter ${quote(name)}`;
  if (keyword === "required") {
    if (extra === undefined) extra = "";
    return { in: location, name, keyword, message: `${subject} is required` };
  }
  const value = valueAt(instance, path);
  // docs/decisions.md, "Argument checks": no header, cookie, credential or password value is ever repeated.
  const hidden =
    location === "header" ||
    location === "cookie" ||
    secrets.has(`${location} ${name}`) ||
    password ||
    node?.writeOnly === true;
  const shown = hidden ? `the ${kindOf(value)} given` : shortValue(value);
  const words = wordsFor(keyword, node, shown, extra);
  return { in: location, name, keyword, message: `${subject}: ${words}` };
}

function kindOf(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "list" : typeof value === "object" ? "object" : typeof value;
}

function shortValue(value: unknown): string {
  if (typeof value === "string") return quote(value, 40);
  if (typeof value === "object" && value !== null)
    return kindOf(value) === "list" ? "the list given" : "the object given";
  return String(value);
}

/** The list of an `enum`, its first values shown. */
function listed(values: unknown): string {
  if (!Array.isArray(values)) return "";
  const shown = values.slice(0, 10).map((item) => (typeof item === "string" ? quote(item, 40) : JSON.stringify(item)));
  return values.length > 10 ? `${shown.join(", ")}, … (${values.length} values)` : shown.join(", ");
}

function wordsFor(
  keyword: string,
  node: Record<string, unknown> | undefined,
  shown: string,
  extra: string | undefined,
): string {
  const bound = node?.[keyword];
  switch (keyword) {
    case "type": {
      const types = Array.isArray(bound) ? bound.join(" or ") : String(bound);
      return `${shown} is not ${/^[aeiou]/.test(types) ? "an" : "a"} ${types}`;
    }
    case "enum":
      return `${shown} is not one of ${listed(bound)}`;
    case "const":
      return `${shown} is not ${JSON.stringify(bound)}`;
    case "minimum":
      return `${shown} is less than its minimum ${String(bound)}`;
    case "maximum":
      return `${shown} is more than its maximum ${String(bound)}`;
    case "exclusiveMinimum":
      return `${shown} is not more than ${String(bound)}`;
    case "exclusiveMaximum":
      return `${shown} is not less than ${String(bound)}`;
    case "multipleOf":
      return `${shown} is not a multiple of ${String(bound)}`;
    case "minLength":
      return bound === 1 ? `${shown} is empty` : `${shown} is shorter than ${String(bound)} characters`;
    case "maxLength":
      return `${shown} is longer than ${String(bound)} character${bound === 1 ? "" : "s"}`;
    case "pattern":
      return `${shown} does not match the pattern ${quote(String(bound), 80)}`;
    case "minItems":
      return `has fewer than ${String(bound)} items`;
    case "maxItems":
      return `has more than ${String(bound)} items`;
    case "uniqueItems":
      return "has items that are not unique";
    case "minProperties":
      return `has fewer than ${String(bound)} properties`;
    case "maxProperties":
      return `has more than ${String(bound)} properties`;
    case "additionalProperties":
      return `has the property ${quote(extra ?? "", 40)}, which the schema does not allow`;
    case "anyOf":
      return `${shown} matches none of its ${Array.isArray(bound) ? bound.length : ""} alternatives`;
    case "oneOf":
      return `${shown} does not match exactly one of its ${Array.isArray(bound) ? bound.length : ""} alternatives`;
    case "not":
      return `${shown} matches a schema it must not match`;
    case "dependentRequired":
      return "lacks a property another one requires";
    default:
      return `breaks its ${keyword}`;
  }
}

/** `schema` without `format` anywhere a schema is: OpenAPI 3.1 and JSON Schema 2020-12 make it an annotation. */
function withoutFormat(schema: unknown): unknown {
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObject(node)) continue;
    delete node.format;
    for (const keyword of [
      "additionalProperties",
      "not",
      "if",
      "then",
      "else",
      "contains",
      "propertyNames",
      "items",
      "unevaluatedProperties",
      "unevaluatedItems",
    ]) {
      pending.push(node[keyword]);
    }
    for (const keyword of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
      const list = node[keyword];
      if (Array.isArray(list)) pending.push(...list);
    }
    for (const keyword of ["properties", "patternProperties", "dependentSchemas", "$defs"]) {
      const record = node[keyword];
      if (isPlainObject(record)) pending.push(...Object.values(record));
    }
  }
  return schema;
}
