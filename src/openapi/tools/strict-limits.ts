// The strict variant within OpenAI's strict-mode limits (docs/decisions.md, "Tools for an agent"): nesting, and the
// number and text of properties and enum values, the largest arguments asked for as JSON text until it fits.
import { dropUnreached } from "./schema.js";
import { brief, type Context, jsonText, type Mark, nullable, STRICT_LIMITS, withDescription } from "./strict-nodes.js";
import { isNode, type Node, resolved } from "./walk.js";

/**
 * `schema` within {@link STRICT_LIMITS}: an object nested past the depth limit, and then the largest arguments while
 * the properties, enum values or text are over theirs, asked for as JSON text.
 */
export function withinLimits(schema: Node, marks: WeakMap<object, Mark>): void {
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
