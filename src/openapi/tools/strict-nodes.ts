// What the strict variant of a tool's schema is made of (docs/decisions.md, "Tools for an agent"): its marks, the
// limits OpenAI's strict mode sets, and the small rewrites the variant, its limits and its call share.
import { isNode, type Node } from "./walk.js";

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

/** Characters of a keyword's value said in a description. */
const SAID_LENGTH = 200;

export interface Context {
  readonly defs: Node;
  readonly marks: WeakMap<object, Mark>;
}

/** `schema`, `null` taken too (the value of an optional property not given). */
export function nullable(schema: Node, context: Context): Node {
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
export function jsonText(context: Context, what: string, described: string[], schema?: Node): Node {
  const rest = schema === undefined ? {} : withoutDescription(schema);
  const shown = Object.keys(rest).length === 0 ? "" : `, by this JSON Schema: ${brief(rest, 600)}`;
  const node = withDescription({ type: "string" }, [...described, `JSON text of ${what}${shown}`]);
  context.marks.set(node, { json: true });
  return node;
}

export function isMarked(context: Context, node: Node, mark: keyof Mark): boolean {
  return context.marks.get(node)?.[mark] !== undefined;
}

/** The types a schema says or implies (`properties`: object; an `enum`'s values); undefined for none. */
export function typesOf(node: Node): string[] | undefined {
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

export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Whether a schema only constrains (`{ required: [...] }`), describing no value of its own. */
export function isConstraint(node: Node): boolean {
  return Object.keys(node).every((key) => key === "required" || key === "description" || key === "not");
}

/** Whether a schema takes no value (`{ not: {} }`): a property that must not be given. */
export function isNever(schema: unknown): boolean {
  return isNode(schema) && isNode(schema.not) && Object.keys(schema.not).length === 0;
}

export function withDescription(node: Node, said: readonly string[]): Node {
  const text = said.filter((each) => each !== "").join("; ");
  if (text !== "") node.description = text.length > 1000 ? `${text.slice(0, 999)}…` : text;
  return node;
}

export function withoutDescription(node: Node): Node {
  const { description, ...rest } = node;
  void description;
  return rest;
}

/** A keyword's value as a description says it, cut to `limit` characters. */
export function brief(value: unknown, limit = SAID_LENGTH): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
