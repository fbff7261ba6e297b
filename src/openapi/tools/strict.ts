// The strict variant of a tool's schema (docs/decisions.md, "Tools for an agent"), within OpenAI's strict-mode rules
// by rewriting, never by refusing: every object closed with every property required (an optional one nullable, its
// null dropped again by the call), the keywords strict mode lacks said in the description, and a value it cannot
// describe (a map, an untyped value, nesting past its limit) asked for as JSON text, which the call parses back.
import { type ArgumentLocation, type ArgumentProblem, quote } from "../../core/errors.js";
import { pointerOf } from "../pointer.js";
import { dropUnreached } from "./schema.js";
import { isNode, type Node, resolved } from "./walk.js";
import { setOwn } from "../../core/values.js";

/** What the call maps back at a node of a strict schema. */
export interface Mark {
  /** The properties that were optional: their `null` means "not given". */
  readonly optional?: ReadonlySet<string>;
  /** The value is asked for as JSON text. */
  readonly json?: true;
}

/** A strict schema, with the marks of its nodes. */
export interface StrictSchema {
  readonly schema: Node;
  readonly marks: WeakMap<object, Mark>;
}

/** OpenAI's strict-mode limits: object nesting, properties, enum values, and the text of names and values. */
export const STRICT_LIMITS = {
  depth: 10,
  properties: 5000,
  enumValues: 1000,
  text: 120_000,
  /** An enum of more than this many string values... */
  longEnum: 250,
  /** ...holds at most this many characters. */
  longEnumText: 15_000,
} as const;
/** The formats strict mode takes. */
const FORMATS: ReadonlySet<unknown> = /*#__PURE__*/ new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);
/** The keywords strict mode takes for each type, beside `type`, `enum`, `const`, `description`. */
const KEPT: Readonly<Record<string, readonly string[]>> = {
  string: ["pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  array: ["minItems", "maxItems"],
};
/** Keywords said in the description when strict mode lacks them; the others are dropped (annotations). */
const SAID = [
  "minLength",
  "maxLength",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
  "dependentRequired",
  "default",
  "contentMediaType",
];
/** Characters of a keyword's value said in a description. */
const SAID_LENGTH = 200;

interface Context {
  readonly defs: Node;
  readonly marks: WeakMap<object, Mark>;
}

/** The strict variant of the tool schema `root` (left as it is). */
export function strictSchema(root: Node): StrictSchema {
  const marks = new WeakMap<object, Mark>();
  const source = isNode(root.$defs) ? root.$defs : {};
  const defs: Node = {};
  const context: Context = { defs: source, marks };
  for (const name of Object.keys(source)) {
    setOwn(defs, name, strictNode(source[name], context));
  }
  const { $defs, dependentRequired, ...top } = root;
  void $defs;
  const schema = objectNode(top, context, [], true);
  if (isNode(dependentRequired)) {
    const said = Object.entries(dependentRequired).map(([field, needs]) => `${field} needs ${String(needs)}`);
    if (said.length > 0) (schema as Node).description = `Once given: ${said.join("; ")}.`.slice(0, 1000);
  }
  if (Object.keys(defs).length > 0) schema.$defs = defs;
  withinLimits(schema, marks);
  return { schema, marks };
}

/** A strict schema for `node`. */
function strictNode(node: unknown, context: Context): Node {
  if (!isNode(node)) return jsonText(context, "any JSON value", []);
  const said: string[] = [];
  if (typeof node.$ref === "string") {
    // The argument schemas write a `$ref` alone, or beside what 2020-12 lets it have; strict mode takes it alone.
    return { $ref: node.$ref };
  }
  const described = typeof node.description === "string" ? [node.description] : [];
  // A discriminator decides its branch by `if`/`then` (see the argument schemas): here, each branch an alternative.
  const decided = Array.isArray(node.allOf) ? node.allOf.filter((part) => isNode(part) && isNode(part.then)) : [];
  if (isNode(node.discriminator) && decided.length > 0) {
    const property = String(node.discriminator.propertyName);
    const anyOf = decided.map((part) => strictNode((part as Node).then, context));
    return withDescription({ anyOf }, [...described, `Chosen by its ${property}.`]);
  }
  if (Array.isArray(node.allOf)) {
    const merged = mergedAllOf(node, context);
    if (merged === undefined)
      return jsonText(context, "a value matching every one of several schemas", described, node);
    return strictNode(merged, context);
  }
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const list = node[keyword];
    if (!Array.isArray(list)) continue;
    const typed = list.filter((each) => isNode(each) && !isConstraint(each));
    if (typed.length === 0) {
      // Alternatives of `required` lists (`anyOf: [{ required: ["id"] }, { required: ["name"] }]`): said, not kept.
      said.push(`${keyword === "oneOf" ? "exactly one" : "at least one"} of: ${brief(list)}`);
      const { [keyword]: dropped, ...rest } = node;
      void dropped;
      return withDescription(strictNode(rest, context), said);
    }
    if (keyword === "oneOf") said.push("exactly one of these alternatives");
    return withDescription({ anyOf: typed.map((each) => strictNode(each, context)) }, [...described, ...said]);
  }
  const types = typesOf(node);
  if (types === undefined) return jsonText(context, "any JSON value", described, node);
  const concrete = types.filter((type) => type !== "null");
  if (concrete.length > 1 && concrete.some((type) => type === "object" || type === "array")) {
    const anyOf = concrete.map((type) => strictNode({ ...node, type }, context));
    if (types.includes("null")) anyOf.push({ type: "null" });
    return withDescription({ anyOf }, described);
  }
  if (concrete.includes("object")) {
    const object = objectNode(node, context, described);
    if (types.includes("null") && !isMarked(context, object, "json")) object.type = ["object", "null"];
    return object;
  }
  const out: Node = { type: types.length === 1 ? types[0] : types };
  for (const keyword of ["enum", "const"]) if (node[keyword] !== undefined) out[keyword] = node[keyword];
  if (concrete.includes("array")) {
    if (Array.isArray(node.prefixItems)) return jsonText(context, "a list of values by position", described, node);
    out.items = strictNode(node.items, context);
    if (node.contains !== undefined) said.push(`contains an item such as ${brief(node.contains)}`);
  }
  for (const type of concrete) {
    for (const keyword of KEPT[type] ?? []) {
      const value = node[keyword];
      if (value === undefined) continue;
      if (keyword === "format" && !FORMATS.has(value)) said.push(`format: ${brief(value)}`);
      else out[keyword] = value;
    }
  }
  for (const keyword of SAID) if (node[keyword] !== undefined) said.push(`${keyword}: ${brief(node[keyword])}`);
  if (node.not !== undefined) said.push(`not ${brief(node.not)}`);
  if (node.deprecated === true) said.push("deprecated");
  return withDescription(out, [...described, ...said]);
}

