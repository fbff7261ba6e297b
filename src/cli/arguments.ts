// What `fluent-endpoint openapi --check` writes of a table's arguments: each operation's, as its record holds it,
// and of the description only the schemas their `$ref`s reach, each once, at its place. What many operations repeat
// (Kubernetes' `pretty` parameter in 845 of them, Stripe's address in its every form body) is written once.
import { isPlainObject, ownValue, setOwn } from "../core/values.js";
import {
  type DeclaredArguments,
  type DeclaredParameter,
  TABLE,
  type RouteTable,
  type TableArguments,
} from "../core/route-table.js";
import { copyData } from "../openapi/data.js";
import { fragmentOf, pointerKeys, valueAt } from "../openapi/pointer.js";
import type { Runtime } from "../openapi/table/runtime.js";

/** Where the written arguments keep what operations share, in the document (an extension key in any OpenAPI version). */
const SHARED = "x-fluent-endpoint-shared";
/** A repeated part shorter than this (as JSON) costs less written again than as a `$ref`. */
const WORTH_SHARING = 64;

/** The arguments `routes` knows, as data; undefined for a table that knows none. */
export function writtenArguments(routes: RouteTable): TableArguments | undefined {
  const { table } = routes[TABLE] as Runtime;
  if (table.schemas === undefined) return undefined;
  const declared: Record<string, DeclaredArguments> = {};
  for (const route of Object.keys(table.operations)) {
    const taken = table.operations[route]!.declared;
    if (taken !== undefined) setOwn(declared, route, copyData(taken) as DeclaredArguments);
  }
  const schemas: unknown[] = [];
  for (const { parameters = [], body } of Object.values(declared)) {
    for (const { schema } of parameters) schemas.push(schema);
    schemas.push(body?.schema);
  }
  const document = reachedBy(table.schemas.document, schemas);
  return { document, operations: shareRepeated(declared, document) };
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

/** Keywords whose value is one schema, a list of schemas, or a record of schemas (JSON Schema and OpenAPI 3.0). */
const ONE = ["additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "items"];
const ONE_MORE = ["unevaluatedProperties", "unevaluatedItems"];
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const RECORDS = ["properties", "patternProperties", "dependentSchemas"];

/**
 * `declared` with each parameter, and each schema inside one or inside a body's schema, that several places repeat
 * written once under the document's {@link SHARED} and replaced by a `$ref` to it (read as a description's `$ref`s
 * are). Only whole parameters and schemas are shared, never a value inside one (an `enum`'s, a `default`).
 */
function shareRepeated(
  declared: Record<string, DeclaredArguments>,
  document: Record<string, unknown>,
): Record<string, DeclaredArguments> {
  const texts = new Map<object, string>();
  const counts = new Map<string, number>();
  const textOf = (node: object) => {
    let text = texts.get(node);
    if (text === undefined) texts.set(node, (text = JSON.stringify(node)));
    return text;
  };
  const count = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const text = textOf(node);
    if (text.length >= WORTH_SHARING) counts.set(text, (counts.get(text) ?? 0) + 1);
  };
  for (const { parameters = [], body } of Object.values(declared)) {
    for (const parameter of parameters) {
      count(parameter);
      eachSchema(parameter.schema, count);
    }
    eachSchema(body?.schema, count);
  }
  const shared: Record<string, unknown> = {};
  const names = new Map<string, string>();
  const reference = (node: unknown, hint: string, rewrite: (node: never) => unknown): unknown => {
    if (typeof node !== "object" || node === null) return node;
    const text = textOf(node);
    if ((counts.get(text) ?? 0) < 2) return rewrite(node as never);
    let name = names.get(text);
    if (name === undefined) {
      name = hint;
      for (let n = 2; Object.hasOwn(shared, name); n++) name = `${hint}${n}`;
      names.set(text, name);
      setOwn(shared, name, null); // reserved before its own parts are shared
      setOwn(shared, name, rewrite(node as never));
    }
    return { $ref: fragmentOf([SHARED, name]) };
  };
  const schema = (node: unknown, hint: string): unknown => reference(node, hint, (each) => schemaParts(each, schema));
  const written: Record<string, DeclaredArguments> = {};
  for (const route of Object.keys(declared)) {
    const { parameters, body, ...rest } = declared[route]!;
    setOwn(written, route, {
      ...rest,
      ...(parameters && {
        parameters: parameters.map(
          (parameter) =>
            reference(parameter, parameter.name, (each: DeclaredParameter) =>
              each.schema === undefined ? each : { ...each, schema: schema(each.schema, each.name) },
            ) as DeclaredParameter,
        ),
      }),
      ...(body && { body: body.schema === undefined ? body : { ...body, schema: schema(body.schema, "body") } }),
    });
  }
  if (Object.keys(shared).length > 0) document[SHARED] = shared;
  return written;
}

/** Calls `visit` on `schema` and on each schema inside it. */
function eachSchema(schema: unknown, visit: (schema: unknown) => void): void {
  const pending = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObject(node)) continue;
    visit(node);
    schemaParts(node, (part) => {
      pending.push(part);
      return part;
    });
  }
}

/** `node` with each schema inside it (not a value: an `enum`'s, a `default`) replaced by `map`'s answer for it. */
function schemaParts(node: Record<string, unknown>, map: (schema: unknown, hint: string) => unknown): unknown {
  if (!isPlainObject(node)) return node;
  const copy: Record<string, unknown> = { ...node };
  for (const keyword of [...ONE, ...ONE_MORE]) {
    const part = ownValue(node, keyword);
    if (isPlainObject(part)) copy[keyword] = map(part, keyword === "items" ? "item" : keyword);
  }
  for (const keyword of LISTS) {
    const list = ownValue(node, keyword);
    if (Array.isArray(list)) copy[keyword] = list.map((part) => map(part, keyword));
  }
  for (const keyword of RECORDS) {
    const record = ownValue(node, keyword);
    if (!isPlainObject(record)) continue;
    const parts: Record<string, unknown> = {};
    for (const name of Object.keys(record)) setOwn(parts, name, map(record[name], name));
    copy[keyword] = parts;
  }
  return copy;
}
