// A strict call's arguments mapped back to what the operation takes (docs/decisions.md, "Tools for an agent").
import { type ArgumentLocation, type ArgumentProblem, quote } from "../../core/errors.js";
import { setOwn } from "../../core/values.js";
import { pointerOf } from "../pointer.js";
import { jsonType, type Mark, type StrictSchema } from "./strict-nodes.js";
import { isNode, type Node, resolved } from "./walk.js";

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
