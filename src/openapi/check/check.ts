// Argument checks: a call's arguments validated against its operation's argument schema before anything is built
// (docs/decisions.md, "Argument checks"), by @cfworker/json-schema, which interprets a schema (no eval, no new Function).
import { Validator, type Schema } from "@cfworker/json-schema";
import { EndpointError, isRevoked, quote } from "../../core/errors.js";
import { type CallArguments, placementOf } from "../../core/route-table.js";
import { ownValue, setOwn } from "../../core/values.js";
import { carriesNoBody } from "../../http/route.js";
import { bodyKind } from "../call/body.js";
import { type OperationArguments, operationArguments } from "../schema/arguments.js";
import type { Operation } from "../table/operation.js";
import type { OpenAPIWarning } from "../warnings.js";
import { type ArgumentCheck, type ArgumentChecks, type ArgumentChecksCode, CHECKS } from "../table/runtime.js";
import { eachSchema } from "../schema/patterns.js";
import { dropUncheckedPatterns, patternsAsFormats } from "./patterns.js";
import { type Coercion, coercion, valueCheck } from "./predicates.js";
import { problemsOf, type Strays } from "./problems.js";

/** An operation's compiled checks. */
interface Compiled {
  readonly operation: OperationArguments;
  /** Stops at the first problem: a call that passes, the usual case, costs the least. */
  readonly validator: Validator;
  /** Lists every problem, made on the first call that fails. */
  full?: Validator;
  /** Each top-level argument whose schema a predicate decides (see {@link valueCheck}). */
  readonly scalars: ReadonlyMap<string, (value: unknown) => boolean>;
  readonly required: readonly string[];
  /** The body fields an optional body needs once any field is given (`dependentRequired`). */
  readonly dependents: Readonly<Record<string, readonly string[]>>;
  /** The parameters whose text reads as their declared number, integer or boolean (a list's items too). */
  readonly coercions: ReadonlyMap<string, Coercion>;
  /** The schema checked (`format` left out: an annotation in 2020-12), for the messages' words. */
  readonly schema: Record<string, unknown>;
  /** The schema the validator runs: each `pattern` a `format` run on RE2 (see {@link patternsAsFormats}). */
  readonly validated: Schema;
}

/** Beyond this nesting a value is not checked: the validator recurses as deep as the value (docs/decisions.md, "Argument checks"). */
const MAX_VALUE_DEPTH = 64;

/** Each operation's compiled checks (null: it has no argument schema), made on its first checked call. */
const compiledChecks = /*#__PURE__*/ new WeakMap<Operation, Compiled | null>();

/**
 * Argument checks for `openAPIEndpoint(description, { check })`: each call's arguments checked against its operation
 * before it is built (docs/decisions.md, "Argument checks"); a call that breaks it throws `EndpointError`
 * `ERR_INVALID_ARGUMENTS` listing every problem. They carry the JSON Schema validator, which an app that does not
 * check never loads.
 *
 * @example
 * import { openAPIEndpoint } from "fluent-endpoint/openapi";
 * import { check } from "fluent-endpoint/openapi/check";
 * const api = openAPIEndpoint(description, { check });
 * api("GET /pets", { limit: "many" }); // throws ERR_INVALID_ARGUMENTS: query parameter "limit": "many" is not an integer
 */
export const check: ArgumentChecks = /*#__PURE__*/ Object.freeze({
  kind: "argument checks",
  [CHECKS]: argumentCheck,
} as ArgumentChecksCode);

/**
 * The check of calls to a table's operations; `secrets` are the parameters that carry a credential, `warn` hears of
 * the patterns left unchecked.
 */
function argumentCheck(secrets: ReadonlySet<string>, warn?: (warning: OpenAPIWarning) => void): ArgumentCheck {
  return (operation, params, call) => {
    let checks = compiledChecks.get(operation);
    if (checks === undefined) {
      const taken = operationArguments(operation);
      checks = taken === undefined ? null : compile(taken, warn);
      compiledChecks.set(operation, checks);
    }
    if (checks !== null) checkCall(checks, operation, params, call, secrets);
  };
}

