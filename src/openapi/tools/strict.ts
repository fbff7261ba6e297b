// The strict variant of a tool's schema (docs/decisions.md, "Tools for an agent"), within OpenAI's strict-mode rules
// by rewriting, never by refusing: every object closed with every property required (an optional one nullable, its
// null dropped again by the call), the keywords strict mode lacks said in the description, and a value it cannot
// describe (a map, an untyped value, nesting past its limit) asked for as JSON text, which the call parses back.
import { setOwn } from "../../core/values.js";
import { withinLimits } from "./strict-limits.js";
import {
  brief,
  type Context,
  isConstraint,
  isMarked,
  isNever,
  jsonText,
  type Mark,
  nullable,
  type StrictSchema,
  typesOf,
  withDescription,
} from "./strict-nodes.js";
import { isNode, type Node, resolved } from "./walk.js";

export type { StrictSchema } from "./strict-nodes.js";
export { fromStrict } from "./strict-call.js";

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
