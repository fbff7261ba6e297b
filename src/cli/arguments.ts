// What `fluent-endpoint openapi --check` writes of a table's arguments: each operation's, as its record holds it,
// and of the description only the schemas their `$ref`s reach, each once, at its place.
import { isPlainObject, ownValue, setOwn } from "../core/values.js";
import { TABLE, type RouteTable, type TableArguments } from "../core/route-table.js";
import { copyData } from "../openapi/data.js";
import { pointerKeys, valueAt } from "../openapi/pointer.js";
import type { Runtime } from "../openapi/table/runtime.js";

/** The arguments `routes` knows, as data; undefined for a table that knows none. */
export function writtenArguments(routes: RouteTable): TableArguments | undefined {
  const { table } = routes[TABLE] as Runtime;
  if (table.schemas === undefined) return undefined;
  const operations: Record<string, TableArguments["operations"][string]> = {};
  for (const route of Object.keys(table.operations)) {
    const { declared } = table.operations[route]!;
    if (declared !== undefined) setOwn(operations, route, declared);
  }
  const schemas: unknown[] = [];
  for (const { parameters = [], body } of Object.values(operations)) {
    for (const { schema } of parameters) schemas.push(schema);
    schemas.push(body?.schema);
  }
  const { document } = table.schemas;
  return { document: reachedBy(document, schemas), operations };
}

/**
 * The parts of `document` that `schemas` reach by `$ref`, each copied once to the place it has there, with its
 * `openapi` version: what the schemas' `$ref`s need, and no more (a whole description's `components` would double a
 * module's size).
 */
function reachedBy(document: Readonly<Record<string, unknown>>, schemas: readonly unknown[]): Record<string, unknown> {
  const pruned: Record<string, unknown> = { openapi: document.openapi };
  const copied = new Set<unknown>(); // the copies written whole: what is below one is in it
  const done = new Set<string>();
  const pending = [...schemas];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    if (!isPlainObject(node)) continue;
    for (const key of Object.keys(node)) pending.push(node[key]);
    const ref = node.$ref;
    if (typeof ref !== "string" || done.has(ref)) continue;
    done.add(ref);
    let keys: string[] | undefined;
    try {
      keys = pointerKeys(ref);
    } catch {
      continue; // escapes that are no UTF-8 point at nothing
    }
    const target = keys === undefined || keys.length === 0 ? undefined : valueAt(document, keys);
    if (target === undefined) continue;
    pending.push(target);
    place(pruned, keys!, target, copied);
  }
  return pruned;
}

/** Writes a copy of `value` at `keys` in `pruned`, unless a copy written whole above it holds it already. */
function place(pruned: Record<string, unknown>, keys: readonly string[], value: unknown, copied: Set<unknown>): void {
  let node = pruned;
  for (const key of keys.slice(0, -1)) {
    let next = ownValue(node, key);
    if (copied.has(next)) return;
    if (!isPlainObject(next)) setOwn(node, key, (next = {}));
    node = next as Record<string, unknown>;
  }
  const copy = copyData(value);
  copied.add(copy);
  setOwn(node, keys[keys.length - 1]!, copy);
}