function compile(operation: OperationArguments, warn?: (warning: OpenAPIWarning) => void): Compiled {
  const schema = withoutFormat(structuredClone(operation.schema)) as Record<string, unknown>;
  // docs/decisions.md, "Hostile schemas": what RE2 cannot run is left unchecked, and said.
  const { route } = operation;
  for (const { pattern, reason } of [...operation.refused, ...dropUncheckedPatterns(schema)]) {
    const message = `${route}: pattern ${quote(pattern, 80)} is left unchecked: ${reason}`;
    warn?.({ code: "WARN_PATTERN_UNCHECKED", message, route, pattern });
  }
  // The validator keeps its own copy: it marks the schemas it dereferences.
  const scalars = new Map<string, (value: unknown) => boolean>();
  const coercions = new Map<string, Coercion>();
  const properties = schema.properties as Record<string, unknown>;
  for (const name of Object.keys(properties)) {
    const predicate = valueCheck(properties[name]);
    if (predicate !== undefined) scalars.set(name, predicate);
    const coerce = operation.locations.get(name) === "body" ? undefined : coercion(properties[name], schema);
    if (coerce !== undefined) coercions.set(name, coerce);
  }
  const validated = patternsAsFormats(structuredClone(schema)) as Schema;
  return {
    operation,
    schema,
    scalars,
    coercions,
    required: (schema.required as string[] | undefined) ?? [],
    dependents: (schema.dependentRequired as Record<string, string[]> | undefined) ?? {},
    validated,
    validator: new Validator(structuredClone(validated), "2020-12", true),
  };
}

function checkCall(
  compiled: Compiled,
  operation: Operation,
  params: Readonly<Record<string, unknown>>,
  call: CallArguments,
  secrets: ReadonlySet<string>,
): void {
  const { validator, schema } = compiled;
  const { locations, route, bodyFields } = compiled.operation;
  // The arguments as given, by the key the schema names them; copied into the JSON data a schema describes only when a
  // predicate does not pass them as they are.
  const given: Record<string, unknown> = {};
  // The parameters whose text is read as their declared number or boolean (a body is never coerced).
  const parameters = new Set<string>();
  let fields: Record<string, unknown> | undefined;
  // As the request is built: leftovers go to the body, but for GET and HEAD.
  const leftoversToBody = !carriesNoBody(operation.method);
  // Where a key the operation does not declare goes when the schema refuses such keys: the query, a body the operation
  // does not declare, or nowhere beside `data` (without it, the body gathers it, and the body's schema decides).
  let strays: Strays | undefined;
  if (schema.additionalProperties === false) {
    strays = !leftoversToBody ? "query" : operation.body === undefined ? "no body" : undefined;
  } else if (call.data !== undefined && schema.dependentSchemas !== undefined) strays = "beside data";
  for (const name of Object.keys(params)) {
    const value = params[name];
    if (value === undefined) continue;
    const placement = placementOf(operation, name);
    // An API key its scheme sends in the query is no stray there (docs/decisions.md, "Argument checks").
    if (placement === undefined && strays !== undefined && !(strays === "query" && secrets.has(`query ${name}`))) {
      setOwn(given, name, value);
      continue;
    }
    if (placement === "body" || (placement === undefined && leftoversToBody)) {
      setOwn((fields ??= {}), name, value);
      continue;
    }
    const key = placement === undefined ? name : locations.has(name) ? name : name.toLowerCase();
    if (!locations.has(key)) continue;
    setOwn(given, key, value);
    parameters.add(key);
  }
  // A header parameter given in `headers` is the same argument.
  for (const [key, location] of locations) {
    if (location !== "header" || Object.hasOwn(given, key)) continue;
    const value = ownValue(call.headers, key);
    if (value !== undefined && value !== null)
      setOwn(given, key, (compiled.coercions.get(key) ?? String)(String(value)));
  }
  if (bodyFields && fields !== undefined) {
    for (const name of Object.keys(fields)) {
      setOwn(given, name, fields[name]);
      parameters.delete(name);
    }
  } else if (locations.has("data")) {
    const body = call.data !== undefined ? call.data.value : fields;
    if (body !== undefined) given.data = body;
  }
  if (passesAsGiven(compiled, given)) return;
  const instance: Record<string, unknown> = {};
  const unchecked: string[][] = [];
  for (const key of Object.keys(given)) setOwn(instance, key, asInstance(given[key], [key], unchecked));
  for (const key of parameters) {
    const coerce = compiled.coercions.get(key);
    if (coerce !== undefined) setOwn(instance, key, coerce(instance[key]));
  }
  if ((unchecked.length === 0 && passes(compiled, instance)) || validator.validate(instance).valid) return;
  compiled.full ??= new Validator(structuredClone(compiled.validated), "2020-12", false);
  const { errors } = compiled.full.validate(instance);
  const annotated = compiled.operation.schema;
  const subject = { schema, annotated, instance, locations, bodyFields, secrets, unchecked, strays };
  const problems = problemsOf(errors, subject);
  if (problems.length === 0) return;
  const count = problems.length === 1 ? "" : `${problems.length} problems: `;
  const error = new EndpointError(
    "ERR_INVALID_ARGUMENTS",
    `${route}: ${count}${problems.map((problem) => problem.message).join("; ")}`,
  );
  Object.defineProperty(error, "problems", { value: Object.freeze(problems), enumerable: true });
  throw error;
}

