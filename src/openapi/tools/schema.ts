// A tool's input schema: an operation's argument schema made self-contained for a provider (docs/decisions.md, "Tools
// for an agent"): no `$schema` or `title`, no `true`/`false` schema, an array always with `items`, closed at the top,
// the arguments the app binds or the credentials left out, and within a size budget.
import type { ArgumentLocation } from "../../core/errors.js";
import { quote } from "../../core/errors.js";
import type { OperationArguments } from "../schema/arguments.js";
import { patternTest } from "../check/patterns.js";
import { eachSchema } from "../schema/patterns.js";
import { fitted } from "./names.js";
import { childSchemas, isNode, type Node, reachedDefs, resolved } from "./walk.js";
import { setOwn } from "../../core/values.js";

/** A tool's schema, with what a call of the tool maps back and what its description must say. */
export interface ToolSchema {
  readonly schema: Node;
  /** Each argument of the tool, by its name in the schema, with the name a call gives it. */
  readonly names: ReadonlyMap<string, string>;
  /** What the tool's description adds: patterns left unchecked, parts described loosely to fit. */
  readonly notes: readonly string[];
}

/** What a property's name may be for every provider (Anthropic's rule, the strictest). */
const PROPERTY = /^[a-zA-Z0-9_.-]{1,64}$/;
/** Annotations a schema loses first when it is over its budget. */
const ANNOTATIONS = ["description", "examples", "default", "title", "deprecated", "readOnly", "writeOnly", "$comment"];

/**
 * The tool schema of `found`, the arguments `hidden` says (bound ones, credentials) left out, within `budget`
 * characters of JSON text where the budget allows.
 */
export function toolSchema(
  found: OperationArguments,
  hidden: (name: string, location: ArgumentLocation) => boolean,
  fields: ReadonlySet<string>,
  budget: number,
): ToolSchema {
  const { $schema, title, description, $comment, ...rest } = structuredClone(found.schema);
  void [$schema, title, description, $comment];
  const schema = rest as Node;
  const properties = (schema.properties ?? {}) as Node;
  const kept: Node = {};
  const names = new Map<string, string>();
  const renamed = new Map<string, string>();
  for (const name of Object.keys(properties)) {
    if (hidden(name, found.locations.get(name)!)) continue;
    let argument = PROPERTY.test(name) ? name : fitted(name, 64);
    for (let n = 2; names.has(argument) || (argument !== name && Object.hasOwn(properties, argument)); n++) {
      argument = fitted(`${name} ${n}`, 64);
    }
    names.set(argument, name);
    renamed.set(name, argument);
    setOwn(kept, argument, properties[name]);
  }
  schema.properties = kept;
  if (fields.size > 0 && isNode(kept.data)) kept.data = withoutFields(kept.data, fields, schema.$defs);
  const rename = (list: unknown) =>
    (Array.isArray(list) ? list : []).flatMap((name: string) => (renamed.has(name) ? [renamed.get(name)!] : []));
  const required = rename(schema.required);
  if (required.length > 0) schema.required = required;
  else delete schema.required;
  if (isNode(schema.dependentRequired)) {
    const dependents: Record<string, string[]> = {};
    for (const [field, needs] of Object.entries(schema.dependentRequired)) {
      if (renamed.has(field)) dependents[renamed.get(field)!] = rename(needs);
    }
    if (Object.keys(dependents).length > 0) schema.dependentRequired = dependents;
    else delete schema.dependentRequired;
  }
  // Closed at the top, which says all a `dependentSchemas` of the argument schema says (no key beside `data`).
  delete schema.dependentSchemas;
  schema.additionalProperties = false;
  normalize(schema);
  dropUnreached(schema);
  const notes: string[] = [];
  const unchecked = new Set(found.refused.map(({ pattern }) => pattern));
  eachSchema(found.schema, ({ pattern }) => {
    if (typeof pattern === "string" && !("test" in patternTest(pattern))) unchecked.add(pattern);
  });
  if (unchecked.size > 0) {
    notes.push(`Patterns left unchecked: ${[...unchecked].map((pattern) => quote(pattern, 80)).join(", ")}.`);
  }
  fit(schema, budget, notes);
  return { schema, names, notes };
}