/** An object's strict schema: its properties, every one required, the optional ones nullable; closed. */
function objectNode(node: Node, context: Context, described: string[], root = false): Node {
  const properties = isNode(node.properties) ? node.properties : {};
  const names = Object.keys(properties).filter((name) => !isNever(properties[name]));
  const said: string[] = [];
  const open = node.additionalProperties !== undefined && node.additionalProperties !== false;
  if (names.length === 0 && !root) {
    // A map, or an object of any keys: strict mode closes every object, so it comes as JSON text.
    return jsonText(context, "an object", described, node);
  }
  if ((open && !root) || isNode(node.patternProperties)) said.push("other keys are taken too, not listed here");
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const optional = new Set<string>();
  const out: Record<string, unknown> = {};
  for (const name of names) {
    let schema = strictNode(properties[name], context);
    if (!required.has(name)) {
      schema = nullable(schema, context);
      optional.add(name);
    }
    setOwn(out, name, schema);
  }
  for (const keyword of ["minProperties", "maxProperties", "dependentRequired"]) {
    if (node[keyword] !== undefined) said.push(`${keyword}: ${brief(node[keyword])}`);
  }
  const object: Node = { type: "object", properties: out, required: names, additionalProperties: false };
  if (optional.size > 0) context.marks.set(object, { optional });
  return withDescription(object, [...described, ...said]);
}