/** {@link passes} on the arguments as given; a predicate that meets what it cannot read (a revoked Proxy) fails. */
function passesAsGiven(compiled: Compiled, given: Record<string, unknown>): boolean {
  try {
    return passes(compiled, given);
  } catch {
    return false;
  }
}

/** Whether every argument given is one its predicate takes and every required one is given. */
function passes({ scalars, required, dependents }: Compiled, instance: Record<string, unknown>): boolean {
  for (const name of required) if (!Object.hasOwn(instance, name)) return false;
  for (const name of Object.keys(dependents)) {
    if (Object.hasOwn(instance, name) && !dependents[name]!.every((each) => Object.hasOwn(instance, each)))
      return false;
  }
  for (const name of Object.keys(instance)) if (!scalars.get(name)?.(instance[name])) return false;
  return true;
}

/**
 * A value as the JSON data a schema describes: a Date as its ISO text (as it is sent), `undefined` fields left out.
 * What no schema describes — bytes, a Blob, a stream, a cycle, nesting over 64 levels — is not checked: it stands as
 * `""`, its place listed in `unchecked`, so its siblings are checked all the same.
 */
function asInstance(value: unknown, at: readonly string[], unchecked: string[][]): unknown {
  const seen = new Set<object>();
  const read = (item: unknown, path: readonly string[]): unknown => {
    if (item === null || typeof item === "string" || typeof item === "boolean") return item;
    if (typeof item === "number" && Number.isFinite(item)) return item;
    if (typeof item === "object" && !isRevoked(item) && !seen.has(item) && path.length - at.length <= MAX_VALUE_DEPTH) {
      if (item instanceof Date && !Number.isNaN(item.getTime())) return item.toISOString();
      const kind = bodyKind(item);
      if (kind === "fields" || Array.isArray(item)) {
        seen.add(item);
        const copy = Array.isArray(item)
          ? item.map((member, index) => (member === undefined ? null : read(member, [...path, String(index)])))
          : fieldsOf(item as Record<string, unknown>, path, read);
        seen.delete(item);
        return copy;
      }
    }
    unchecked.push([...path]);
    return "";
  };
  return read(value, at);
}

function fieldsOf(
  item: Record<string, unknown>,
  path: readonly string[],
  read: (item: unknown, path: readonly string[]) => unknown,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    const member = item[key];
    if (member === undefined) continue;
    const value = read(member, [...path, key]);
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** `schema` without `format` anywhere a schema is: OpenAPI 3.1 and JSON Schema 2020-12 make it an annotation. */
function withoutFormat(schema: unknown): unknown {
  eachSchema(schema, (node) => delete node.format);
  return schema;
}