/** A body's object schema without the bound `fields` (its `$ref`'s target copied here, the shared one left whole). */
function withoutFields(data: Node, fields: ReadonlySet<string>, defs: unknown): Node {
  const target = resolved(data, isNode(defs) ? defs : {});
  if (!isNode(target) || !isNode(target.properties)) return data;
  const properties: Node = {};
  for (const name of Object.keys(target.properties)) {
    if (!fields.has(name)) setOwn(properties, name, target.properties[name]);
  }
  const out: Node = { ...target, properties };
  const required = (Array.isArray(target.required) ? target.required : []).filter((name) => !fields.has(name));
  if (required.length > 0) out.required = required;
  else delete out.required;
  return out;
}

/** Every schema place of `root` as providers take it: `{}` for `true`, `{ not: {} }` for `false`, arrays with `items`. */
export function normalize(root: Node): void {
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const types = node.type;
    const isArray = types === "array" || (Array.isArray(types) && types.includes("array"));
    if (isArray && node.items === undefined && node.prefixItems === undefined) node.items = {};
    for (const [child, replace] of childSchemas(node)) {
      // `additionalProperties: false` closes an object, as every provider reads it.
      if (child === false && node.additionalProperties === false) continue;
      if (child === true) replace({});
      else if (child === false) replace({ not: {} });
      else if (isNode(child)) pending.push(child);
    }
  }
}

/** `root` without the `$defs` it no longer reaches (those of the arguments left out). */
export function dropUnreached(root: Node): void {
  if (!isNode(root.$defs)) return;
  const defs = root.$defs;
  const reached = reachedDefs(root, defs);
  for (const name of Object.keys(defs)) if (!reached.has(name)) delete defs[name];
  if (Object.keys(defs).length === 0) delete root.$defs;
}

/** The length of `schema`'s JSON text. */
export function sizeOf(schema: unknown): number {
  return JSON.stringify(schema).length;
}

/**
 * `root` within `budget` characters: the annotations of nested schemas left out first, then the largest shared parts
 * (`$defs`), then the largest arguments, each described loosely (`{}` with a word why): the call still checks them.
 */
function fit(root: Node, budget: number, notes: string[]): void {
  if (sizeOf(root) <= budget) return;
  const pending: unknown[] = isNode(root.$defs) ? Object.values(root.$defs) : [];
  for (const child of Object.values(root.properties as Node)) {
    if (isNode(child)) pending.push(...childSchemas(child).map(([schema]) => schema));
  }
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isNode(node)) continue;
    for (const keyword of ANNOTATIONS) delete node[keyword];
    pending.push(...childSchemas(node).map(([schema]) => schema));
  }
  notes.push("Nested fields are shown without their descriptions, to fit.");
  const loose: string[] = [];
  const loosen = (record: Node, name: string, what: string) => {
    record[name] = { description: `${what}: described loosely to fit; the call checks it in full` };
    loose.push(name);
  };
  const defs = isNode(root.$defs) ? root.$defs : {};
  for (const name of bySize(defs)) {
    if (sizeOf(root) <= budget) break;
    loosen(defs, name, "A shared part");
    dropUnreached(root);
  }
  const properties = root.properties as Node;
  for (const name of bySize(properties)) {
    if (sizeOf(root) <= budget) break;
    loosen(properties, name, "This argument");
    dropUnreached(root);
  }
  if (loose.length > 0) notes.push(`Described loosely to fit (checked when called): ${loose.join(", ")}.`);
}

/** The names of `record`, its largest schemas first. */
function bySize(record: Node): string[] {
  return Object.keys(record)
    .map((name) => [name, sizeOf(record[name])] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);
}
