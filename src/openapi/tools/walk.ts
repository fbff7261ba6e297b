// The places a JSON Schema holds schemas, for the rewrites of a tool's schema.
import { pointerKeys } from "../pointer.js";
import { setOwn } from "../../core/values.js";

export type Node = Record<string, unknown>;

/** Keywords whose value is one schema. */
const ONE = [
  "additionalProperties",
  "items",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
];
/** Keywords whose value is a list of schemas. */
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords whose value is a record of schemas. */
const RECORDS = ["properties", "patternProperties", "dependentSchemas", "$defs"];

export function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Each schema `node` holds directly, with a function that puts another in its place. */
export function childSchemas(node: Node): [schema: unknown, replace: (schema: unknown) => void][] {
  const found: [unknown, (schema: unknown) => void][] = [];
  for (const keyword of ONE) {
    if (node[keyword] !== undefined) found.push([node[keyword], (schema) => (node[keyword] = schema)]);
  }
  for (const keyword of LISTS) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((each, index) => found.push([each, (schema) => (list[index] = schema)]));
  }
  for (const keyword of RECORDS) {
    const record = node[keyword];
    if (!isNode(record)) continue;
    for (const name of Object.keys(record)) {
      found.push([record[name], (schema) => setOwn(record, name, schema)]);
    }
  }
  return found;
}

/** The `$defs` name a `#/$defs/Name` reference points to; undefined for any other. */
export function defName(ref: unknown): string | undefined {
  if (typeof ref !== "string") return undefined;
  let keys: string[] | undefined;
  try {
    keys = pointerKeys(ref);
  } catch {
    return undefined;
  }
  return keys?.length === 2 && keys[0] === "$defs" ? keys[1] : undefined;
}

/** The node `schema` is, through its `$ref` into `defs` (one hop: the argument schemas end chains at their target). */
export function resolved(schema: unknown, defs: Node): unknown {
  const name = isNode(schema) ? defName(schema.$ref) : undefined;
  return name !== undefined && Object.hasOwn(defs, name) ? defs[name] : schema;
}

/** The `$defs` names `root` reaches, through the `$defs` themselves. */
export function reachedDefs(root: Node, defs: Node): Set<string> {
  const reached = new Set<string>();
  const pending: unknown[] = [];
  for (const [child] of childSchemas({ ...root, $defs: undefined })) pending.push(child);
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isNode(node)) continue;
    const name = defName(node.$ref);
    if (name !== undefined && !reached.has(name) && Object.hasOwn(defs, name)) {
      reached.add(name);
      pending.push(defs[name]);
    }
    for (const [child] of childSchemas(node)) pending.push(child);
  }
  return reached;
}
