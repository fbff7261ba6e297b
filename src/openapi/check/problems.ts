// The problems of a call's arguments in the description's words (docs/decisions.md, "Argument checks"): one per
// value and keyword, never repeating a secret's value.
import type { OutputUnit } from "@cfworker/json-schema";
import { type ArgumentLocation, type ArgumentProblem, quote, shorten } from "../../core/errors.js";
import { isPlainObject, ownValue } from "../../core/values.js";
import { pointerKey, pointerKeys, pointerOf } from "../pointer.js";
import { closestNames } from "../table/names.js";

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

/** What the problems of one call are described by. */
export interface Subject {
  /** The schema the validator ran, and the schema as described (`format` included, which tells a password). */
  readonly schema: Record<string, unknown>;
  readonly annotated: Record<string, unknown>;
  readonly instance: Record<string, unknown>;
  readonly locations: ReadonlyMap<string, ArgumentLocation>;
  /** The body's fields are top-level arguments. */
  readonly bodyFields: boolean;
  /** The parameters that carry a credential (`query X-Key`), whose values are never shown. */
  readonly secrets: ReadonlySet<string>;
  /** The places of values no schema describes (bytes, a Blob…), whose problems are none. */
  readonly unchecked: readonly (readonly string[])[];
  /**
   * Where a key the operation does not declare would go, where the schema refuses such keys and they are no body
   * fields: the query (GET, HEAD), a body the operation does not declare, or nowhere, beside a body given as `data`.
   */
  readonly strays: Strays | undefined;
  /** Whether the values described are a password's or a `writeOnly` one's: an alternative's problems show none. */
  readonly secret?: boolean;
}

/** Where a key the operation does not declare would go, where it is refused. */
export type Strays = "query" | "no body" | "beside data";