/** `schema`, `null` taken too (the value of an optional property not given). */
function nullable(schema: Node, context: Context): Node {
  if (typeof schema.$ref === "string" || schema.const !== undefined) return { anyOf: [schema, { type: "null" }] };
  if (Array.isArray(schema.anyOf)) {
    const hasNull = schema.anyOf.some((each) => isNode(each) && each.type === "null");
    return hasNull ? schema : { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const out: Node = { ...schema, type: types.includes("null") ? types : [...types, "null"] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
  const mark = context.marks.get(schema);
  if (mark !== undefined) context.marks.set(out, mark);
  return out;
}

/** A value strict mode cannot describe, asked for as JSON text of it. */
function jsonText(context: Context, what: string, described: string[], schema?: Node): Node {
  const rest = schema === undefined ? {} : withoutDescription(schema);
  const shown = Object.keys(rest).length === 0 ? "" : `, by this JSON Schema: ${brief(rest, 600)}`;
  const node = withDescription({ type: "string" }, [...described, `JSON text of ${what}${shown}`]);
  context.marks.set(node, { json: true });
  return node;
}

function isMarked(context: Context, node: Node, mark: keyof Mark): boolean {
  return context.marks.get(node)?.[mark] !== undefined;
}

/** `allOf`'s parts as one object schema, where each is an object's (through its `$ref`); undefined otherwise. */
function mergedAllOf(node: Node, context: Context): Node | undefined {
  const { allOf, ...rest } = node;
  const parts = [rest, ...(allOf as unknown[])].map((part) => resolved(part, context.defs));
  if (parts.length === 2 && Object.keys(rest).every((key) => key === "description")) {
    // One part with a description beside it (a `$ref` described where it is used).
    const only = parts[1];
    return isNode(only) ? { ...only, ...rest } : undefined;
  }
  const merged: Node = { type: "object", properties: {}, required: [] };
  for (const part of parts) {
    if (!isNode(part)) return undefined;
    if (Object.keys(part).length === 0) continue;
    if (part.allOf !== undefined || part.anyOf !== undefined || part.oneOf !== undefined || part.$ref !== undefined)
      return undefined;
    const types = typesOf(part);
    if (types !== undefined && !types.includes("object")) return undefined;
    Object.assign(merged.properties as Node, isNode(part.properties) ? part.properties : {});
    if (Array.isArray(part.required)) (merged.required as unknown[]).push(...part.required);
    if (typeof part.description === "string") merged.description ??= part.description;
    if (part.additionalProperties !== undefined) merged.additionalProperties = part.additionalProperties;
  }
  return merged;
}

/** The types a schema says or implies (`properties`: object; an `enum`'s values); undefined for none. */
function typesOf(node: Node): string[] | undefined {
  if (typeof node.type === "string") return [node.type];
  if (Array.isArray(node.type) && node.type.length > 0) return node.type as string[];
  const values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : undefined;
  if (values !== undefined) {
    const types = new Set(values.map(jsonType));
    return types.has("object") || types.has("array") ? undefined : [...types];
  }
  if (isNode(node.properties)) return ["object"];
  if (node.items !== undefined) return ["array"];
  return undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Whether a schema only constrains (`{ required: [...] }`), describing no value of its own. */
function isConstraint(node: Node): boolean {
  return Object.keys(node).every((key) => key === "required" || key === "description" || key === "not");
}

/** Whether a schema takes no value (`{ not: {} }`): a property that must not be given. */
function isNever(schema: unknown): boolean {
  return isNode(schema) && isNode(schema.not) && Object.keys(schema.not).length === 0;
}

function withDescription(node: Node, said: readonly string[]): Node {
  const text = said.filter((each) => each !== "").join("; ");
  if (text !== "") node.description = text.length > 1000 ? `${text.slice(0, 999)}…` : text;
  return node;
}

function withoutDescription(node: Node): Node {
  const { description, ...rest } = node;
  void description;
  return rest;
}

/** A keyword's value as a description says it, cut to `limit` characters. */
function brief(value: unknown, limit = SAID_LENGTH): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/**
 * `schema` within {@link STRICT_LIMITS}: an object nested past the depth limit, and then the largest arguments while
 * the properties, enum values or text are over theirs, asked for as JSON text.
 */
function withinLimits(schema: Node, marks: WeakMap<object, Mark>): void {
  const defs = isNode(schema.$defs) ? schema.$defs : {};
  const context: Context = { defs, marks };
  const heights = new Map<string, number>();
  const deep = (node: unknown, depth: number, onPath: Set<string>, replace: (node: Node) => void) => {
    if (!isNode(node)) return;
    const ref = typeof node.$ref === "string" ? node.$ref : undefined;
    if (ref !== undefined) {
      if (onPath.has(ref)) return;
      if (depth + heightOf(ref, defs, heights, new Set()) > STRICT_LIMITS.depth) {
        replace(jsonText(context, "a value nested too deep for strict mode", []));
      }
      return;
    }
    const level = node.type === "object" || (Array.isArray(node.type) && node.type.includes("object")) ? 1 : 0;
    if (depth + level > STRICT_LIMITS.depth) {
      replace(jsonText(context, "a value nested too deep for strict mode", [], node));
      return;
    }
    eachChild(node, (child, put) => deep(child, depth + level, onPath, put));
  };
  deep(schema, 0, new Set(), () => {});
  dropUnreached(schema);
  for (;;) {
    const measured = measure(schema);
    if (
      measured.properties <= STRICT_LIMITS.properties &&
      measured.enumValues <= STRICT_LIMITS.enumValues &&
      measured.text <= STRICT_LIMITS.text &&
      measured.longEnums.length === 0
    )
      return;
    // A long enum first: its values said in the description, as many as fit.
    const long =
      measured.longEnums[0] ?? (measured.enumValues > STRICT_LIMITS.enumValues ? measured.enums[0] : undefined);
    if (long !== undefined) {
      const values = long.enum as unknown[];
      delete long.enum;
      withDescription(long, [String(long.description ?? ""), `one of ${values.length} values: ${brief(values, 600)}`]);
      continue;
    }
    // Else the argument that holds the most, as JSON text.
    const properties = schema.properties as Node;
    const largest = Object.keys(properties).sort(
      (a, b) => JSON.stringify(properties[b]).length - JSON.stringify(properties[a]).length,
    )[0];
    if (largest === undefined) return;
    const text = jsonText(context, "this argument", []);
    properties[largest] = schema.required && marks.get(schema)?.optional?.has(largest) ? nullable(text, context) : text;
    dropUnreached(schema);
  }
}

/** The greatest object nesting below the `$defs` entry `ref` points to (a `$ref` back up the path counts none). */
function heightOf(ref: string, defs: Node, heights: Map<string, number>, onPath: Set<string>): number {
  const known = heights.get(ref);
  if (known !== undefined) return known;
  if (onPath.has(ref)) return 0;
  onPath.add(ref);
  const below = (node: unknown): number => {
    if (!isNode(node)) return 0;
    if (typeof node.$ref === "string") return heightOf(node.$ref, defs, heights, onPath);
    const level = node.type === "object" || (Array.isArray(node.type) && node.type.includes("object")) ? 1 : 0;
    let most = 0;
    eachChild(node, (child) => (most = Math.max(most, below(child))));
    return level + most;
  };
  const height = below(resolved({ $ref: ref }, defs));
  onPath.delete(ref);
  heights.set(ref, height);
  return height;
}

/** Each schema a strict node holds: its properties, items and alternatives (the `$defs` are walked from their uses). */
function eachChild(node: Node, visit: (child: unknown, put: (node: Node) => void) => void): void {
  if (isNode(node.properties)) {
    const properties = node.properties;
    for (const name of Object.keys(properties)) visit(properties[name], (put) => (properties[name] = put));
  }
  if (node.items !== undefined) visit(node.items, (put) => (node.items = put));
  if (Array.isArray(node.anyOf)) {
    const list = node.anyOf;
    list.forEach((each, index) => visit(each, (put) => (list[index] = put)));
  }
}

interface Measured {
  properties: number;
  enumValues: number;
  text: number;
  enums: Node[];
  longEnums: Node[];
}

/** What counts against the limits: properties, enum values, and the text of names, enum and const values. */
export function measure(schema: Node): Measured {
  const measured: Measured = { properties: 0, enumValues: 0, text: 0, enums: [], longEnums: [] };
  const defs = isNode(schema.$defs) ? schema.$defs : {};
  for (const name of Object.keys(defs)) measured.text += name.length;
  const pending: unknown[] = [schema, ...Object.values(defs)];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isNode(node)) continue;
    if (isNode(node.properties)) {
      for (const name of Object.keys(node.properties)) {
        measured.properties++;
        measured.text += name.length;
      }
    }
    if (Array.isArray(node.enum)) {
      measured.enumValues += node.enum.length;
      const text = node.enum.reduce((sum: number, value) => sum + (typeof value === "string" ? value.length : 0), 0);
      measured.text += text;
      measured.enums.push(node);
      if (node.enum.length > STRICT_LIMITS.longEnum && text > STRICT_LIMITS.longEnumText) measured.longEnums.push(node);
    }
    if (typeof node.const === "string") measured.text += node.const.length;
    eachChild(node, (child) => pending.push(child));
  }
  measured.enums.sort((a, b) => (b.enum as unknown[]).length - (a.enum as unknown[]).length);
  return measured;
}

/**
 * A strict call's arguments as the operation takes them: `null` for an optional property dropped (not given), JSON text
 * parsed back; a text that is no JSON is a problem at its place.
 */
export function fromStrict(
  value: unknown,
  { schema, marks }: StrictSchema,
  problems: ArgumentProblem[],
  locationOf: (name: string) => ArgumentLocation,
): unknown {
  const defs = isNode(schema.$defs) ? schema.$defs : {};
  const read = (item: unknown, node: unknown, at: readonly string[], hops: number): unknown => {
    node = resolved(node, defs);
    if (!isNode(node) || hops > 200) return item;
    if (marks.get(node)?.json === true) {
      if (typeof item !== "string") return item;
      try {
        return JSON.parse(item);
      } catch {
        const [name = "", ...rest] = at;
        problems.push({
          in: locationOf(name),
          name: rest.length === 0 ? name : pointerOf(name === "data" ? rest : at),
          keyword: "json",
          message: `${at.length === 1 ? "argument" : "field"} ${quote(at.join("/"))} must be JSON text: ${quote(item, 40)} is none`,
        });
        return item;
      }
    }
    if (Array.isArray(node.anyOf)) return read(item, branchFor(item, node.anyOf, defs, marks), at, hops + 1);
    if (Array.isArray(item)) return item.map((each, index) => read(each, node.items, [...at, String(index)], hops + 1));
    if (!isNode(item) || !isNode(node.properties)) return item;
    const optional = marks.get(node)?.optional;
    const out: Node = {};
    for (const key of Object.keys(item)) {
      if (item[key] === null && optional?.has(key)) continue;
      const property = Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
      setOwn(out, key, read(item[key], property, [...at, key], hops + 1));
    }
    return out;
  };
  return read(value, schema, [], 0);
}

/** The alternative a value is of: JSON text where it parses to an object or list, else the first of its type. */
function branchFor(item: unknown, branches: unknown[], defs: Node, marks: WeakMap<object, Mark>): unknown {
  const nodes = branches.map((branch) => resolved(branch, defs));
  if (typeof item === "string") {
    const json = nodes.find((node) => isNode(node) && marks.get(node)?.json === true);
    if (json !== undefined) {
      try {
        const parsed: unknown = JSON.parse(item);
        if (typeof parsed === "object" && parsed !== null) return json;
      } catch {
        // Plain text: another alternative's.
      }
    }
  }
  const type = jsonType(item);
  const fits = nodes.find((node) => {
    if (!isNode(node) || marks.get(node)?.json === true) return false;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    return types.includes(type) || (type === "integer" && types.includes("number"));
  });
  return fits ?? nodes[0];
}
