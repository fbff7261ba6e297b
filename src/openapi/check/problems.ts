// The problems of a call's arguments in the description's words (docs/decisions.md, "Argument checks"): one per
// value and keyword, never repeating a secret's value.
import type { OutputUnit } from "@cfworker/json-schema";
import { type ArgumentLocation, type ArgumentProblem, quote, shorten } from "../../core/errors.js";
import { isPlainObject, ownValue } from "../../core/values.js";
import { pointerKey, pointerKeys, pointerOf } from "../pointer.js";

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
}

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
    const path = instanceLocation.slice(1).split("/").slice(1).map(pointerKey);
    if (unchecked.some((place) => place.every((key, index) => path[index] === key))) continue;
    const here = valueAt(instance, path);
    const names =
      keyword === "required"
        ? ((node?.required as string[] | undefined) ?? []).filter((name) => !hasKey(here, name))
        : keyword === "dependentRequired"
          ? missingDependents(node?.dependentRequired, here)
          : keyword === "additionalProperties"
            ? [/"([^"]*)"/.exec(error)?.[1] ?? ""]
            : [undefined];
    for (const extra of names) {
      const full = extra === undefined || keyword === "additionalProperties" ? path : [...path, extra];
      // A `format` is a pattern run on RE2 (check/patterns.ts): the schema the messages read has no other.
      const said = keyword === "dependentRequired" ? "required" : keyword === "format" ? "pattern" : keyword;
      const problem = describe(said, node, password, full, extra, subject);
      const id = `${problem.in} ${problem.name} ${problem.keyword}`;
      if (!seen.has(id)) problems.push(problem);
      seen.add(id);
    }
  }
  return problems;
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
  { instance, locations, secrets, bodyFields }: Subject,
): ArgumentProblem {
  const [top = "", ...rest] = path;
  const location = locations.get(top) ?? "body";
  const isBody = location === "body";
  const name = isBody ? pointerOf(bodyFields ? path : rest) : top;
  const subject = isBody
    ? name === ""
      ? "the body"
      : `body field ${shorten(name, 80)}`
    : `${location === "querystring" ? "query string" : location} parameter ${quote(name)}`;
  if (keyword === "required") return { in: location, name, keyword, message: `${subject} is required` };
  const value = valueAt(instance, path);
  // docs/decisions.md, "Argument checks": no header, cookie, credential or password value is ever repeated.
  const hidden =
    location === "header" ||
    location === "cookie" ||
    secrets.has(`${location} ${name}`) ||
    password ||
    node?.writeOnly === true;
  const shown = hidden ? `the ${kindOf(value)} given` : shortValue(value);
  return { in: location, name, keyword, message: `${subject}: ${wordsFor(keyword, node, shown, extra)}` };
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
    default:
      return `breaks its ${keyword}`;
  }
}