/** The validator's errors as problems, each once. */
export function problemsOf(errors: readonly OutputUnit[], subject: Subject): ArgumentProblem[] {
  const { schema, annotated, instance, unchecked } = subject;
  const problems: ArgumentProblem[] = [];
  const seen = new Set<string>();
  // An alternative none of whose branches matched is the problem: its branches' own failures are not.
  const alternatives = errors
    .filter(({ keyword }) => keyword === "anyOf" || keyword === "oneOf" || keyword === "not")
    .map(({ keywordLocation }) => `${keywordLocation}/`);
  for (const { keyword, keywordLocation, instanceLocation, error } of errors) {
    if (CONTAINERS.has(keyword)) continue;
    if (alternatives.some((prefix) => keywordLocation.startsWith(prefix))) continue;
    const where = keywordLocation.replace(/\/[^/]*$/, "");
    const node = schemaAt(schema, where);
    const password = schemaAt(annotated, where)?.format === "password";
    if (isUnchecked(instanceLocation, unchecked)) continue;
    const path = instanceLocation.slice(1).split("/").slice(1).map(pointerKey);
    const here = valueAt(instance, path);
    // A schema's `additionalProperties` is a problem where it is `false`; a schema there says its own problems.
    if (keyword === "additionalProperties" && node?.additionalProperties !== false) continue;
    const names =
      keyword === "required"
        ? ((node?.required as string[] | undefined) ?? []).filter((name) => !hasKey(here, name))
        : keyword === "dependentRequired"
          ? missingDependents(node?.dependentRequired, here)
          : keyword === "additionalProperties"
            ? [/"(.*)" does not match/s.exec(error)?.[1] ?? ""]
            : [undefined];
    for (const extra of names) {
      const full = extra === undefined || keyword === "additionalProperties" ? path : [...path, extra];
      // A `format` is a pattern run on RE2 (check/patterns.ts): the schema the messages read has no other.
      const said = keyword === "dependentRequired" ? "required" : keyword === "format" ? "pattern" : keyword;
      const problem =
        keyword === "additionalProperties" && path.length === 0 && subject.strays !== undefined
          ? stray(extra!, node, subject.strays)
          : describe(said, node, password, full, extra, subject);
      const id = `${problem.in} ${problem.name} ${problem.keyword}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const closest =
        keyword === "anyOf" || keyword === "oneOf"
          ? closestAlternative(
              errors,
              keywordLocation,
              node?.[keyword],
              problem,
              password || node?.writeOnly === true ? { ...subject, secret: true } : subject,
            )
          : "";
      problems.push(closest === "" ? problem : { ...problem, message: problem.message + closest });
    }
  }
  // A refusal no keyword above describes (a `false` schema under `unevaluatedProperties` or `items`, a `contains`
  // no item meets) is still a refusal: said by its deepest error, never passed as valid; one only of what stands for
  // a value no schema describes (bytes, a Blob, a cycle) is none.
  if (problems.length === 0) {
    const said = errors.filter(
      ({ keyword, keywordLocation, instanceLocation }) =>
        (keyword === "false" || keyword === "contains") &&
        !alternatives.some((prefix) => keywordLocation.startsWith(prefix)) &&
        !isUnchecked(instanceLocation, unchecked),
    );
    const deepest = said.reduce<OutputUnit | undefined>(
      (best, each) => (best === undefined || each.instanceLocation.length > best.instanceLocation.length ? each : best),
      undefined,
    );
    if (deepest !== undefined) {
      const path = deepest.instanceLocation.slice(1).split("/").slice(1).map(pointerKey);
      const where = deepest.keywordLocation.replace(/\/[^/]*$/, "");
      const password = schemaAt(annotated, where)?.format === "password";
      problems.push(describe(deepest.keyword, schemaAt(schema, where), password, path, undefined, subject));
    }
  }
  return problems;
}

/**
 * A key the operation does not declare, where the schema refuses such keys: named with the declared names closest to
 * it (as an operationId's are), or those it declares where none is close.
 */
function stray(name: string, node: Record<string, unknown> | undefined, strays: Strays): ArgumentProblem {
  const declared = Object.keys(isPlainObject(node?.properties) ? node.properties : {});
  const location = strays === "query" ? "query" : "body";
  const key = location === "body" ? pointerOf([name]) : name;
  const where =
    strays === "no body" ? " (it declares no body)" : strays === "beside data" ? " (data is the whole body)" : "";
  const some = declared.slice(0, 10);
  const more = declared.length > some.length ? `, … (${declared.length} names)` : "";
  const names =
    didYouMean(name, declared) ||
    (declared.length === 0 ? ", which declares no parameters" : `, which declares ${quotedNames(some)}${more}`);
  return {
    in: location,
    name: key,
    keyword: "additionalProperties",
    message: `${subjectOf(location, key)} is not declared by the operation${where}${names}`,
  };
}

/** `; did you mean "limit"?` for the names of `names` closest to `name` (as an operationId's are); "" for none. */
function didYouMean(name: string, names: readonly string[]): string {
  const closest = closestNames(name, names, Math.max(2, Math.floor(name.length / 3)));
  return closest.length === 0 ? "" : `; did you mean ${quotedNames(closest)}?`;
}

function quotedNames(names: readonly string[]): string {
  return names.map((each) => JSON.stringify(each)).join(", ");
}

/**
 * Of an `anyOf` or `oneOf` that `errors` say no alternative of matches, the alternative that came closest, and its
 * first problem: one whose `type` takes the value before one whose does not, then the fewest problems, then the
 * first listed. "" where an alternative matched (a `oneOf` that matched two).
 */
function closestAlternative(
  errors: readonly OutputUnit[],
  location: string,
  alternatives: unknown,
  problem: ArgumentProblem,
  subject: Subject,
): string {
  const at = errors.find((each) => each.keywordLocation === location)?.instanceLocation;
  const branches = new Map<number, OutputUnit[]>();
  for (const each of errors) {
    if (!each.keywordLocation.startsWith(`${location}/`)) continue;
    const index = Number(each.keywordLocation.slice(location.length + 1).split("/", 1)[0]);
    branches.set(index, [...(branches.get(index) ?? []), each]);
  }
  if (!Array.isArray(alternatives) || branches.size < alternatives.length) return "";
  let best: { index: number; mistyped: boolean; problems: ArgumentProblem[] } | undefined;
  for (const [index, branch] of branches) {
    const problems = problemsOf(branch, subject);
    if (problems.length === 0) continue;
    const mistyped = branch.some(({ keyword, instanceLocation }) => keyword === "type" && instanceLocation === at);
    const fewer = best !== undefined && best.mistyped === mistyped && problems.length < best.problems.length;
    if (best === undefined || (best.mistyped && !mistyped) || fewer) best = { index, mistyped, problems };
  }
  if (best === undefined) return "";
  const first = best.problems[0]!;
  // Its problem without the subject this problem names already.
  const own = `${subjectOf(problem.in, problem.name)}: `;
  const said =
    first.in === problem.in && first.name === problem.name && first.message.startsWith(own)
      ? first.message.slice(own.length)
      : first.message;
  const label = labelOf(alternatives[best.index]);
  return `; the closest is alternative ${best.index + 1}${label === undefined ? "" : ` (${label})`}, where ${said}`;
}

/** Whether a value at `instanceLocation` is at or under a place no schema describes (bytes, a Blob, a cycle). */
function isUnchecked(instanceLocation: string, unchecked: readonly (readonly string[])[]): boolean {
  const path = instanceLocation.slice(1).split("/").slice(1).map(pointerKey);
  return unchecked.some((place) => place.every((key, index) => path[index] === key));
}

/** An alternative's name: its `title`, the name its `$ref` points to, or its `type`. */
function labelOf(alternative: unknown): string | undefined {
  if (!isPlainObject(alternative)) return undefined;
  const { title, $ref, type } = alternative;
  if (typeof title === "string") return shorten(title, 40);
  if (typeof $ref === "string") return shorten(pointerKey($ref.slice($ref.lastIndexOf("/") + 1)), 40);
  if (typeof type === "string") return type;
  return Array.isArray(type) ? type.join(" or ") : undefined;
}

/** The schema a validator's keyword location names, `$ref`s on the way followed (its locations pass through them). */
function schemaAt(root: Record<string, unknown>, location: string): Record<string, unknown> | undefined {
  let node: unknown = root;
  for (const key of pointerKeys(location) ?? []) {
    if (key === "$ref" && isPlainObject(node) && typeof node.$ref === "string") {
      node = schemaAt(root, node.$ref);
      continue;
    }
    node = isPlainObject(node) || Array.isArray(node) ? ownValue(node, key) : undefined;
  }
  return isPlainObject(node) ? node : undefined;
}

/** The names `dependentRequired` asks for that `value` lacks, given the ones it has. */
function missingDependents(dependents: unknown, value: unknown): string[] {
  if (!isPlainObject(dependents) || !isPlainObject(value)) return [];
  const missing = new Set<string>();
  for (const name of Object.keys(dependents)) {
    const needs = dependents[name];
    if (!Object.hasOwn(value, name) || !Array.isArray(needs)) continue;
    for (const each of needs) if (typeof each === "string" && !Object.hasOwn(value, each)) missing.add(each);
  }
  return [...missing];
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
  { instance, locations, secrets, bodyFields, secret }: Subject,
): ArgumentProblem {
  const [top = "", ...rest] = path;
  const location = locations.get(top) ?? "body";
  const isBody = location === "body";
  const name = isBody ? pointerOf(bodyFields ? path : rest) : top;
  const subject = subjectOf(location, name);
  if (keyword === "required") return { in: location, name, keyword, message: `${subject} is required` };
  const value = valueAt(instance, path);
  // docs/decisions.md, "Argument checks": no header, cookie, credential or password value is ever repeated.
  const hidden =
    location === "header" ||
    location === "cookie" ||
    secrets.has(`${location} ${name}`) ||
    password ||
    secret === true ||
    node?.writeOnly === true;
  const shown = hidden ? `the ${kindOf(value)} given` : shortValue(value);
  return { in: location, name, keyword, message: `${subject}: ${wordsFor(keyword, node, shown, extra)}` };
}

/** What a problem is of, as its message names it: `the body`, `body field /owner/login`, `query parameter "state"`. */
function subjectOf(location: ArgumentLocation, name: string): string {
  if (location !== "body") return `${location === "querystring" ? "query string" : location} parameter ${quote(name)}`;
  return name === "" ? "the body" : `body field ${shorten(name, 80)}`;
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
      return `has the property ${quote(extra ?? "", 40)}, which the schema does not allow${didYouMean(
        extra ?? "",
        Object.keys(isPlainObject(node?.properties) ? node.properties : {}),
      )}`;
    case "anyOf":
      return `${shown} matches none of its ${Array.isArray(bound) ? bound.length : ""} alternatives`;
    case "oneOf":
      return `${shown} does not match exactly one of its ${Array.isArray(bound) ? bound.length : ""} alternatives`;
    case "not":
      return `${shown} matches a schema it must not match`;
    case "false":
      return "is not allowed by the schema";
    case "contains":
      return `${shown} has no item its \`contains\` schema takes`;
    default:
      return `breaks its ${keyword}`;
  }
}
